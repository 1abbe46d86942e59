// Dirichlet(alpha) rows (rocdist_generate_dirichlet), float and double:
// - every marginal X_j against Beta(alpha_j, sum alpha - alpha_j) by
//   Kolmogorov-Smirnov on the variate rounded to the output type
//   (ks_p_value_rounded, Boost.Math's incomplete beta function, p-value
//   threshold p_threshold = 1e-4, fixed seeds), for alpha all 1e-3 (k = 3,
//   where every gamma variate of a float row underflows most of the time),
//   mixed (1e-3, 1, 100), and k = 10^4 (seven distinct alphas, the
//   components of each pooled);
// - at alpha all 1e-3 the share of components that are exactly 0 matches
//   the marginal's probability of rounding to 0 (4.5 standard errors):
//   0.601 for float and 0.316 for double, where NumPy 1.24's float64 rows
//   give components 0, 1, 2 zero 0.41, 0.53 and 0.64 of the time;
// - rows are finite, non-negative, and sum to 1 within 2 ulp of 1
//   (summed in long double), rows of 70001 components too;
// - row r is the normalised gamma elements r k .. r k + k - 1 of
//   rocdist_generate_gamma_shapes with alpha repeated (within 4 ulp);
// - the stream contract by rows: splits, offsets, both orderings, and the
//   GPU generator against the host one.
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <boost/math/special_functions/beta.hpp>
#include <gtest/gtest.h>

#include "support/gamma_family_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::dirichlet_vector;

long double marginal_cdf(long double a, long double rest, long double v)
{
    return v >= 1 ? 1.0L : boost::math::ibeta(a, rest, v);
}

template <class T>
void expect_rows_valid(const std::vector<T>& x, size_t k)
{
    const long double eps   = std::numeric_limits<T>::epsilon();
    long double       worst = 0;
    for(size_t r = 0; r < x.size() / k; ++r)
    {
        long double sum = 0;
        for(size_t j = 0; j < k; ++j)
        {
            const T v = x[r * k + j];
            ASSERT_TRUE(std::isfinite(v) && v >= 0) << "row " << r << " component " << j << " = " << v;
            sum += v;
        }
        worst = std::max(worst, std::fabs(sum - 1));
    }
    EXPECT_LE(worst, 2 * eps) << "the worst row sum is " << worst / eps << " ulp from 1";
}

// Every marginal: component by component for short rows; for wide ones,
// the components of equal alpha pooled (they share a marginal), one test
// per distinct alpha. Components of a row are negatively dependent (they
// sum to 1), which only makes a pooled sample's empirical CDF vary less: the
// pooled p-value is conservative. Pooled samples are millions of values,
// so their CDF is evaluated at every 16th (max_bracket bounds the excess).
template <class T>
void expect_marginals_fit(const std::vector<double>& alpha_wanted, size_t rows, unsigned long long seed)
{
    const size_t   k = alpha_wanted.size();
    std::vector<T> alpha(k);
    long double    total = 0;
    for(size_t j = 0; j < k; ++j)
        total += alpha[j] = T(alpha_wanted[j]);
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen, seed), ROCDIST_STATUS_SUCCESS);
    const std::vector<T> x = dirichlet_vector<T>(backend::host, gen, rows, alpha);
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    expect_rows_valid(x, k);
    const bool           pooled = k > 8;
    std::vector<bool>    done(k, false);
    for(size_t j = 0; j < k; ++j)
    {
        if(done[j])
            continue;
        std::vector<T> sample;
        for(size_t i = j; i < k; ++i)
            if(i == j || (pooled && alpha[i] == alpha[j]))
            {
                done[i] = true;
                for(size_t r = 0; r < rows; ++r)
                    sample.push_back(x[r * k + i]);
            }
        const long double a = alpha[j], rest = total - alpha[j];
        double            bracket = 0;
        const double      pv      = rocdist_test::ks_p_value_rounded(
            sample, [&](long double v) { return marginal_cdf(a, rest, v); }, bracket, pooled ? 16 : 0);
        EXPECT_GT(pv, rocdist_test::p_threshold)
            << "k " << k << " component " << j << " alpha " << double(a) << ", " << sample.size() << " values";
        EXPECT_LT(bracket, 1e-4) << "the KS bound is too loose";
    }
}

