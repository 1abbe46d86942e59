// The fast ordering of the rejection samplers (polar normals, gamma), on host
// and GPU generators: chunks of backend::compacted_chunk_size outputs, each
// filled from its own candidates in order. What the contract promises, and
// these tests check: a split at a multiple of the chunk size changes
// nothing; the position advances by n as in the reproducible ordering; a
// repeated call repeats; the GPU generator (any warp size) writes what the
// host one writes, within the reproducible ordering's tolerance. Its
// distribution is checked with the reproducible ordering's in
// test_normal_distribution.cpp and test_gamma_distribution.cpp. The
// ziggurat's fast ordering is its reproducible one, value for value, in
// float, double and half.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "backend/compacted_chunks.hpp"
#include "support/gamma_calls.hpp"
#include "support/gpu_test_support.hpp"
#include "support/normal_calls.hpp"

namespace
{

using rocdist_test::backend;

constexpr size_t chunk = rocdist::backend::compacted_chunk_size;

enum class sampler
{
    polar,
    gamma_small_shape,
    gamma
};

const char* name(sampler s)
{
    switch(s)
    {
    case sampler::polar: return "normal_polar";
    case sampler::gamma_small_shape: return "gamma_shape_0_3";
    case sampler::gamma: return "gamma_shape_4_5";
    }
    return "unknown";
}

// n values of the sampler with location-scale parameters (a, b): (mean,
// stddev) for normals; for gamma, the scale b (the shape is the sampler's).
template <class T>
std::vector<T> fast_vector(backend b, rocdist_generator g, sampler s, size_t n, T a = 0, T scale = 1, size_t misalign = 0)
{
    switch(s)
    {
    case sampler::polar: return rocdist_test::normal_vector<T>(b, g, n, a, scale, false, misalign);
    case sampler::gamma_small_shape: return rocdist_test::gamma_vector<T>(b, g, n, T(0.3), scale, misalign);
    case sampler::gamma: return rocdist_test::gamma_vector<T>(b, g, n, T(4.5), scale, misalign);
    }
    return {};
}

using fast_param = std::tuple<backend, sampler>;

class fast_ordering : public ::testing::TestWithParam<fast_param>
{
protected:
    void SetUp() override
    {
        ROCDIST_CREATE_GENERATOR_OR_SKIP(b(), &gen_);
        configure(gen_);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }
    backend b() const { return std::get<0>(GetParam()); }
    sampler s() const { return std::get<1>(GetParam()); }
    bool    is_gamma() const { return s() == sampler::gamma_small_shape || s() == sampler::gamma; }
    void    configure(rocdist_generator g) const
    {
        ASSERT_EQ(rocdist_set_normal_method(g, ROCDIST_NORMAL_POLAR), ROCDIST_STATUS_SUCCESS); // unused by gamma
        ASSERT_EQ(rocdist_set_ordering(g, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    }

    template <class T>
    void expect_chunk_multiples_split_freely()
    {
        const size_t n = 5 * chunk + 77;
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> whole = fast_vector<T>(b(), gen_, s(), n, T(1), T(3));
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        for(size_t piece : {chunk, 3 * chunk, chunk + 77})
        {
            const std::vector<T> part = fast_vector<T>(b(), gen_, s(), piece, T(1), T(3), piece % 3);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, whole);
        // The position moved by n, as the reproducible ordering's does.
        ASSERT_EQ(rocdist_set_offset(gen_, n), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> at_offset = fast_vector<T>(b(), gen_, s(), chunk);
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        (void)fast_vector<T>(b(), gen_, s(), n, T(1), T(3));
        EXPECT_EQ(fast_vector<T>(b(), gen_, s(), chunk), at_offset);
    }

    template <class T>
    void expect_gpu_to_match_host()
    {
        if(b() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        rocdist_generator host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        configure(host);
        const size_t n = 100 * chunk + 1;
        ASSERT_EQ(rocdist_set_seed(host, 12), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(gen_, 12), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(host, 5), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> h = fast_vector<T>(backend::host, host, s(), n);
        const std::vector<T> g = fast_vector<T>(backend::gpu, gen_, s(), n);
        // The normals' tolerance (docs/normal.md); the gamma's grows with
        // |log x| through the boost (docs/gamma.md). A decision within
        // rounding of its boundary may flip where a GPU's libm differs from
        // the host's (gamma's logs) and shift the rest of its chunk, so the values must agree from the start of each chunk up to
        // the first flip, and flips must be rare. Polar decides on a * a +
        // b * b alone, rounded alike everywhere: it may not flip at all.
        const double tolerance = sizeof(T) == sizeof(float) ? 0x1p-20 : 0x1p-46;
        size_t       flipped_chunks = 0;
        for(size_t begin = 0; begin < n; begin += chunk)
        {
            for(size_t i = begin; i < std::min(n, begin + chunk); ++i)
            {
                const double x = h[i], y = g[i];
                const double boost   = is_gamma() ? 4 + std::fabs(std::log(std::max(x, 1e-300))) : 1;
                const double allowed = tolerance * std::max(1.0, std::fabs(x)) * boost;
                if(std::fabs(x - y) > allowed)
                {
                    ++flipped_chunks;
                    break;
                }
            }
        }
        EXPECT_LE(flipped_chunks, s() == sampler::polar ? 0u : 1u) << "chunks whose GPU values leave the host's";
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }

    rocdist_generator gen_ = nullptr;
};

TEST_P(fast_ordering, splits_at_chunk_multiples_float) { expect_chunk_multiples_split_freely<float>(); }
TEST_P(fast_ordering, splits_at_chunk_multiples_double) { expect_chunk_multiples_split_freely<double>(); }
TEST_P(fast_ordering, gpu_matches_host_float) { expect_gpu_to_match_host<float>(); }
TEST_P(fast_ordering, gpu_matches_host_double) { expect_gpu_to_match_host<double>(); }

// Same seed, same call, same values; and not the reproducible layout's.
TEST_P(fast_ordering, repeats_and_differs_from_reproducible)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> first = fast_vector<float>(b(), gen_, s(), 3 * chunk);
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fast_vector<float>(b(), gen_, s(), 3 * chunk), first);
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_REPRODUCIBLE), ROCDIST_STATUS_SUCCESS);
    EXPECT_NE(fast_vector<float>(b(), gen_, s(), 3 * chunk), first);
}

INSTANTIATE_TEST_SUITE_P(
    backends_and_samplers, fast_ordering,
    ::testing::Combine(::testing::Values(backend::host, backend::gpu),
                       ::testing::Values(sampler::polar, sampler::gamma_small_shape, sampler::gamma)),
    [](const ::testing::TestParamInfo<fast_param>& info) {
        return std::string(rocdist_test::to_string(std::get<0>(info.param))) + "_" + name(std::get<1>(info.param));
    });


// The ziggurat's fast ordering: the reproducible ordering's values, on each
// backend, at an offset inside a block and a size past a chunk.
class ziggurat_fast_ordering : public rocdist_test::backend_test
{
protected:
    template <class T>
    std::vector<T> normals(rocdist_ordering ordering, bool half = false)
    {
        EXPECT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_offset(gen_, 3), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_normal_method(gen_, ROCDIST_NORMAL_ZIGGURAT), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_ordering(gen_, ordering), ROCDIST_STATUS_SUCCESS);
        const size_t n = 2 * chunk + 5;
        if constexpr(sizeof(T) == 2)
        {
            rocdist_test::backend_buffer<T> buffer(GetParam(), n);
            EXPECT_EQ(half ? rocdist_generate_normal_half(gen_, buffer.data(), n, 1.0f, 2.0f)
                           : rocdist_generate_normal_bfloat16(gen_, buffer.data(), n, 1.0f, 2.0f),
                      ROCDIST_STATUS_SUCCESS);
            return buffer.outputs();
        }
        else
            return rocdist_test::normal_vector<T>(GetParam(), gen_, n, T(1), T(2), false);
    }
};

TEST_P(ziggurat_fast_ordering, is_the_reproducible_ordering)
{
    EXPECT_EQ(normals<float>(ROCDIST_ORDERING_FAST), normals<float>(ROCDIST_ORDERING_REPRODUCIBLE));
    EXPECT_EQ(normals<double>(ROCDIST_ORDERING_FAST), normals<double>(ROCDIST_ORDERING_REPRODUCIBLE));
    for(bool half : {true, false})
        EXPECT_EQ(normals<unsigned short>(ROCDIST_ORDERING_FAST, half),
                  normals<unsigned short>(ROCDIST_ORDERING_REPRODUCIBLE, half))
            << (half ? "half" : "bfloat16");
}

ROCDIST_INSTANTIATE_BACKENDS(ziggurat_fast_ordering);

} // namespace
