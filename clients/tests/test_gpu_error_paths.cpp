// GPU error paths (docs/reliability.md): device memory exhausted, a stream
// the runtime refuses, work ordered on a user stream, another device
// current. Each test skips with its reason where no GPU (or no second GPU)
// is present. They fill device memory, so CTest runs them alone (RUN_SERIAL).
#include <cstring>
#include <memory>
#include <vector>

#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::call_named;
using rocdist_test::generate_call;
using rocdist_test::host_reference;

#if ROCDIST_HAS_GPU_BACKEND

int device_count()
{
    int count = 0;
    if(hipGetDeviceCount(&count) != hipSuccess)
    {
        (void)hipGetLastError();
        return 0;
    }
    return count;
}

// The calls whose GPU output is bit-identical to the host's: words,
// uniforms, counts and exponentials (the normal transforms agree to a
// documented tolerance only, docs/normal.md).
std::vector<const generate_call*> exact_calls()
{
    return {&call_named("words"),   &call_named("uniform"),  &call_named("uniform_double"),
            &call_named("poisson"), &call_named("binomial"), &call_named("exponential")};
}

// Device memory held in chunks until the runtime refuses more.
class device_memory_filler
{
public:
    device_memory_filler()
    {
        for(size_t chunk = size_t(1) << 30; chunk >= (size_t(1) << 20);)
        {
            void* p = nullptr;
            if(hipMalloc(&p, chunk) == hipSuccess)
                chunks_.push_back(p);
            else
            {
                (void)hipGetLastError();
                chunk /= 2;
            }
        }
    }
    ~device_memory_filler()
    {
        for(void* p : chunks_)
            (void)hipFree(p);
    }
    device_memory_filler(const device_memory_filler&) = delete;
    device_memory_filler& operator=(const device_memory_filler&) = delete;

private:
    std::vector<void*> chunks_;
};

#endif

class gpu_errors : public rocdist_test::gpu_generator_test
{
};

// With device memory exhausted every entry point either succeeds (the
// generate calls allocate no device memory) or answers ALLOCATION_FAILED
// having written nothing and kept its position; once memory is back the
// generator carries on from the right element.
TEST_F(gpu_errors, exhausted_device_memory_fails_cleanly_and_the_generator_stays_usable)
{
#if ROCDIST_HAS_GPU_BACKEND
    constexpr size_t n = (size_t(1) << 20) + 3;
    for(const generate_call* call : exact_calls())
    {
        SCOPED_TRACE(call->name);
        ASSERT_EQ(rocdist_set_seed(gen_, 404), ROCDIST_STATUS_SUCCESS);
        rocdist_test::backend_buffer<double> buffer(backend::gpu, n); // room for any element type
        auto filler = std::make_unique<device_memory_filler>();
        const rocdist_status status = call->call(gen_, buffer.data(), n);
        ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
        filler.reset(); // reading the buffer back may need device memory
        ASSERT_TRUE(status == ROCDIST_STATUS_SUCCESS || status == ROCDIST_STATUS_ALLOCATION_FAILED)
            << rocdist_get_status_string(status);
        if(status != ROCDIST_STATUS_SUCCESS)
            EXPECT_TRUE(buffer.untouched()) << "a failed call wrote to its output";
        const unsigned long long position = status == ROCDIST_STATUS_SUCCESS ? n : 0;
        EXPECT_TRUE(call->run(backend::gpu, gen_, 1001) == host_reference(*call, 404, position, 1001))
            << "after running out of memory the generator is not where it should be";
    }
#else
    GTEST_SKIP() << "this build has no GPU backend";
#endif
}

// A stream the runtime refuses is refused when it is set, and the generator
// keeps the stream it had. A destroyed stream is one only the emulated
// platform refuses safely: on CUDA asking about it is undefined behaviour,
// which rocdist.h leaves to the caller.
TEST_F(gpu_errors, bad_stream_is_reported)
{
#if ROCDIST_GPU_EMULATED
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(hipStreamDestroy(stream), hipSuccess);
    ASSERT_EQ(rocdist_set_seed(gen_, 9), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_INVALID_VALUE);
    const generate_call& uniform = call_named("uniform");
    EXPECT_TRUE(uniform.run(backend::gpu, gen_, 333) == host_reference(uniform, 9, 0, 333));
#else
    GTEST_SKIP() << "a destroyed stream can be asked about safely on the emulated GPU platform only";
#endif
}