TEST(dirichlet_distribution, tiny_alpha_float) { expect_marginals_fit<float>({1e-3, 1e-3, 1e-3}, 1 << 17, 500); }
TEST(dirichlet_distribution, tiny_alpha_double) { expect_marginals_fit<double>({1e-3, 1e-3, 1e-3}, 1 << 17, 501); }
TEST(dirichlet_distribution, mixed_alpha_float) { expect_marginals_fit<float>({1e-3, 1, 100}, 1 << 17, 502); }
TEST(dirichlet_distribution, mixed_alpha_double) { expect_marginals_fit<double>({1e-3, 1, 100}, 1 << 17, 503); }

std::vector<double> wide_alpha()
{
    std::vector<double> alpha(10000);
    for(size_t j = 0; j < alpha.size(); ++j)
        alpha[j] = 0.5 + (j % 7) * 0.25;
    return alpha;
}
TEST(dirichlet_distribution, wide_rows_float) { expect_marginals_fit<float>(wide_alpha(), 1024, 504); }
TEST(dirichlet_distribution, wide_rows_double) { expect_marginals_fit<double>(wide_alpha(), 1024, 505); }

// At alpha all 1e-3 a component is 0 when its variate rounds to 0: the
// marginal's CDF at half the smallest subnormal.
template <class T>
void expect_zero_share()
{
    const size_t         rows = 1 << 17, k = 3;
    const std::vector<T> alpha(k, T(1e-3));
    rocdist_generator    gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen, 510), ROCDIST_STATUS_SUCCESS);
    const std::vector<T> x = dirichlet_vector<T>(backend::host, gen, rows, alpha);
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    const long double a = alpha[0];
    const double p = double(marginal_cdf(a, 2 * a, static_cast<long double>(std::numeric_limits<T>::denorm_min()) / 2));
    for(size_t j = 0; j < k; ++j)
    {
        double zeros = 0;
        for(size_t r = 0; r < rows; ++r)
            zeros += x[r * k + j] == 0 ? 1 : 0;
        const double share = zeros / rows;
        EXPECT_LT(std::fabs(share - p) / std::sqrt(p * (1 - p) / rows), 4.5)
            << "component " << j << ": " << share << " zero against " << p;
        ::testing::Test::RecordProperty("zero_share_component_" + std::to_string(j), std::to_string(share));
    }
    ::testing::Test::RecordProperty("zero_share_expected", std::to_string(p));
}

TEST(dirichlet_distribution, zero_share_float) { expect_zero_share<float>(); }
TEST(dirichlet_distribution, zero_share_double) { expect_zero_share<double>(); }

class dirichlet_stream : public rocdist_test::backend_test
{
protected:
    template <class T>
    void expect_normalised_gamma_elements()
    {
        const std::vector<T> alpha = {T(1), T(2.5), T(4), T(1.5), T(7)};
        const size_t         k = alpha.size(), rows = 301;
        std::vector<T>       shapes;
        for(size_t r = 0; r < rows; ++r)
            shapes.insert(shapes.end(), alpha.begin(), alpha.end());
        ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 3 * k), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> g = rocdist_test::gamma_shapes_vector<T>(GetParam(), gen_, shapes, T(1));
        ASSERT_EQ(rocdist_set_offset(gen_, 3), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> x   = dirichlet_vector<T>(GetParam(), gen_, rows, alpha);
        const double         eps = std::numeric_limits<T>::epsilon();
        for(size_t r = 0; r < rows; ++r)
        {
            double sum = 0;
            for(size_t j = 0; j < k; ++j)
                sum += g[r * k + j];
            for(size_t j = 0; j < k; ++j)
            {
                const double expected = g[r * k + j] / sum;
                // Host float gamma_shapes runs on vector units (docs/gamma.md).
                ASSERT_TRUE(std::fabs(x[r * k + j] - expected) <= 4 * eps * expected
                            || rocdist_test::within_platform_tolerance(x[r * k + j], T(expected)))
                    << "row " << r << " component " << j << ": " << x[r * k + j] << " against " << expected;
            }
        }
    }

