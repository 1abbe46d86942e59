// Beta(a, b) variates (rocdist_generate_beta), float and double:
// - Kolmogorov-Smirnov against Boost.Math's incomplete beta function, for
//   the variate rounded to the output type (ks_p_value_rounded, which
//   counts the atoms at 0 and 1 that tiny a and b give: at a = b = 0.01
//   about 18% of floats are 0), at (a, b) in {(0.01, 0.01), (0.5, 0.5),
//   (1, 3), (2.5, 1e3), (1e4, 1e4)}, 2^18 samples per case from a fixed
//   seed, p-value threshold p_threshold (1e-4); every value in [0, 1];
// - element i is X / (X + Y) for elements 2i and 2i + 1 of
//   rocdist_generate_gamma_shapes with shapes a, b (within 4 ulp);
// - the stream contract: splits, offsets, misaligned outputs, both
//   orderings, and the GPU generator against the host one.
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <boost/math/special_functions/beta.hpp>
#include <gtest/gtest.h>

#include "support/gamma_family_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::beta_vector;

const std::pair<double, double> beta_cases[] = {{0.01, 0.01}, {0.5, 0.5}, {1, 3}, {2.5, 1e3}, {1e4, 1e4}};

template <class T>
void expect_beta_fit(double a_wanted, double b_wanted, unsigned long long seed)
{
    const double a = T(a_wanted), b = T(b_wanted);
    SCOPED_TRACE("a " + std::to_string(a) + " b " + std::to_string(b));
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen, seed), ROCDIST_STATUS_SUCCESS);
    const std::vector<T> x = beta_vector<T>(backend::host, gen, size_t{1} << 18, T(a), T(b));
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    for(size_t i = 0; i < x.size(); ++i)
        ASSERT_TRUE(x[i] >= 0 && x[i] <= 1) << "element " << i << " = " << x[i];
    double       bracket = 0;
    const double pv      = rocdist_test::ks_p_value_rounded(
        x,
        [&](long double v) {
            return v >= 1 ? 1.0L : boost::math::ibeta(static_cast<long double>(a), static_cast<long double>(b), v);
        },
        bracket, 0);
    EXPECT_GT(pv, rocdist_test::p_threshold);
}

TEST(beta_distribution, fits_float)
{
    unsigned long long seed = 300;
    for(const auto& [a, b] : beta_cases)
        expect_beta_fit<float>(a, b, seed++);
}

TEST(beta_distribution, fits_double)
{
    unsigned long long seed = 400;
    for(const auto& [a, b] : beta_cases)
        expect_beta_fit<double>(a, b, seed++);
}

class beta_stream : public rocdist_test::backend_test
{
protected:
    template <class T>
    void expect_ratio_of_gamma_elements()
    {
        const size_t   n = 1001;
        std::vector<T> shapes(2 * n);
        for(size_t i = 0; i < 2 * n; ++i)
            shapes[i] = i % 2 == 0 ? T(2.5) : T(1.5);
        ASSERT_EQ(rocdist_set_seed(gen_, 21), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 6), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> g = rocdist_test::gamma_shapes_vector<T>(GetParam(), gen_, shapes, T(1));
        ASSERT_EQ(rocdist_set_offset(gen_, 3), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> x = beta_vector<T>(GetParam(), gen_, n, T(2.5), T(1.5));
        const double         eps = std::numeric_limits<T>::epsilon();
        for(size_t i = 0; i < n; ++i)
        {
            const double expected = double(g[2 * i]) / (double(g[2 * i]) + double(g[2 * i + 1]));
            // Host float gamma_shapes runs on vector units (docs/gamma.md).
            ASSERT_TRUE(std::fabs(x[i] - expected) <= 4 * eps * expected
                        || rocdist_test::within_platform_tolerance(x[i], T(expected)))
                << "element " << i << ": " << x[i] << " against " << expected;
        }
    }

    // (a, b): (0.2, 3) takes the logarithms' path on every backend, (2.5,
    // 1.5) the variates' own ratio on host generators in float
    // (gamma_family_host.hpp).
    template <class T>
    void expect_stream_contract(T a, T b)
    {
        const size_t n = 4001;
        ASSERT_EQ(rocdist_set_seed(gen_, 22), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = beta_vector<T>(GetParam(), gen_, n, a, b);
        std::mt19937_64      rng(8);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        while(pieces.size() < n)
        {
            const auto part
                = beta_vector<T>(GetParam(), gen_, std::min<size_t>(n - pieces.size(), 1 + rng() % 500), a, b,
                                 rng() % 4);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, reference);
        for(unsigned long long k : {1ull, 3ull, 1001ull})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(beta_vector<T>(GetParam(), gen_, n - k, a, b, k % 3),
                      std::vector<T>(reference.begin() + k, reference.end()))
                << "offset " << k;
        }
        ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(beta_vector<T>(GetParam(), gen_, n, a, b), reference);
    }

    template <class T>
    void expect_host_agreement()
    {
        if(GetParam() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        rocdist_generator host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        for(const auto& [a, b] : beta_cases)
        {
            ASSERT_EQ(rocdist_set_seed(host, 23), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_seed(gen_, 23), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> h = beta_vector<T>(backend::host, host, 1 << 12, T(a), T(b));
            const std::vector<T> g = beta_vector<T>(backend::gpu, gen_, 1 << 12, T(a), T(b));
            EXPECT_LE(rocdist_test::platform_flips(h, g, rocdist_test::ratio_log_bound<T>(std::min(a, b))), 1u)
                << "a " << a << " b " << b;
        }
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }
};

TEST_P(beta_stream, ratio_of_gamma_elements_float) { expect_ratio_of_gamma_elements<float>(); }
TEST_P(beta_stream, ratio_of_gamma_elements_double) { expect_ratio_of_gamma_elements<double>(); }
TEST_P(beta_stream, stream_contract_float) { expect_stream_contract<float>(0.2f, 3.0f); }
TEST_P(beta_stream, stream_contract_double) { expect_stream_contract<double>(0.2, 3.0); }
TEST_P(beta_stream, stream_contract_large_shapes_float) { expect_stream_contract<float>(2.5f, 1.5f); }
TEST_P(beta_stream, stream_contract_large_shapes_double) { expect_stream_contract<double>(2.5, 1.5); }
TEST_P(beta_stream, gpu_matches_host_float) { expect_host_agreement<float>(); }
TEST_P(beta_stream, gpu_matches_host_double) { expect_host_agreement<double>(); }

ROCDIST_INSTANTIATE_BACKENDS(beta_stream);

} // namespace