// Work on a user stream is ordered with that stream: a non-blocking stream
// (no implicit order with the default stream) first clears the output, then
// rocdist generates on it, then the stream copies the output back; the copy
// sees every element generated, for every entry point.
TEST_F(gpu_errors, results_on_a_user_stream_are_ordered_with_that_stream)
{
#if ROCDIST_HAS_GPU_BACKEND
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_SUCCESS);
    constexpr size_t n       = (size_t(1) << 22) + 1;
    constexpr size_t delay   = size_t(1) << 28; // a long memset first, so that misordering shows
    void*            scratch = nullptr;
    ASSERT_EQ(hipMalloc(&scratch, delay), hipSuccess);
    for(const generate_call* call : exact_calls())
    {
        SCOPED_TRACE(call->name);
        ASSERT_EQ(rocdist_set_seed(gen_, 5150), ROCDIST_STATUS_SUCCESS);
        const size_t bytes = n * call->element_size;
        void*        out   = nullptr;
        ASSERT_EQ(hipMalloc(&out, bytes), hipSuccess);
        std::vector<unsigned char> got(bytes);
        ASSERT_EQ(hipMemsetAsync(scratch, 1, delay, stream), hipSuccess);
        ASSERT_EQ(hipMemsetAsync(out, 0, bytes, stream), hipSuccess);
        EXPECT_EQ(call->call(gen_, out, n), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(hipMemcpyAsync(got.data(), out, bytes, hipMemcpyDeviceToHost, stream), hipSuccess);
        ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
        EXPECT_TRUE(got == host_reference(*call, 5150, 0, n));
        ASSERT_EQ(hipFree(out), hipSuccess);
    }
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipFree(scratch), hipSuccess);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
#else
    GTEST_SKIP() << "this build has no GPU backend";
#endif
}

// A generator belongs to the device current at its creation. Called with
// another device current it runs on its own device, leaves the caller's
// device current, and refuses the other device's memory as WRONG_MEMORY.
TEST_F(gpu_errors, another_device_current)
{
#if ROCDIST_HAS_GPU_BACKEND
    if(device_count() < 2)
        GTEST_SKIP() << "needs two GPUs; this machine has " << device_count();
    int home = -1;
    ASSERT_EQ(hipGetDevice(&home), hipSuccess);
    const int other = home == 0 ? 1 : 0;
    ASSERT_EQ(rocdist_set_seed(gen_, 86), ROCDIST_STATUS_SUCCESS);

    rocdist_test::backend_buffer<unsigned int> own(backend::gpu, 4097); // on the home device
    ASSERT_EQ(hipSetDevice(other), hipSuccess);
    rocdist_test::backend_buffer<unsigned int> foreign(backend::gpu, 4097);
    EXPECT_EQ(rocdist_generate(gen_, foreign.data(), 4097), ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_TRUE(foreign.untouched());
    EXPECT_EQ(rocdist_generate(gen_, own.data(), 4097), ROCDIST_STATUS_SUCCESS);
    int current = -1;
    EXPECT_EQ(hipGetDevice(&current), hipSuccess);
    EXPECT_EQ(current, other) << "the call did not give the caller's device back";
    ASSERT_EQ(hipSetDevice(home), hipSuccess); // read back in order with the home device's work
    const std::vector<unsigned int>  got      = own.outputs();
    const std::vector<unsigned char> expected = host_reference(call_named("words"), 86, 0, 4097);
    ASSERT_EQ(got.size() * sizeof(unsigned int), expected.size());
    EXPECT_EQ(std::memcmp(got.data(), expected.data(), expected.size()), 0);
#else
    GTEST_SKIP() << "this build has no GPU backend";
#endif
}

} // namespace
