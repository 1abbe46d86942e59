// What the GPU tests share: a generator, the test skipped with the reason
// where it is a GPU one and none can be made (also for the tests that run
// on both backends), the host generator's output as the reference, and
// work held back on a stream. On the emulated platform deferred
// execution holds it back for certain; on a GPU a long fill does, in
// practice.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "generate_calls.hpp"

#if ROCDIST_GPU_EMULATED
#include "rocdist_emulator.h"
#endif

// Makes *g a generator of backend b (create_generator), or, where b is the
// GPU and this machine has none, skips the test with the reason (.ci/run
// looks for "GPU generator unavailable" in the emulated build's test log);
// any other failure fails the test. A macro: GTEST_SKIP and ASSERT_EQ
// return from the function they are in, a test body or a fixture's SetUp.
#define ROCDIST_CREATE_GENERATOR_OR_SKIP(b, g)                                                         \
    do                                                                                                 \
    {                                                                                                  \
        const rocdist_status create_status = ::rocdist_test::create_generator((b), (g));               \
        if((b) == ::rocdist_test::backend::gpu && create_status == ROCDIST_STATUS_NO_DEVICE)           \
            GTEST_SKIP() << "GPU generator unavailable: " << rocdist_get_status_string(create_status); \
        ASSERT_EQ(create_status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(create_status);  \
    } while(false)

namespace rocdist_test
{

class gpu_generator_test : public ::testing::Test
{
protected:
    void SetUp() override { ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gen_); }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }

    rocdist_generator gen_ = nullptr;
};

// What a host generator at (seed, offset) gives for the call: what the GPU
// generator must give where the stream contract makes them bit-identical.
inline std::vector<unsigned char> host_reference(const generate_call& call, unsigned long long seed,
                                                 unsigned long long offset, size_t n)
{
    rocdist_generator g = nullptr;
    EXPECT_EQ(rocdist_create_generator_host(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_seed(g, seed), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_offset(g, offset), ROCDIST_STATUS_SUCCESS);
    std::vector<unsigned char> out = call.run(backend::host, g, n);
    EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    return out;
}

inline const generate_call& call_named(const std::string& name)
{
    for(const auto& c : all_generate_calls())
        if(c.name == name)
            return c;
    throw std::logic_error("no generate call named " + name);
}

#if ROCDIST_HAS_GPU_BACKEND
// Keeps work queued on `stream` (and, on the emulated platform, everywhere)
// until the object is destroyed or a host call waits for it.
class held_back_work
{
public:
    explicit held_back_work(hipStream_t stream)
    {
#if ROCDIST_GPU_EMULATED
        rocdist_emulator_set_deferred(1);
        constexpr size_t bytes = 4096;
#else
        constexpr size_t bytes = size_t(1) << 28; // about 0.1 ms even at 3 TB/s
#endif
        EXPECT_EQ(hipMalloc(&scratch_, bytes), hipSuccess);
        EXPECT_EQ(hipMemsetAsync(scratch_, 1, bytes, stream), hipSuccess);
    }
    ~held_back_work()
    {
#if ROCDIST_GPU_EMULATED
        rocdist_emulator_set_deferred(0);
#endif
        free_after_device_work(scratch_);
    }
    held_back_work(const held_back_work&)            = delete;
    held_back_work& operator=(const held_back_work&) = delete;

private:
    void* scratch_ = nullptr;
};
#endif

} // namespace rocdist_test
