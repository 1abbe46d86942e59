// The arithmetic of the count samplers' decisions (reproducible_math.hpp,
// count_pmf.hpp), against references computed otherwise:
// - reproducible::log, log1p and exp within 4 ulp of the host's long double
//   logl, log1pl and expl (80-bit on x86-64, 128-bit on aarch64), over
//   2^16 arguments spread log-uniformly across each function's range, and
//   exactly at the points where they must be exact (log 1 = 0, exp 0 = 1,
//   log1p 0 = 0);
// - log_poisson_pmf and log_binomial_pmf within 1e-13 (absolute, on the
//   logarithm: a relative error of 1e-13 on the probability) of
//   Boost.Math's pdf within 8 standard deviations, and of known answers
//   where Boost is less accurate (n near 2^31), including lambda = 2^31 and
//   n = 2^32 - 1, where the textbook form k log lambda - lambda - log k!
//   loses 1e-5;
// - the deviance x log(x/m) + m - x and Stirling's error against long
//   double formulas, on both sides of their switches (|x - m| = (x + m)/10,
//   k = 16).
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/poisson.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <gtest/gtest.h>

#include "rocdist/device/distributions/count_pmf.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"

namespace
{

namespace reproducible = rocdist::distributions::reproducible;
using rocdist::distributions::deviance;
using rocdist::distributions::log_binomial_pmf;
using rocdist::distributions::log_poisson_pmf;
using rocdist::distributions::stirling_error;

// |got - want| in units of the double spacing at want.
double ulp_error(double got, long double want)
{
    const double w = static_cast<double>(want);
    if(w == 0)
        return got == 0 ? 0 : INFINITY;
    const double spacing = std::nextafter(std::fabs(w), INFINITY) - std::fabs(w);
    return static_cast<double>(std::fabs(static_cast<long double>(got) - want) / spacing);
}

// n arguments log-uniform in [lo, hi] (both > 0), from a fixed seed.
std::vector<double> log_uniform_arguments(double lo, double hi, size_t n, unsigned seed)
{
    std::mt19937_64                  rng(seed);
    std::uniform_real_distribution<> e(std::log(lo), std::log(hi));
    std::vector<double>              x(n);
    for(double& v : x)
        v = std::exp(e(rng));
    return x;
}

constexpr size_t arguments = size_t{1} << 16;

TEST(count_math, log_is_within_4_ulp)
{
    double worst = 0;
    for(double x : log_uniform_arguments(1e-300, 1e300, arguments, 1))
        worst = std::max(worst, ulp_error(reproducible::log(x), std::log(static_cast<long double>(x))));
    // Near 1, where log x is small and m - 1 carries all its digits.
    for(double x : log_uniform_arguments(1 - 1e-3, 1 + 1e-3, arguments, 2))
        worst = std::max(worst, ulp_error(reproducible::log(x), std::log(static_cast<long double>(x))));
    EXPECT_LE(worst, 4.0);
    EXPECT_EQ(reproducible::log(1.0), 0.0);
    EXPECT_EQ(reproducible::log(2.0), static_cast<double>(std::log(2.0L)));
}

TEST(count_math, log1p_is_within_4_ulp)
{
    double worst = 0;
    for(double x : log_uniform_arguments(1e-300, 1e10, arguments, 3))
    {
        worst = std::max(worst, ulp_error(reproducible::log1p(x), std::log1p(static_cast<long double>(x))));
        if(x < 1)
            worst = std::max(worst, ulp_error(reproducible::log1p(-x), std::log1p(-static_cast<long double>(x))));
    }
    EXPECT_LE(worst, 4.0);
    EXPECT_EQ(reproducible::log1p(0.0), 0.0);
    EXPECT_EQ(reproducible::log1p(-1e-300), -1e-300);
}

TEST(count_math, exp_is_within_4_ulp)
{
    std::mt19937_64                  rng(4);
    std::uniform_real_distribution<> x(-708, 709);
    double                           worst = 0;
    for(size_t i = 0; i < arguments; ++i)
    {
        const double v = x(rng);
        worst          = std::max(worst, ulp_error(reproducible::exp(v), std::exp(static_cast<long double>(v))));
    }
    for(double v : log_uniform_arguments(1e-300, 1, arguments, 5))
        worst = std::max({worst, ulp_error(reproducible::exp(v), std::exp(static_cast<long double>(v))),
                          ulp_error(reproducible::exp(-v), std::exp(-static_cast<long double>(v)))});
    EXPECT_LE(worst, 4.0);
    EXPECT_EQ(reproducible::exp(0.0), 1.0);
}

// x log(x / m) + m - x in long double, and log k! - Stirling's formula.
long double deviance_reference(long double x, long double m)
{
    return x == 0 ? m : x * std::log(x / m) + m - x;
}

TEST(count_math, deviance_and_stirling_error_meet_long_double)
{
    // Relative to the deviance itself on the series side (x within 10% of
    // m), where long double's own cancellation is small for these m.
    for(double m : {3.0, 50.0, 1e3})
        for(double ratio : {0.5, 0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 3.0})
        {
            const double      x    = std::floor(m * ratio);
            const long double want = deviance_reference(x, m);
            EXPECT_NEAR(deviance(x, m), static_cast<double>(want), 1e-15 * std::max(1.0L, std::fabs(want)))
                << "x " << x << " m " << m;
        }
    for(double k = 1; k <= 40; ++k)
    {
        const long double lf   = std::lgamma(static_cast<long double>(k) + 1);
        const long double want = lf - ((k + 0.5L) * std::log(static_cast<long double>(k)) - k
                                       + 0.918938533204672741780329736405617639861L);
        EXPECT_NEAR(stirling_error(k), static_cast<double>(want), 2e-14) << "k " << k;
    }
}

// log pmf against Boost's pdf, over k within 8 standard deviations of the
// mean where the pdf is a normal double.
TEST(count_math, poisson_log_pmf_meets_boost)
{
    for(double lambda : {10.0, 50.0, 1e3, 4e3, 1e6, 1e9, 0x1p31})
    {
        const boost::math::poisson_distribution<double> d(lambda);
        const double                                    sd = std::sqrt(lambda);
        double                                          worst = 0;
        for(double z = -8; z <= 8; z += 0.125)
        {
            const double k = std::floor(lambda + z * sd);
            if(k < 0)
                continue;
            const double pdf = boost::math::pdf(d, k);
            if(!(pdf > 1e-300))
                continue;
            worst = std::max(worst, std::fabs(log_poisson_pmf(k, lambda, reproducible::log(lambda)) - std::log(pdf)));
        }
        EXPECT_LE(worst, 1e-13) << "lambda " << lambda;
    }
}

// Boost's pdf for n up to 10^6, within 8 standard deviations. At n near
// 2^31 Boost's own value is off by up to 3e-11 on the logarithm at random
// points (in long double too), so there the reference is a known answer:
// log C(n, k) + k log p + (n - k) log(1 - p) for the double p, computed
// with mpmath 1.2.1's loggamma at 40 digits, at k = floor(n p + z sd) for
// z = -8, -3, 0, 3, 8.
TEST(count_math, binomial_log_pmf_meets_boost)
{
    for(double n : {20.0, 1000.0, 1e6})
        for(double p : {0.01, 0.3, 0.5})
        {
            if(n * p < 10)
                continue;
            const boost::math::binomial_distribution<double> d(n, p);
            const double                                     sd    = std::sqrt(n * p * (1 - p));
            double                                           worst = 0;
            for(double z = -8; z <= 8; z += 0.125)
            {
                const double k = std::floor(n * p + z * sd);
                if(k < 0 || k > n)
                    continue;
                const double pdf = boost::math::pdf(d, k);
                if(!(pdf > 1e-300))
                    continue;
                worst = std::max(worst, std::fabs(log_binomial_pmf(k, n, p) - std::log(pdf)));
            }
            EXPECT_LE(worst, 1e-13) << "n " << n << " p " << p;
        }
    struct known
    {
        double n, p, k, log_pmf;
    };
    const known answers[] = {
        {2147483647, 0.01, 21437949, -41.37334804210842293591},
        {2147483647, 0.01, 21461003, -13.85631433704553922324},
        {2147483647, 0.01, 21474836, -9.355109568973776933472},
        {2147483647, 0.01, 21488669, -13.85442732401203029658},
        {2147483647, 0.01, 21511723, -41.33714347335726003002},
        {2147483647, 0.3, 644075205, -42.88406800121589069353},
        {2147483647, 0.3, 644181385, -15.38256925198974960646},
        {2147483647, 0.3, 644245094, -10.88239595763137980037},
        {2147483647, 0.3, 644308802, -15.38228671191211244937},
        {2147483647, 0.3, 644414982, -42.88055198769818677125},
        {2147483647, 0.5, 1073556459, -42.96981448114594925811},
        {2147483647, 0.5, 1073672312, -15.46958236269004009858},
        {2147483647, 0.5, 1073741823, -10.96957265144029505016},
        {2147483647, 0.5, 1073811334, -15.4694528883628910342},
        {2147483647, 0.5, 1073927187, -42.96946921378707728052},
        {4294967295, 0.01, 42897506, -41.71508361293489096688},
        {4294967295, 0.01, 42930110, -14.20245671247352127479},
        {4294967295, 0.01, 42949672, -9.701683162731902316191},
        {4294967295, 0.01, 42969235, -14.20114086116905361278},
        {4294967295, 0.01, 43001838, -41.68830548989492621316},
        {4294967295, 0.3, 1288249929, -43.23020091695148445999},
        {4294967295, 0.3, 1288400091, -15.72904904303677725426},
        {4294967295, 0.3, 1288490188, -11.22896954801575665112},
        {4294967295, 0.3, 1288580285, -15.72886923753048317702},
        {4294967295, 0.3, 1288730447, -43.22776798475840046952},
        {4294967295, 0.5, 2147221503, -43.31626839144802654913},
        {4294967295, 0.5, 2147385343, -15.81619201960088636452},
        {4294967295, 0.5, 2147483647, -11.31614624166206004395},
        {4294967295, 0.5, 2147581951, -15.81610046686644741567},
        {4294967295, 0.5, 2147745791, -43.31602425082181388952},
    };
    for(const known& a : answers)
        EXPECT_NEAR(log_binomial_pmf(a.k, a.n, a.p), a.log_pmf, 1e-13) << "n " << a.n << " p " << a.p << " k " << a.k;
    // The ends: k = 0 and k = n.
    EXPECT_NEAR(log_binomial_pmf(0, 30, 0.4), 30 * std::log(0.6), 1e-13);
    EXPECT_NEAR(log_binomial_pmf(30, 30, 0.4), 30 * std::log(0.4), 1e-13);
}

} // namespace
