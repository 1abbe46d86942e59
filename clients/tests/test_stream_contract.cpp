// The reproducible-ordering contract on every backend and element type:
// element i depends only on (seed, i), so splitting a request, shifting it
// with set_offset, misaligning the output or changing backend changes nothing.
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/backend_buffers.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::generate_vector;

// Reference: one call from offset 0.
template <class T>
std::vector<T> whole(backend b, rocdist_generator g, unsigned long long seed, size_t n)
{
    EXPECT_EQ(rocdist_set_seed(g, seed), ROCDIST_STATUS_SUCCESS);
    return generate_vector<T>(b, g, n);
}

class stream_contract : public rocdist_test::backend_test
{
protected:
    template <class T>
    void expect_chunk_invariance()
    {
        const size_t         n         = 100003;
        const std::vector<T> reference = whole<T>(GetParam(), gen_, 42, n);
        std::mt19937_64      rng(7 + sizeof(T));
        for(int trial = 0; trial < 8; ++trial)
        {
            ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
            std::vector<T> pieces;
            while(pieces.size() < n)
            {
                const size_t piece    = std::min<size_t>(n - pieces.size(), 1 + rng() % (trial < 4 ? 13 : 40000));
                const size_t misalign = rng() % 4;
                const auto   part     = generate_vector<T>(GetParam(), gen_, piece, misalign);
                pieces.insert(pieces.end(), part.begin(), part.end());
            }
            ASSERT_EQ(pieces, reference) << "trial " << trial;
        }
    }

    template <class T>
    void expect_offset_is_a_shift()
    {
        const size_t         n         = 5000;
        const std::vector<T> reference = whole<T>(GetParam(), gen_, 99, 2 * n);
        for(unsigned long long k : {0ull, 1ull, 2ull, 3ull, 5ull, 1023ull, 4097ull})
        {
            SCOPED_TRACE(::testing::Message() << "offset " << k);
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> shifted = generate_vector<T>(GetParam(), gen_, n, k % 3);
            ASSERT_EQ(shifted, std::vector<T>(reference.begin() + k, reference.begin() + k + n));
        }
    }
};

TEST_P(stream_contract, split_calls_equal_one_call_words)   { expect_chunk_invariance<unsigned int>(); }
TEST_P(stream_contract, split_calls_equal_one_call_floats)  { expect_chunk_invariance<float>(); }
TEST_P(stream_contract, split_calls_equal_one_call_doubles) { expect_chunk_invariance<double>(); }

TEST_P(stream_contract, offset_is_a_shift_words)   { expect_offset_is_a_shift<unsigned int>(); }
TEST_P(stream_contract, offset_is_a_shift_floats)  { expect_offset_is_a_shift<float>(); }
TEST_P(stream_contract, offset_is_a_shift_doubles) { expect_offset_is_a_shift<double>(); }

TEST_P(stream_contract, set_seed_restarts_the_stream)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
    const auto first = generate_vector<float>(GetParam(), gen_, 777);
    ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(generate_vector<float>(GetParam(), gen_, 777), first);
    ASSERT_EQ(rocdist_set_seed(gen_, 6), ROCDIST_STATUS_SUCCESS);
    const auto other = generate_vector<float>(GetParam(), gen_, 777);
    size_t equal = 0;
    for(size_t i = 0; i < other.size(); ++i)
        equal += other[i] == first[i];
    EXPECT_LT(equal, 3u) << "seeds 5 and 6 should give unrelated streams";
}

TEST_P(stream_contract, uniforms_lie_in_their_documented_ranges)
{
    for(float u : generate_vector<float>(GetParam(), gen_, 1 << 20))
        ASSERT_TRUE(u > 0.0f && u <= 1.0f) << u;
    for(double u : generate_vector<double>(GetParam(), gen_, 1 << 20))
        ASSERT_TRUE(u > 0.0 && u < 1.0) << u;
}

// For raw words and uniforms the fast ordering is the reproducible layout.
TEST_P(stream_contract, fast_ordering_gives_the_same_uniforms)
{
    const auto reproducible = whole<float>(GetParam(), gen_, 3, 4099);
    ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen_, 3), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(generate_vector<float>(GetParam(), gen_, 4099), reproducible);
}

// The end of the 64-bit stream is reachable exactly.
TEST_P(stream_contract, last_elements_of_the_stream)
{
    const unsigned long long last = ~0ull;
    ASSERT_EQ(rocdist_set_offset(gen_, last - 9), ROCDIST_STATUS_SUCCESS);
    const auto tail = generate_vector<unsigned int>(GetParam(), gen_, 10);
    ASSERT_EQ(rocdist_set_offset(gen_, last - 3), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(generate_vector<unsigned int>(GetParam(), gen_, 4), std::vector<unsigned int>(tail.begin() + 6, tail.end()));
}

ROCDIST_INSTANTIATE_BACKENDS(stream_contract);

// Host and GPU generators agree bit for bit (uniforms are exact on both).
TEST(host_gpu_agreement, words_floats_and_doubles_are_identical)
{
    rocdist_generator gpu = nullptr, host = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(rocdist_generator g : {gpu, host})
    {
        ASSERT_EQ(rocdist_set_seed(g, 1234567), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(g, 77), ROCDIST_STATUS_SUCCESS);
    }
    const size_t n = (1 << 22) + 3;
    EXPECT_EQ(generate_vector<unsigned int>(backend::gpu, gpu, n), generate_vector<unsigned int>(backend::host, host, n));
    EXPECT_EQ(generate_vector<float>(backend::gpu, gpu, n), generate_vector<float>(backend::host, host, n));
    EXPECT_EQ(generate_vector<double>(backend::gpu, gpu, n), generate_vector<double>(backend::host, host, n));
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
}

} // namespace
