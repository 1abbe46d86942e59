// The reproducible-ordering contract for normals and log-normals, for every
// method and precision: splitting a request, shifting it with set_offset (odd
// positions included), misaligning the output, or moving from the host to the
// GPU generator changes nothing beyond the documented tolerance.
#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "support/gpu_test_support.hpp"
#include "support/normal_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::normal_vector;

using stream_param = std::tuple<backend, rocdist_normal_method>;

class normal_stream : public ::testing::TestWithParam<stream_param>
{
protected:
    void SetUp() override
    {
        ROCDIST_CREATE_GENERATOR_OR_SKIP(std::get<0>(GetParam()), &gen_);
        ASSERT_EQ(rocdist_set_normal_method(gen_, std::get<1>(GetParam())), ROCDIST_STATUS_SUCCESS);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }
    backend b() const { return std::get<0>(GetParam()); }

    template <class T>
    void expect_chunk_invariance(bool log)
    {
        const size_t n = 50001;
        ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = normal_vector<T>(b(), gen_, n, T(1), T(2), log);
        std::mt19937_64      rng(5 + sizeof(T) + log);
        for(int trial = 0; trial < 4; ++trial)
        {
            ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
            std::vector<T> pieces;
            while(pieces.size() < n)
            {
                const size_t piece = std::min<size_t>(n - pieces.size(), 1 + rng() % (trial < 2 ? 7 : 20000));
                const auto   part  = normal_vector<T>(b(), gen_, piece, T(1), T(2), log, rng() % 4);
                pieces.insert(pieces.end(), part.begin(), part.end());
            }
            ASSERT_EQ(pieces, reference) << "trial " << trial;
        }
    }

    template <class T>
    void expect_offset_is_a_shift()
    {
        const size_t n = 3000;
        ASSERT_EQ(rocdist_set_seed(gen_, 99), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = normal_vector<T>(b(), gen_, 2 * n);
        for(unsigned long long k : {1ull, 2ull, 3ull, 5ull, 7ull, 1001ull, 2047ull})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> shifted = normal_vector<T>(b(), gen_, n, T(0), T(1), false, k % 3);
            ASSERT_EQ(shifted, std::vector<T>(reference.begin() + k, reference.begin() + k + n)) << "offset " << k;
        }
    }

    // The GPU generator against the host one. Tolerance (docs/normal.md):
    // relative 2^-20 for float and 2^-46 for double, from the GPUs' libm
    // (logf, sincosf, expf within 2 ulp) differing from glibc's. The fast
    // Box-Muller's floats: 2^-17 + 2^-20 |z| (its hardware sine and cosine),
    // for log-normals on the logarithm, plus exp's rounding.
    static double allowed_difference(rocdist_normal_method m, double host_value, bool log, bool single)
    {
        if(!single)
            return 0x1p-46 * std::max(1.0, std::fabs(host_value));
        if(m != ROCDIST_NORMAL_BOX_MULLER_FAST)
            return 0x1p-20 * std::max(1.0, std::fabs(host_value));
        if(!log)
            return 0x1p-17 + 0x1p-20 * std::fabs(host_value);
        return host_value * (0x1p-17 + 0x1p-20 * std::fabs(std::log(host_value)) + 0x1p-22);
    }

    template <class T>
    void expect_host_agreement()
    {
        if(b() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        const size_t n = 1 << 18;
        rocdist_generator host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_normal_method(host, std::get<1>(GetParam())), ROCDIST_STATUS_SUCCESS);
        for(bool log : {false, true})
        {
            ASSERT_EQ(rocdist_set_seed(host, 5), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> h = normal_vector<T>(backend::host, host, n, T(0), T(1), log);
            const std::vector<T> g = normal_vector<T>(backend::gpu, gen_, n, T(0), T(1), log);
            const rocdist_normal_method m = std::get<1>(GetParam());
            for(size_t i = 0; i < n; ++i)
                ASSERT_LE(std::fabs(double(h[i]) - double(g[i])),
                          allowed_difference(m, double(h[i]), log, sizeof(T) == sizeof(float)))
                    << "element " << i << (log ? " (log-normal)" : "");
        }
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }
    rocdist_generator gen_ = nullptr;
};

TEST_P(normal_stream, chunk_invariance_float) { expect_chunk_invariance<float>(false); }
TEST_P(normal_stream, chunk_invariance_double) { expect_chunk_invariance<double>(false); }
TEST_P(normal_stream, chunk_invariance_log_normal_float) { expect_chunk_invariance<float>(true); }
TEST_P(normal_stream, chunk_invariance_log_normal_double) { expect_chunk_invariance<double>(true); }
TEST_P(normal_stream, offset_is_a_shift_float) { expect_offset_is_a_shift<float>(); }
TEST_P(normal_stream, offset_is_a_shift_double) { expect_offset_is_a_shift<double>(); }
TEST_P(normal_stream, gpu_matches_host_float) { expect_host_agreement<float>(); }
TEST_P(normal_stream, gpu_matches_host_double) { expect_host_agreement<double>(); }

// A method change changes the values, not the position.
TEST_P(normal_stream, method_change_keeps_the_position)
{
    const rocdist_normal_method other
        = std::get<1>(GetParam()) == ROCDIST_NORMAL_ZIGGURAT ? ROCDIST_NORMAL_POLAR : ROCDIST_NORMAL_ZIGGURAT;
    ASSERT_EQ(rocdist_set_seed(gen_, 3), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> first = normal_vector<float>(b(), gen_, 64);
    ASSERT_EQ(rocdist_set_normal_method(gen_, other), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> next = normal_vector<float>(b(), gen_, 64);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> whole = normal_vector<float>(b(), gen_, 128);
    EXPECT_EQ(next, std::vector<float>(whole.begin() + 64, whole.end()));
    EXPECT_NE(first, std::vector<float>(whole.begin(), whole.begin() + 64));
}

INSTANTIATE_TEST_SUITE_P(
    backends_and_methods, normal_stream,
    ::testing::Combine(::testing::Values(backend::host, backend::gpu),
                       ::testing::ValuesIn(rocdist_test::all_normal_methods)),
    [](const ::testing::TestParamInfo<stream_param>& info) {
        return std::string(rocdist_test::to_string(std::get<0>(info.param))) + "_"
               + rocdist_test::method_name(std::get<1>(info.param));
    });

} // namespace
