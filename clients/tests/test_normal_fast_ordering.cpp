// The fast ordering of the rejection methods (polar, ziggurat), on host and
// GPU generators: chunks of backend::compacted_chunk_size outputs, each filled
// from its own candidates in order. What the contract promises, and these
// tests check: a split at a multiple of the chunk size changes nothing; the
// position advances by n as in the reproducible ordering; a repeated call
// repeats; the GPU generator (any warp size) writes what the host one writes,
// within the reproducible ordering's tolerance. Its distribution is checked
// with every other method's in test_normal_distribution.cpp.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "backend/compacted_chunks.hpp"
#include "normal_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::normal_vector;

constexpr size_t chunk = rocdist::backend::compacted_chunk_size;

using fast_param = std::tuple<backend, rocdist_normal_method>;

class normal_fast_ordering : public ::testing::TestWithParam<fast_param>
{
protected:
    void SetUp() override
    {
        const rocdist_status status = rocdist_test::create_generator(b(), &gen_);
        if(b() == backend::gpu && status == ROCDIST_STATUS_NO_DEVICE)
            GTEST_SKIP() << "GPU generator unavailable: " << rocdist_get_status_string(status);
        ASSERT_EQ(status, ROCDIST_STATUS_SUCCESS);
        configure(gen_);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }
    backend b() const { return std::get<0>(GetParam()); }
    void    configure(rocdist_generator g) const
    {
        ASSERT_EQ(rocdist_set_normal_method(g, std::get<1>(GetParam())), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_ordering(g, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    }

    template <class T>
    void expect_chunk_multiples_split_freely()
    {
        const size_t n = 5 * chunk + 77;
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> whole = normal_vector<T>(b(), gen_, n, T(1), T(3));
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        for(size_t piece : {chunk, 3 * chunk, chunk + 77})
        {
            const std::vector<T> part = normal_vector<T>(b(), gen_, piece, T(1), T(3), false, piece % 3);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, whole);
        // The position moved by n, as the reproducible ordering's does.
        ASSERT_EQ(rocdist_set_offset(gen_, n), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> at_offset = normal_vector<T>(b(), gen_, chunk);
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        (void)normal_vector<T>(b(), gen_, n, T(1), T(3));
        EXPECT_EQ(normal_vector<T>(b(), gen_, chunk), at_offset);
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
        const std::vector<T> h = normal_vector<T>(backend::host, host, n);
        const std::vector<T> g = normal_vector<T>(backend::gpu, gen_, n);
        // The tolerance of test_normal_stream.cpp (docs/normal.md).
        const double tolerance = sizeof(T) == sizeof(float) ? 0x1p-20 : 0x1p-46;
        for(size_t i = 0; i < n; ++i)
            ASSERT_LE(std::fabs(double(h[i]) - double(g[i])), tolerance * std::max(1.0, std::fabs(double(h[i]))))
                << "element " << i;
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }

    rocdist_generator gen_ = nullptr;
};

TEST_P(normal_fast_ordering, splits_at_chunk_multiples_float) { expect_chunk_multiples_split_freely<float>(); }
TEST_P(normal_fast_ordering, splits_at_chunk_multiples_double) { expect_chunk_multiples_split_freely<double>(); }
TEST_P(normal_fast_ordering, gpu_matches_host_float) { expect_gpu_to_match_host<float>(); }
TEST_P(normal_fast_ordering, gpu_matches_host_double) { expect_gpu_to_match_host<double>(); }

// Same seed, same call, same values; and not the reproducible layout's.
TEST_P(normal_fast_ordering, repeats_and_differs_from_reproducible)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> first = normal_vector<float>(b(), gen_, 3 * chunk);
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(normal_vector<float>(b(), gen_, 3 * chunk), first);
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_REPRODUCIBLE), ROCDIST_STATUS_SUCCESS);
    EXPECT_NE(normal_vector<float>(b(), gen_, 3 * chunk), first);
}

INSTANTIATE_TEST_SUITE_P(
    backends_and_methods, normal_fast_ordering,
    ::testing::Combine(::testing::Values(backend::host, backend::gpu),
                       ::testing::ValuesIn(rocdist_test::compacted_normal_methods)),
    [](const ::testing::TestParamInfo<fast_param>& info) {
        return std::string(rocdist_test::to_string(std::get<0>(info.param))) + "_"
               + rocdist_test::method_name(std::get<1>(info.param));
    });

} // namespace
