// A GPU generator and the streams and errors around it: what the caller's
// runtime state may be when rocdist is called, and what rocdist may not
// assume about the order of work on the caller's streams. Skipped with the
// reason where no GPU generator can be made.
#include <cstdint>
#include <vector>

#include "support/categorical_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::call_named;
using rocdist_test::host_reference;

class gpu_streams : public rocdist_test::gpu_generator_test
{
};

#if ROCDIST_HAS_GPU_BACKEND

// A launch is judged by its own result: an error the caller left as the
// runtime's last error is not the launch's.
TEST_F(gpu_streams, an_error_the_caller_left_does_not_fail_a_generate)
{
    const auto& uniform = call_named("uniform");
    ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
    void* huge = nullptr;
    ASSERT_NE(hipMalloc(&huge, ~size_t(0) / 2), hipSuccess);
    EXPECT_TRUE(uniform.run(backend::gpu, gen_, 1000) == host_reference(uniform, 31, 0, 1000));
}

// A stream with work still queued is a stream like any other: setting it
// succeeds, and so does the generate call after it (a stream query there
// left "not ready" as the last error, and the launch read it as its own).
TEST_F(gpu_streams, a_busy_stream_is_set_and_used)
{
    const auto& words = call_named("words");
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(rocdist_set_seed(gen_, 32), ROCDIST_STATUS_SUCCESS);
    {
        rocdist_test::backend_buffer<unsigned int> out(backend::gpu, 5000);
        const rocdist_test::held_back_work busy(stream);
        EXPECT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_generate(gen_, out.data(), 5000), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
        const std::vector<unsigned int>  got      = out.outputs();
        const std::vector<unsigned char> expected = host_reference(words, 32, 0, 5000);
        ASSERT_EQ(got.size() * sizeof(unsigned int), expected.size());
        EXPECT_EQ(std::memcmp(got.data(), expected.data(), expected.size()), 0);
    }
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
}

// What can be checked of a stream without touching its work is its device:
// another device's stream is refused, and the generator keeps its own.
TEST_F(gpu_streams, a_stream_of_another_device_is_refused)
{
    int count = 0;
    if(hipGetDeviceCount(&count) != hipSuccess || count < 2)
        GTEST_SKIP() << "needs two GPUs; this machine has " << count;
    int home = -1;
    ASSERT_EQ(hipGetDevice(&home), hipSuccess);
    hipStream_t foreign = nullptr;
    ASSERT_EQ(hipSetDevice(home == 0 ? 1 : 0), hipSuccess);
    ASSERT_EQ(hipStreamCreateWithFlags(&foreign, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(hipSetDevice(home), hipSuccess);
    int owner = -1;
    if(rocdist::gpu::stream_device(foreign, owner) == rocdist::gpu::stream_query::not_available)
        GTEST_SKIP() << "this GPU runtime cannot tell a stream's device (HIP before ROCm 6, CUDA before 12.8)";
    ASSERT_EQ(rocdist_set_seed(gen_, 33), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_stream(gen_, foreign), ROCDIST_STATUS_INVALID_VALUE);
    const auto& uniform = call_named("uniform");
    EXPECT_TRUE(uniform.run(backend::gpu, gen_, 333) == host_reference(uniform, 33, 0, 333));
    EXPECT_EQ(hipStreamDestroy(foreign), hipSuccess);
}

// Table construction on a non-blocking stream: everything it reads is
// written on that stream (its weight summary was zeroed by a hipMemcpy,
// which is ordered with the null stream only).
TEST_F(gpu_streams, table_built_on_a_non_blocking_stream)
{
    const std::vector<float>        w        = {0.5f, 0, 2, 1e-3f, 7, 0.25f, 3};
    const std::vector<unsigned int> expected = rocdist_test::host_categories(w, 4099);

    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_SUCCESS);
    rocdist_test::backend_weights<float> weights(backend::gpu, w);
    rocdist_categorical                  table = nullptr;
    {
        const rocdist_test::held_back_work busy(stream);
        ASSERT_EQ(rocdist_create_categorical(gen_, weights.data(), w.size(), &table), ROCDIST_STATUS_SUCCESS);
    }
    rocdist_test::backend_buffer<unsigned int> out(backend::gpu, 4099);
    EXPECT_EQ(rocdist_generate_categorical(gen_, table, out.data(), 4099), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
    EXPECT_EQ(out.outputs(), expected);

    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
}

#else

TEST_F(gpu_streams, need_a_gpu_backend)
{
    GTEST_SKIP() << "this build has no GPU backend";
}

#endif

} // namespace
