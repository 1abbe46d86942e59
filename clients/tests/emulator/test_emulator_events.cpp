// Events on the emulated device: the time between two records is that of
// the work queued between them; a record is complete only once its stream
// has reached it; and every misuse gets CUDA's answer.
#include <chrono>
#include <thread>

#include "emulator_test_support.hpp"

namespace
{

using emulator_test::deferred_execution;

// Lane 0 of block 0 sleeps: the kernel takes at least `ms` milliseconds.
__global__ void sleeping_kernel(int ms)
{
    if(blockIdx.x == 0 && threadIdx.x == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

class emulator_events : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(hipEventCreate(&start), hipSuccess);
        ASSERT_EQ(hipEventCreate(&stop), hipSuccess);
    }
    void TearDown() override
    {
        EXPECT_EQ(hipEventDestroy(start), hipSuccess);
        EXPECT_EQ(hipEventDestroy(stop), hipSuccess);
    }
    hipEvent_t start = nullptr, stop = nullptr;
};

TEST_F(emulator_events, elapsed_time_covers_the_work_between_records)
{
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreate(&stream), hipSuccess);
    ASSERT_EQ(hipEventRecord(start, stream), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(sleeping_kernel, 2, 64, 0, stream, 30), hipSuccess);
    ASSERT_EQ(hipEventRecord(stop, stream), hipSuccess);
    ASSERT_EQ(hipEventSynchronize(stop), hipSuccess);
    float ms = 0;
    ASSERT_EQ(hipEventElapsedTime(&ms, start, stop), hipSuccess);
    EXPECT_GE(ms, 29.5f);
    EXPECT_EQ(hipEventQuery(stop), hipSuccess);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
}

TEST_F(emulator_events, a_record_is_complete_only_once_its_stream_reaches_it)
{
    deferred_execution deferred;
    ASSERT_EQ(hipEventRecord(start, nullptr), hipSuccess);
    ASSERT_EQ(ROCDIST_LAUNCH(sleeping_kernel, 1, 32, 0, nullptr, 1), hipSuccess);
    ASSERT_EQ(hipEventRecord(stop, nullptr), hipSuccess);
    EXPECT_EQ(hipEventQuery(stop), hipErrorNotReady);
    EXPECT_EQ(hipGetLastError(), hipErrorNotReady);
    float ms = -1;
    EXPECT_EQ(hipEventElapsedTime(&ms, start, stop), hipErrorNotReady);
    EXPECT_EQ(ms, -1.0f);
    ASSERT_EQ(hipEventSynchronize(stop), hipSuccess);
    EXPECT_EQ(hipEventQuery(stop), hipSuccess);
    EXPECT_EQ(hipEventElapsedTime(&ms, start, stop), hipSuccess);
    EXPECT_GE(ms, 0.9f);
    // Recorded again: not complete until the stream gets there once more.
    ASSERT_EQ(hipEventRecord(stop, nullptr), hipSuccess);
    EXPECT_EQ(hipEventQuery(stop), hipErrorNotReady);
    ASSERT_EQ(hipEventSynchronize(stop), hipSuccess);
    (void)hipGetLastError();
}

TEST_F(emulator_events, misuse_gets_cudas_answers)
{
    float ms = 0;
    EXPECT_EQ(hipEventCreateWithFlags(nullptr, hipEventDefault), hipErrorInvalidValue);
    hipEvent_t other = nullptr;
    EXPECT_EQ(hipEventCreateWithFlags(&other, 0x80u), hipErrorInvalidValue);
    EXPECT_EQ(hipEventElapsedTime(nullptr, start, stop), hipErrorInvalidValue);
    // Never recorded.
    EXPECT_EQ(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);
    EXPECT_EQ(hipEventSynchronize(start), hipSuccess);
    EXPECT_EQ(hipEventQuery(start), hipSuccess);
    // Timing disabled.
    ASSERT_EQ(hipEventCreateWithFlags(&other, hipEventDisableTiming), hipSuccess);
    ASSERT_EQ(hipEventRecord(start, nullptr), hipSuccess);
    ASSERT_EQ(hipEventRecord(other, nullptr), hipSuccess);
    ASSERT_EQ(hipEventSynchronize(other), hipSuccess);
    EXPECT_EQ(hipEventElapsedTime(&ms, start, other), hipErrorInvalidHandle);
    // Unknown and destroyed handles, unknown streams.
    EXPECT_EQ(hipEventDestroy(other), hipSuccess);
    EXPECT_EQ(hipEventDestroy(other), hipErrorInvalidHandle);
    EXPECT_EQ(hipEventRecord(other, nullptr), hipErrorInvalidHandle);
    EXPECT_EQ(hipEventQuery(other), hipErrorInvalidHandle);
    EXPECT_EQ(hipEventSynchronize(other), hipErrorInvalidHandle);
    EXPECT_EQ(hipEventElapsedTime(&ms, start, other), hipErrorInvalidHandle);
    hipStream_t gone = nullptr;
    ASSERT_EQ(hipStreamCreate(&gone), hipSuccess);
    ASSERT_EQ(hipStreamDestroy(gone), hipSuccess);
    EXPECT_EQ(hipEventRecord(start, gone), hipErrorInvalidHandle);
    (void)hipGetLastError();
}

} // namespace
