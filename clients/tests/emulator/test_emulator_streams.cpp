// Streams of the emulated device. Deferred execution (queued work runs only
// when a host call waits for it) makes every ordering question here
// deterministic: work a call does not wait for has not run. Each test sets
// its buffers up, waits, and only then defers.
#include <vector>

#include "emulator_test_support.hpp"

namespace
{

using emulator_test::deferred_execution;
using emulator_test::device_vector;

__global__ void store_kernel(unsigned* to, unsigned value)
{
    if(blockIdx.x == 0 && threadIdx.x == 0)
        *to = value;
}

__global__ void copy_kernel(const unsigned* from, unsigned* to)
{
    if(blockIdx.x == 0 && threadIdx.x == 0)
        *to = *from;
}

struct stream
{
    explicit stream(unsigned flags) { EXPECT_EQ(hipStreamCreateWithFlags(&s, flags), hipSuccess); }
    ~stream() { EXPECT_EQ(hipStreamDestroy(s), hipSuccess); }
    stream(const stream&)            = delete;
    stream& operator=(const stream&) = delete;
    hipStream_t s                    = nullptr;
};

// Work on one stream runs in the order it was queued.
TEST(emulator_streams, one_stream_runs_in_order)
{
    device_vector<unsigned> x(1), y(1);
    stream                  s(hipStreamNonBlocking);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    const deferred_execution deferred;
    ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, s.s, x.data(), 7u), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(copy_kernel, 1, 32, 0, s.s, x.data(), y.data()), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, s.s, x.data(), 9u), hipSuccess);
    unsigned got = 0;
    ASSERT_EQ(hipMemcpyAsync(&got, y.data(), sizeof got, hipMemcpyDeviceToHost, s.s), hipSuccess);
    EXPECT_EQ(got, 0u) << "an asynchronous copy into pageable memory ran before the host waited";
    ASSERT_EQ(hipStreamSynchronize(s.s), hipSuccess);
    EXPECT_EQ(got, 7u);
}

// The legacy default stream: a blocking stream's work waits for the null
// stream's earlier work, and the null stream's for the blocking stream's.
// A non-blocking stream is ordered with neither.
TEST(emulator_streams, legacy_default_stream_orders_blocking_streams_only)
{
    device_vector<unsigned> x(1), y(1);
    const auto              reset = [&] {
        ASSERT_EQ(hipMemset(x.data(), 0, sizeof(unsigned)), hipSuccess);
        ASSERT_EQ(hipMemset(y.data(), 0, sizeof(unsigned)), hipSuccess);
        ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    };
    const deferred_execution deferred;
    for(unsigned flags : {hipStreamDefault, hipStreamNonBlocking})
    {
        SCOPED_TRACE(flags == hipStreamDefault ? "blocking stream" : "non-blocking stream");
        stream s(flags);
        reset();
        ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, nullptr, x.data(), 5u), hipSuccess);
        ASSERT_EQ(ROCDIST_LAUNCH(copy_kernel, 1, 32, 0, s.s, x.data(), y.data()), hipSuccess);
        ASSERT_EQ(hipStreamSynchronize(s.s), hipSuccess);
        unsigned got = 0;
        ASSERT_EQ(hipMemcpy(&got, y.data(), sizeof got, hipMemcpyDeviceToHost), hipSuccess);
        EXPECT_EQ(got, flags == hipStreamDefault ? 5u : 0u);
        reset();

        // The other way round: the null stream's copy waits for a blocking
        // stream's earlier store, not for a non-blocking stream's.
        ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, s.s, y.data(), 6u), hipSuccess);
        got = 0;
        ASSERT_EQ(hipMemcpy(&got, y.data(), sizeof got, hipMemcpyDeviceToHost), hipSuccess);
        EXPECT_EQ(got, flags == hipStreamDefault ? 6u : 0u) << "hipMemcpy is ordered with the null stream only";
        ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    }
}

// hipMemcpy from pageable memory to the device returns once the source is
// staged; the copy itself is ordered with the null stream only, so a kernel
// on a non-blocking stream may run before it (the pattern behind the alias
// table's zeroed summary).
TEST(emulator_streams, staged_copy_is_not_ordered_with_a_non_blocking_stream)
{
    device_vector<unsigned> x(1), y(1);
    stream                  s(hipStreamNonBlocking);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    const deferred_execution deferred;
    const unsigned           one = 1;
    ASSERT_EQ(hipMemcpy(x.data(), &one, sizeof one, hipMemcpyHostToDevice), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(copy_kernel, 1, 32, 0, s.s, x.data(), y.data()), hipSuccess);
    ASSERT_EQ(hipStreamSynchronize(s.s), hipSuccess);
    unsigned got = 1;
    ASSERT_EQ(hipMemcpyAsync(&got, y.data(), sizeof got, hipMemcpyDeviceToHost, s.s), hipSuccess);
    ASSERT_EQ(hipStreamSynchronize(s.s), hipSuccess);
    EXPECT_EQ(got, 0u) << "the kernel saw a copy it was not ordered after";
}

// A query of a busy stream answers "not ready", which is also recorded as
// the thread's last error (CUDA's rule); polling until idle terminates.
TEST(emulator_streams, query_not_ready_is_the_last_error)
{
    device_vector<unsigned> x(1);
    stream                  s(hipStreamNonBlocking);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    const deferred_execution deferred;
    ASSERT_EQ(hipGetLastError(), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, s.s, x.data(), 3u), hipSuccess);
    EXPECT_EQ(hipStreamQuery(s.s), hipErrorNotReady);
    EXPECT_EQ(hipPeekAtLastError(), hipErrorNotReady);
    EXPECT_EQ(hipGetLastError(), hipErrorNotReady);
    EXPECT_EQ(hipGetLastError(), hipSuccess);
    while(hipStreamQuery(s.s) == hipErrorNotReady)
    {
    }
    EXPECT_EQ(x.read()[0], 3u);
}

// A destroyed stream's queued work still runs; its handle is refused.
TEST(emulator_streams, destroyed_stream_finishes_its_work)
{
    device_vector<unsigned> x(1);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    const deferred_execution deferred;
    hipStream_t              s = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(store_kernel, 1, 32, 0, s, x.data(), 4u), hipSuccess);
    ASSERT_EQ(hipStreamDestroy(s), hipSuccess);
    EXPECT_EQ(hipStreamQuery(s), hipErrorInvalidHandle);
    EXPECT_EQ(hipStreamSynchronize(s), hipErrorInvalidHandle);
    hipDevice_t device = -1;
    EXPECT_EQ(hipStreamGetDevice(s, &device), hipErrorInvalidHandle);
    EXPECT_EQ(x.read()[0], 4u) << "hipDeviceSynchronize waits for destroyed streams' work too";
}

TEST(emulator_streams, streams_belong_to_the_device_current_at_creation)
{
    hipStream_t s = nullptr;
    ASSERT_EQ(hipSetDevice(1), hipSuccess);
    ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
    ASSERT_EQ(hipSetDevice(0), hipSuccess);
    hipDevice_t device = -1;
    ASSERT_EQ(hipStreamGetDevice(s, &device), hipSuccess);
    EXPECT_EQ(device, 1);
    ASSERT_EQ(hipStreamGetDevice(nullptr, &device), hipSuccess);
    EXPECT_EQ(device, 0) << "NULL is the current device's default stream";
    unsigned flags = 9;
    ASSERT_EQ(hipStreamGetFlags(s, &flags), hipSuccess);
    EXPECT_EQ(flags, hipStreamDefault);
    EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
}

} // namespace
