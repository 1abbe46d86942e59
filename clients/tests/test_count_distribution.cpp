// Poisson, binomial and exponential variates, host generator, against the
// exact distributions (Boost.Math), fixed seeds, p-value threshold
// p_threshold (1e-4):
// - Poisson at lambda in {1e-6, 0.3, 1, 9.99, 10, 50, 1e3, 4e3, 1e6, 1e9,
//   2^31} (inversion below 10, PTRS from 10 on: each side of the switch),
//   binomial at n in {1, 20, 1000, 2^31 - 1} by p in {1e-9, 0.01, 0.3, 0.5,
//   0.99}: Pearson's chi-square of 2^20 counts against the pmf, values
//   merged into runs that expect at least 20 counts; no count where the pmf
//   is below 1e-30 (asserted by the range the pmf is summed over). Where
//   every count falls in one run (a mean near 0: lambda = 1e-6, n p <=
//   1e-6), the number of other values gets the exact Poisson test instead.
// - The per-element calls with parameters mixed from those lists: each
//   parameter's elements fit alone.
// - Exponential floats and doubles at rates 1 and 1e-3: Kolmogorov-Smirnov
//   against 1 - e^{-rate x}, 2^20 values; all positive and finite.
// - *_moments_1e8: mean and variance of 10^8 counts within 4.5 standard
//   errors (the variance's from the fourth central moment) at lambda = 1e9
//   and 2^31 and at n = 2^31 - 1 with p = 0.5 and 0.99.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/poisson.hpp>
#include <gtest/gtest.h>

#include "support/count_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::p_threshold;

constexpr size_t samples      = size_t{1} << 20;
constexpr double min_expected = 20;
constexpr double z_bound      = 4.5;

const double lambdas[] = {1e-6, 0.3, 1, 9.99, 10, 50, 1e3, 4e3, 1e6, 1e9, 0x1p31};
const double trials[]  = {1, 20, 1000, 2147483647};
const double probs[]   = {1e-9, 0.01, 0.3, 0.5, 0.99};

// Fit of counts (any order) to pmf(k), summed over k in [lo, hi], which
// must hold every count.
template <class Pmf>
void expect_counts_fit(std::vector<unsigned int> x, double lo, double hi, const Pmf& pmf, const std::string& what)
{
    SCOPED_TRACE(what);
    std::sort(x.begin(), x.end());
    ASSERT_GE(double(x.front()), lo);
    ASSERT_LE(double(x.back()), hi);
    const size_t        width = static_cast<size_t>(hi - lo) + 1;
    std::vector<double> counts(width, 0), p(width);
    for(unsigned int k : x)
        counts[static_cast<size_t>(k - lo)] += 1;
    for(size_t j = 0; j < width; ++j)
        p[j] = pmf(lo + double(j));
    const double n = double(x.size());
    const auto   c = rocdist_test::binned_chi_square(counts, p, n, min_expected);
    if(c.degrees >= 1)
    {
        EXPECT_GT(rocdist_test::chi_square_p_value(c), p_threshold) << "chi-square " << c.statistic << " on "
                                                                    << c.degrees << " degrees";
        return;
    }
    // One run (a mean near 0): the number of values other than the
    // likeliest is Poisson(n (1 - p_max)) to within 1e-6; its two-sided
    // exact p-value.
    const size_t                                    top    = static_cast<size_t>(std::max_element(p.begin(), p.end()) - p.begin());
    const double                                    others = n - counts[top];
    const boost::math::poisson_distribution<double> expected_others(n * (1 - p[top]));
    const double                                    below = boost::math::cdf(expected_others, others);
    const double above = others == 0 ? 1.0 : boost::math::cdf(boost::math::complement(expected_others, others - 1));
    EXPECT_GT(2 * std::min(below, above), p_threshold) << others << " values other than " << lo + double(top);
}

// The k range outside which the pmf is below 1e-30 in all: 12 standard
// deviations and a margin for small means.
void count_range(double mean, double sd, double largest, double& lo, double& hi)
{
    lo = std::max(0.0, std::floor(mean - 12 * sd - 30));
    hi = std::min(largest, std::ceil(mean + 12 * sd + 30));
}

class count_distribution : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(rocdist_create_generator_host(&gen_, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(gen_, 20261128), ROCDIST_STATUS_SUCCESS);
    }
    void TearDown() override { EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS); }

    void expect_poisson_fit(const std::vector<unsigned int>& x, double lambda)
    {
        const boost::math::poisson_distribution<double> d(lambda);
        double                                          lo, hi;
        count_range(lambda, std::sqrt(lambda), 4294967295.0, lo, hi);
        expect_counts_fit(x, lo, hi, [&](double k) { return boost::math::pdf(d, k); },
                          "lambda " + std::to_string(lambda));
    }

    void expect_binomial_fit(const std::vector<unsigned int>& x, double n, double p)
    {
        const boost::math::binomial_distribution<double> d(n, p);
        double                                           lo, hi;
        count_range(n * p, std::sqrt(n * p * (1 - p)), n, lo, hi);
        expect_counts_fit(x, lo, hi, [&](double k) { return boost::math::pdf(d, k); },
                          "n " + std::to_string(n) + " p " + std::to_string(p));
    }

    rocdist_generator gen_ = nullptr;
};