    // Alpha with a component below 1/2 takes the logarithms' path on every
    // backend; all at 1/2 or more, the variates' own ratios on host
    // generators in float (gamma_family_host.hpp).
    template <class T>
    void expect_stream_contract(const std::vector<T>& alpha)
    {
        const size_t k = alpha.size(), rows = 777;
        ASSERT_EQ(rocdist_set_seed(gen_, 32), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = dirichlet_vector<T>(GetParam(), gen_, rows, alpha);
        expect_rows_valid(reference, k);
        std::mt19937_64 rng(9);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        while(pieces.size() < rows * k)
        {
            const size_t piece = std::min<size_t>(rows - pieces.size() / k, 1 + rng() % 100);
            const auto   part  = dirichlet_vector<T>(GetParam(), gen_, piece, alpha, rng() % 4);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, reference);
        for(unsigned long long r : {1ull, 5ull, 300ull})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, r), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(dirichlet_vector<T>(GetParam(), gen_, rows - r, alpha, r % 3),
                      std::vector<T>(reference.begin() + r * k, reference.end()))
                << "offset " << r;
        }
        ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(dirichlet_vector<T>(GetParam(), gen_, rows, alpha), reference);
    }

    template <class T>
    void expect_host_agreement()
    {
        if(GetParam() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        rocdist_generator host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        // k = 3000: a GPU block per row (dirichlet_kernels.hip).
        for(const std::vector<T>& alpha : {std::vector<T>(3, T(1e-3)), std::vector<T>{T(1e-3), T(1), T(100)},
                                           std::vector<T>(1000, T(0.5)), std::vector<T>(3000, T(0.25))})
        {
            ASSERT_EQ(rocdist_set_seed(host, 33), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_seed(gen_, 33), ROCDIST_STATUS_SUCCESS);
            const size_t         rows = 4000 / alpha.size() + 1;
            const std::vector<T> h    = dirichlet_vector<T>(backend::host, host, rows, alpha);
            const std::vector<T> g    = dirichlet_vector<T>(backend::gpu, gen_, rows, alpha);
            const double smallest = *std::min_element(alpha.begin(), alpha.end());
            EXPECT_LE(rocdist_test::platform_flips(h, g, rocdist_test::ratio_log_bound<T>(smallest)), 1u)
                << "k " << alpha.size();
        }
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }
};

// Rows wider than the host's pieces (gamma_family_host.cpp) are computed
// piece by piece, twice: valid, and the same rows whatever the split.
TEST_P(dirichlet_stream, rows_beyond_the_host_buffer)
{
    const std::vector<float> alpha(70001, 0.25f);
    ASSERT_EQ(rocdist_set_seed(gen_, 34), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> all = dirichlet_vector<float>(GetParam(), gen_, 3, alpha);
    expect_rows_valid(all, alpha.size());
    ASSERT_EQ(rocdist_set_offset(gen_, 1), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(dirichlet_vector<float>(GetParam(), gen_, 2, alpha, 1),
              std::vector<float>(all.begin() + alpha.size(), all.end()));
}

TEST_P(dirichlet_stream, normalised_gamma_elements_float) { expect_normalised_gamma_elements<float>(); }
TEST_P(dirichlet_stream, normalised_gamma_elements_double) { expect_normalised_gamma_elements<double>(); }
TEST_P(dirichlet_stream, stream_contract_float)
{
    expect_stream_contract<float>({0.3f, 2.0f, 1e-3f, 5.0f, 1.0f, 0.7f, 9.0f});
}
TEST_P(dirichlet_stream, stream_contract_double)
{
    expect_stream_contract<double>({0.3, 2.0, 1e-3, 5.0, 1.0, 0.7, 9.0});
}
TEST_P(dirichlet_stream, stream_contract_large_alpha_float)
{
    expect_stream_contract<float>({0.5f, 2.0f, 5.0f, 1.0f, 0.7f, 9.0f, 3.0f});
}
TEST_P(dirichlet_stream, stream_contract_large_alpha_double)
{
    expect_stream_contract<double>({0.5, 2.0, 5.0, 1.0, 0.7, 9.0, 3.0});
}
TEST_P(dirichlet_stream, gpu_matches_host_float) { expect_host_agreement<float>(); }
TEST_P(dirichlet_stream, gpu_matches_host_double) { expect_host_agreement<double>(); }

ROCDIST_INSTANTIATE_BACKENDS(dirichlet_stream);

} // namespace
