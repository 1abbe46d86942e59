// Every bad argument gets its exact status, writes nothing and leaves the
// generator where it was.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/rocdist_version.h"
#include "support/backend_buffers.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::generate_vector;

const rocdist_status all_statuses[] = {
    ROCDIST_STATUS_SUCCESS,         ROCDIST_STATUS_INVALID_HANDLE, ROCDIST_STATUS_INVALID_POINTER,
    ROCDIST_STATUS_INVALID_VALUE,   ROCDIST_STATUS_TYPE_ERROR,     ROCDIST_STATUS_NO_DEVICE,
    ROCDIST_STATUS_WRONG_MEMORY,    ROCDIST_STATUS_OUT_OF_RANGE,   ROCDIST_STATUS_ALLOCATION_FAILED,
    ROCDIST_STATUS_LAUNCH_FAILURE,  ROCDIST_STATUS_INTERNAL_ERROR};

// Every call that takes a generator, on one handle.
void expect_every_call_refuses(rocdist_generator g)
{
    unsigned int word = 0;
    float        f    = 0;
    double       d    = 0;
    EXPECT_EQ(rocdist_set_seed(g, 1), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_set_offset(g, 1), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_set_stream(g, nullptr), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_set_ordering(g, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate(g, &word, 1), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_uniform(g, &f, 1), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_uniform_double(g, &d, 1), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_set_normal_method(g, ROCDIST_NORMAL_POLAR), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_normal(g, &f, 1, 0.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_normal_double(g, &d, 1, 0.0, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_log_normal(g, &f, 1, 0.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_log_normal_double(g, &d, 1, 0.0, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(word, 0u);
    EXPECT_EQ(f, 0.0f);
    EXPECT_EQ(d, 0.0);
}

TEST(bad_handles, null_handle)
{
    expect_every_call_refuses(nullptr);
}

TEST(bad_handles, destroyed_handle)
{
    rocdist_generator g = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    expect_every_call_refuses(g);
}

TEST(bad_handles, stale_handle_does_not_reach_a_newer_generator)
{
    rocdist_generator old = nullptr, fresh = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&old, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(old), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_create_generator_host(&fresh, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_NE(old, fresh);
    expect_every_call_refuses(old);
    EXPECT_EQ(rocdist_destroy_generator(fresh), ROCDIST_STATUS_SUCCESS);
}

TEST(bad_handles, invented_handle)
{
    expect_every_call_refuses(reinterpret_cast<rocdist_generator>(static_cast<std::uintptr_t>(0xdead0)));
}

TEST(create, null_output_handle)
{
    EXPECT_EQ(rocdist_create_generator_host(nullptr, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_create_generator(nullptr, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_INVALID_POINTER);
}

TEST(create, unknown_engine_leaves_the_handle_alone)
{
    rocdist_generator g = nullptr;
    EXPECT_EQ(rocdist_create_generator_host(&g, static_cast<rocdist_rng_type>(7)), ROCDIST_STATUS_TYPE_ERROR);
    EXPECT_EQ(g, nullptr);
    EXPECT_EQ(rocdist_create_generator(&g, static_cast<rocdist_rng_type>(-1)), ROCDIST_STATUS_TYPE_ERROR);
    EXPECT_EQ(g, nullptr);
}

// Exactly NO_DEVICE when the build has no GPU backend or the runtime sees no
// device; SUCCESS otherwise.
TEST(create, gpu_generator_reports_a_missing_device)
{
    rocdist_generator    g      = nullptr;
    const rocdist_status status = rocdist_create_generator(&g, ROCDIST_RNG_PHILOX4X32_10);
#if ROCDIST_HAS_GPU_BACKEND
    int count = 0;
    const bool has_device = hipGetDeviceCount(&count) == hipSuccess && count > 0;
#else
    const bool has_device = false;
#endif
    if(has_device)
    {
        EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    }
    else
    {
        EXPECT_EQ(status, ROCDIST_STATUS_NO_DEVICE);
        EXPECT_EQ(g, nullptr);
    }
}

TEST(status_strings, every_status_has_its_own_sentence)
{
    std::set<std::string> seen;
    for(rocdist_status s : all_statuses)
    {
        const std::string text = rocdist_get_status_string(s);
        EXPECT_GT(text.size(), 5u) << s;
        EXPECT_EQ(text.back(), '.') << s;
        EXPECT_TRUE(seen.insert(text).second) << "duplicate sentence for status " << s;
    }
    EXPECT_STREQ(rocdist_get_status_string(static_cast<rocdist_status>(12345)), "Unknown rocdist_status value.");
}

TEST(status_strings, numbers_are_stable)
{
    EXPECT_EQ(ROCDIST_STATUS_SUCCESS, 0);
    EXPECT_EQ(ROCDIST_STATUS_INVALID_HANDLE, 1);
    EXPECT_EQ(ROCDIST_STATUS_INVALID_POINTER, 2);
    EXPECT_EQ(ROCDIST_STATUS_INVALID_VALUE, 3);
    EXPECT_EQ(ROCDIST_STATUS_TYPE_ERROR, 4);
    EXPECT_EQ(ROCDIST_STATUS_NO_DEVICE, 5);
    EXPECT_EQ(ROCDIST_STATUS_WRONG_MEMORY, 6);
    EXPECT_EQ(ROCDIST_STATUS_OUT_OF_RANGE, 7);
    EXPECT_EQ(ROCDIST_STATUS_ALLOCATION_FAILED, 8);
    EXPECT_EQ(ROCDIST_STATUS_LAUNCH_FAILURE, 9);
    EXPECT_EQ(ROCDIST_STATUS_INTERNAL_ERROR, 10);
}

TEST(version, matches_the_header)
{
    int version = -1;
    ASSERT_EQ(rocdist_get_version(&version), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(version, ROCDIST_VERSION_MAJOR * 10000 + ROCDIST_VERSION_MINOR * 100 + ROCDIST_VERSION_PATCH);
    EXPECT_EQ(rocdist_get_version(nullptr), ROCDIST_STATUS_INVALID_POINTER);
}

class bad_arguments : public rocdist_test::backend_test
{
protected:
    // After a refused call the next call continues from where the generator was.
    void expect_position(unsigned long long seed, unsigned long long offset)
    {
        rocdist_generator reference = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&reference, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(reference, seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(reference, offset), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(generate_vector<unsigned int>(GetParam(), gen_, 9),
                  generate_vector<unsigned int>(backend::host, reference, 9));
        EXPECT_EQ(rocdist_destroy_generator(reference), ROCDIST_STATUS_SUCCESS);
    }
};

TEST_P(bad_arguments, null_output_with_elements)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 11), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate(gen_, nullptr, 5), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_uniform(gen_, nullptr, 5), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_uniform_double(gen_, nullptr, 5), ROCDIST_STATUS_INVALID_POINTER);
    expect_position(11, 0);
}

TEST_P(bad_arguments, zero_elements_succeed_and_touch_nothing)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 12), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate(gen_, nullptr, 0), ROCDIST_STATUS_SUCCESS);
    backend_buffer<float> buffer(GetParam(), 4);
    EXPECT_EQ(rocdist_generate_uniform(gen_, buffer.data(), 0), ROCDIST_STATUS_SUCCESS);
    EXPECT_TRUE(buffer.untouched());
    expect_position(12, 0);
}

TEST_P(bad_arguments, output_not_aligned_to_its_type)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 13), ROCDIST_STATUS_SUCCESS);
    backend_buffer<double> buffer(GetParam(), 8);
    auto* bytes = reinterpret_cast<unsigned char*>(buffer.data());
    EXPECT_EQ(rocdist_generate_uniform_double(gen_, reinterpret_cast<double*>(bytes + 4), 3),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_uniform(gen_, reinterpret_cast<float*>(bytes + 1), 3), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_TRUE(buffer.untouched());
    expect_position(13, 0);
}

TEST_P(bad_arguments, request_past_the_end_of_the_stream)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 14), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 9), ROCDIST_STATUS_SUCCESS);
    backend_buffer<unsigned int> buffer(GetParam(), 11);
    EXPECT_EQ(rocdist_generate(gen_, buffer.data(), 11), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_TRUE(buffer.untouched());
    expect_position(14, ~0ull - 9);
}

