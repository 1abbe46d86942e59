// The reproducible-ordering contract for gamma variates, float and double,
// shapes below and above 1: splitting a request, shifting it with set_offset
// (odd positions included), misaligning the output, or moving from the host
// to the GPU generator changes nothing beyond the documented tolerance. The
// fast ordering's contract is test_fast_ordering.cpp's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "support/gamma_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::gamma_vector;

using stream_param = std::tuple<backend, double>; // backend, shape

class gamma_stream : public ::testing::TestWithParam<stream_param>
{
protected:
    void SetUp() override
    {
        ROCDIST_CREATE_GENERATOR_OR_SKIP(b(), &gen_);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }
    backend b() const { return std::get<0>(GetParam()); }
    double  shape() const { return std::get<1>(GetParam()); }

    template <class T>
    void expect_chunk_invariance()
    {
        const size_t n = 20001;
        ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = gamma_vector<T>(b(), gen_, n, T(shape()), T(3));
        std::mt19937_64      rng(5 + sizeof(T));
        for(int trial = 0; trial < 3; ++trial)
        {
            ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
            std::vector<T> pieces;
            while(pieces.size() < n)
            {
                const size_t piece = std::min<size_t>(n - pieces.size(), 1 + rng() % (trial < 2 ? 7 : 5000));
                const auto   part  = gamma_vector<T>(b(), gen_, piece, T(shape()), T(3), rng() % 4);
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
        const std::vector<T> reference = gamma_vector<T>(b(), gen_, 2 * n, T(shape()), T(1));
        for(unsigned long long k : {1ull, 2ull, 3ull, 5ull, 7ull, 1001ull, 2047ull})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> shifted = gamma_vector<T>(b(), gen_, n, T(shape()), T(1), k % 3);
            ASSERT_EQ(shifted, std::vector<T>(reference.begin() + k, reference.begin() + k + n)) << "offset " << k;
        }
    }

    // Element i depends on (seed, i, shape, scale) only, and never on the
    // words of the main stream: far offsets reach the same values as a
    // call that starts there, and a neighbour's shape does not matter.
    template <class T>
    void expect_elements_independent_of_the_main_stream()
    {
        ASSERT_EQ(rocdist_set_seed(gen_, 7), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, (1ull << 40) + 3), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> far = gamma_vector<T>(b(), gen_, 10, T(shape()), T(1));
        ASSERT_EQ(rocdist_set_offset(gen_, (1ull << 40)), ROCDIST_STATUS_SUCCESS);
        (void)gamma_vector<T>(b(), gen_, 3, T(0.25), T(1)); // other parameters for elements 2^40 .. +2
        EXPECT_EQ(gamma_vector<T>(b(), gen_, 10, T(shape()), T(1)), far);
    }

    // The GPU generator against the host one (docs/gamma.md). Both read the
    // same words and take the same decisions; values differ through the
    // platform's logf/sincosf/expf/log1pf (within 2 ulp of glibc's), which
    // the boost's exponential amplifies by |log(x / scale)|; and the boost's
    // exponent log U' / a + log scale, rounded once, moves by half an ulp of
    // |log scale| when the logs differ by one: relative tolerance 2^-20
    // (float) or 2^-46 (double) times 4 + |log(x / scale)| (+ |log scale|
    // for shapes below 1), plus 2 subnormal units. A decision taken within those rounding errors
    // of its boundary may flip and make two different values; that has
    // probability about 1e-7 per element, and at most n 2^-16 of them are
    // allowed.
    template <class T>
    void expect_host_agreement()
    {
        if(b() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        const size_t      n    = 1 << 18;
        rocdist_generator host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        for(double scale : {1.0, 1e-20})
        {
            ASSERT_EQ(rocdist_set_seed(host, 5), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> h = gamma_vector<T>(backend::host, host, n, T(shape()), T(scale));
            const std::vector<T> g = gamma_vector<T>(backend::gpu, gen_, n, T(shape()), T(scale));
            const double         eps = sizeof(T) == sizeof(float) ? 0x1p-20 : 0x1p-46;
            size_t               flips = 0;
            double               worst = 0; // of the tolerance, over the values that agree
            for(size_t i = 0; i < n; ++i)
            {
                const double hv = h[i], gv = g[i];
                const double magnitude = std::max(hv, gv);
                const double exponent  = shape() < 1 ? std::fabs(std::log(double(T(scale)))) : 0;
                const double tolerance = eps * (4 + std::fabs(std::log(magnitude / double(T(scale)))) + exponent) * magnitude
                                         + 2 * double(std::numeric_limits<T>::denorm_min());
                if(!(std::fabs(hv - gv) <= tolerance) && !(hv == gv))
                    ++flips;
                else if(hv != gv)
                    worst = std::max(worst, std::fabs(hv - gv) / tolerance);
            }
            EXPECT_LE(flips, n >> 16) << "scale " << scale;
            char at[32];
            std::snprintf(at, sizeof at, "_scale_%g", scale);
            RecordProperty(std::string("flips") + at, std::to_string(flips));
            RecordProperty(std::string("worst_share_of_tolerance") + at, std::to_string(worst));
        }
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }
    rocdist_generator gen_ = nullptr;
};

TEST_P(gamma_stream, chunk_invariance_float) { expect_chunk_invariance<float>(); }
TEST_P(gamma_stream, chunk_invariance_double) { expect_chunk_invariance<double>(); }
TEST_P(gamma_stream, offset_is_a_shift_float) { expect_offset_is_a_shift<float>(); }
TEST_P(gamma_stream, offset_is_a_shift_double) { expect_offset_is_a_shift<double>(); }
TEST_P(gamma_stream, independent_of_main_stream_float) { expect_elements_independent_of_the_main_stream<float>(); }
TEST_P(gamma_stream, independent_of_main_stream_double) { expect_elements_independent_of_the_main_stream<double>(); }
TEST_P(gamma_stream, gpu_matches_host_float) { expect_host_agreement<float>(); }
TEST_P(gamma_stream, gpu_matches_host_double) { expect_host_agreement<double>(); }

INSTANTIATE_TEST_SUITE_P(backends_and_shapes, gamma_stream,
                         ::testing::Combine(::testing::Values(backend::host, backend::gpu),
                                            ::testing::Values(0.01, 0.5, 2.5, 1e6)),
                         [](const ::testing::TestParamInfo<stream_param>& info) {
                             std::string shape = std::to_string(std::get<1>(info.param));
                             for(char& c : shape)
                                 if(c == '.')
                                     c = '_';
                             return std::string(rocdist_test::to_string(std::get<0>(info.param))) + "_shape_"
                                    + shape;
                         });

} // namespace