TEST_F(count_distribution, poisson_fits_at_every_lambda)
{
    for(double lambda : lambdas)
        expect_poisson_fit(rocdist_test::poisson_vector(backend::host, gen_, samples, lambda), lambda);
}

TEST_F(count_distribution, binomial_fits_at_every_n_and_p)
{
    for(double n : trials)
        for(double p : probs)
            expect_binomial_fit(
                rocdist_test::binomial_vector(backend::host, gen_, samples, static_cast<unsigned int>(n), p), n, p);
}

TEST_F(count_distribution, per_element_parameters_fit_each_alone)
{
    const size_t    n = samples;
    std::mt19937_64 rng(7);
    // Poisson: lambdas mixed from three on each side of the switch.
    const double         mixed_lambdas[] = {0.3, 1, 9.99, 10, 1e3, 1e9};
    std::vector<double>  lam(n);
    std::vector<size_t>  which(n);
    for(size_t i = 0; i < n; ++i)
        lam[i] = mixed_lambdas[which[i] = rng() % 6];
    const std::vector<unsigned int> x = rocdist_test::poisson_lambdas_vector(backend::host, gen_, lam);
    for(size_t c = 0; c < 6; ++c)
    {
        std::vector<unsigned int> mine;
        for(size_t i = 0; i < n; ++i)
            if(which[i] == c)
                mine.push_back(x[i]);
        expect_poisson_fit(mine, mixed_lambdas[c]);
    }
    // Binomial: (n, p) pairs on both sides of the switch, p on both sides of 1/2.
    const double              pair_n[] = {20, 1000, 1000, 2147483647, 1};
    const double              pair_p[] = {0.3, 0.01, 0.99, 0.5, 0.5};
    std::vector<unsigned int> t(n);
    std::vector<double>       p(n);
    for(size_t i = 0; i < n; ++i)
    {
        which[i] = rng() % 5;
        t[i]     = static_cast<unsigned int>(pair_n[which[i]]);
        p[i]     = pair_p[which[i]];
    }
    const std::vector<unsigned int> y = rocdist_test::binomial_parameters_vector(backend::host, gen_, t, p);
    for(size_t c = 0; c < 5; ++c)
    {
        std::vector<unsigned int> mine;
        for(size_t i = 0; i < n; ++i)
            if(which[i] == c)
                mine.push_back(y[i]);
        expect_binomial_fit(mine, pair_n[c], pair_p[c]);
    }
}

template <class T>
void expect_exponential_fit(rocdist_generator g)
{
    for(double rate : {1.0, 1e-3})
    {
        const std::vector<T> x = rocdist_test::exponential_vector<T>(backend::host, g, samples, T(rate));
        for(T v : x)
            ASSERT_TRUE(v > 0 && std::isfinite(v)) << v;
        const double r = static_cast<T>(rate);
        EXPECT_GT(rocdist_test::ks_p_value(x, [&](double v) { return -std::expm1(-r * v); }), p_threshold)
            << "rate " << rate;
    }
}

TEST_F(count_distribution, exponential_floats_fit)
{
    expect_exponential_fit<float>(gen_);
}

TEST_F(count_distribution, exponential_doubles_fit)
{
    expect_exponential_fit<double>(gen_);
}

// Mean and variance of 10^8 counts in chunks of 2^22, against the mean m,
// variance v and fourth central moment mu4 of the distribution.
template <class Chunk>
void expect_moments(const Chunk& chunk, double m, double v, double mu4, const std::string& what)
{
    SCOPED_TRACE(what);
    constexpr size_t total = 100000000, piece = size_t{1} << 22;
    long double      sum = 0, sum2 = 0;
    for(size_t done = 0; done < total; done += piece)
        for(unsigned int k : chunk(std::min(piece, total - done)))
        {
            const long double d = static_cast<long double>(k) - m;
            sum += d;
            sum2 += d * d;
        }
    const double n    = total;
    const double mean = static_cast<double>(sum / n);
    const double var  = static_cast<double>(sum2 / n - (sum / n) * (sum / n));
    EXPECT_LE(std::fabs(mean) / std::sqrt(v / n), z_bound) << "mean offset " << mean;
    EXPECT_LE(std::fabs(var - v) / std::sqrt((mu4 - v * v) / n), z_bound) << "variance " << var << " against " << v;
}

TEST_F(count_distribution, poisson_moments_1e8)
{
    for(double lambda : {1e9, 0x1p31})
        expect_moments([&](size_t n) { return rocdist_test::poisson_vector(backend::host, gen_, n, lambda); }, lambda,
                       lambda, lambda * (1 + 3 * lambda), "lambda " + std::to_string(lambda));
}

TEST_F(count_distribution, binomial_moments_1e8)
{
    for(double p : {0.5, 0.99})
    {
        const double n = 2147483647, v = n * p * (1 - p);
        expect_moments(
            [&](size_t k) { return rocdist_test::binomial_vector(backend::host, gen_, k, 2147483647u, p); }, n * p,
            v, v * (1 + 3 * (n - 2) * p * (1 - p)), "p " + std::to_string(p));
    }
}

} // namespace