TEST_P(bad_arguments, unknown_ordering)
{
    EXPECT_EQ(rocdist_set_ordering(gen_, static_cast<rocdist_ordering>(2)), ROCDIST_STATUS_TYPE_ERROR);
    EXPECT_EQ(rocdist_set_ordering(gen_, static_cast<rocdist_ordering>(-1)), ROCDIST_STATUS_TYPE_ERROR);
    EXPECT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_REPRODUCIBLE), ROCDIST_STATUS_SUCCESS);
}

TEST_P(bad_arguments, host_generators_take_no_stream)
{
    if(GetParam() == backend::gpu)
        GTEST_SKIP() << "GPU generators take streams";
    int not_a_stream = 0;
    EXPECT_EQ(rocdist_set_stream(gen_, &not_a_stream), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
}

TEST_P(bad_arguments, host_memory_given_to_a_gpu_generator)
{
    if(GetParam() == backend::host)
        GTEST_SKIP() << "host generators take host memory";
    ASSERT_EQ(rocdist_set_seed(gen_, 15), ROCDIST_STATUS_SUCCESS);
    std::vector<float> host(16, -1.0f);
    EXPECT_EQ(rocdist_generate_uniform(gen_, host.data(), host.size()), ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(host, std::vector<float>(16, -1.0f));
    expect_position(15, 0);
}

ROCDIST_INSTANTIATE_BACKENDS(bad_arguments);

} // namespace
