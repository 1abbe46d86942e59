// The logarithms of Poisson and binomial probabilities that the count
// samplers' acceptance tests compare against, accurate where the textbook
// form cancels: at lambda = 1e9, k log lambda - lambda - log k! is three
// terms near 2e10 whose sum is near -12, and loses 1e-5 to rounding. Above
// k = 15 they take the saddle-point form of C. Loader, "Fast and accurate
// computation of binomial probabilities" (2000): log k! by Stirling's
// series, and the deviance x log(x / m) + m - x by a series where x is near
// m. Everything is reproducible:: arithmetic, so host and GPU compute the
// same bits and take the same decisions.
#pragma once

#include <cmath>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"

namespace rocdist::distributions
{

constexpr double half_log_two_pi = 0.91893853320467274178; // log(2 pi) / 2

// log k! for an integer k = 0 .. 15, from k! (exact in double).
ROCDIST_HOST_DEVICE double log_small_factorial(double k)
{
    double f = 1;
    for(double j = 2; j <= k; ++j)
        f = unfused_mul(f, j);
    return reproducible::log(f);
}

// log k! - ((k + 1/2) log k - k + log(2 pi) / 2), Stirling's error, for an
// integer k >= 1: from 16 on its series 1/(12k) - 1/(360k^3) + 1/(1260k^5)
// - 1/(1680k^7) + 1/(1188k^9) (the next term is below 1e-16 at 16) in
// powers of r = 1/k, one division (a test of PTRS or BTRS reaches two or
// three of these, and a division costs a multiplication's time several
// times over on CPUs and GPUs alike); below from log k! (an absolute error
// near 1e-14).
ROCDIST_HOST_DEVICE double stirling_error(double k)
{
    if(k < 16)
        return log_small_factorial(k) - ((unfused_mul(k + 0.5, reproducible::log(k)) - k) + half_log_two_pi);
    const double r  = 1 / k;
    const double rr = unfused_mul(r, r);
    double       s  = (1.0 / 1680) - unfused_mul(1.0 / 1188, rr);
    s               = (1.0 / 1260) - unfused_mul(s, rr);
    s               = (1.0 / 360) - unfused_mul(s, rr);
    s               = (1.0 / 12) - unfused_mul(s, rr);
    return unfused_mul(s, r);
}

// 1 / j for the deviance's series, rounded once: a product by it replaces
// the series' division by j. The series' loop is unrolled, so each is a
// constant.
ROCDIST_HOST_DEVICE constexpr double odd_reciprocal(int j)
{
    return 1.0 / j;
}

// x log(x / m) + m - x for x >= 0 and m > 0 (Loader's bd0): where |x - m| <
// 0.3 (x + m), through v = (x - m) / (x + m) as (x - m) v + 2x (v^3/3 +
// v^5/5 + ...), summed until a term changes nothing (at most 19 terms),
// which keeps its digits when x and m are large and close (Loader switches
// at 0.1; at 0.3 the direct form's cancellation, x eps log(x / m), stays
// below 1e-13 at lambda = 1000 and 8 standard deviations).
ROCDIST_HOST_DEVICE double deviance(double x, double m)
{
    if(x == 0)
        return m;
    const double d = x - m;
    if(std::fabs(d) < unfused_mul(0.3, x + m))
    {
        const double v  = d / (x + m);
        const double v2 = unfused_mul(v, v);
        double       s  = unfused_mul(d, v);
        double       e  = unfused_mul(2 * x, v);
        ROCDIST_UNROLL
        for(int j = 3; j < 41; j += 2)
        {
            e              = unfused_mul(e, v2);
            const double t = s + unfused_mul(e, odd_reciprocal(j));
            if(t == s)
                break;
            s = t;
        }
        return s;
    }
    return unfused_mul(x, reproducible::log(x / m)) + (m - x);
}

// log P(K = k) for K ~ Poisson(lambda), an integer k >= 0, lambda > 0 with
// log_lambda = reproducible::log(lambda).
ROCDIST_HOST_DEVICE double log_poisson_pmf(double k, double lambda, double log_lambda)
{
    if(k < 16)
        return (unfused_mul(k, log_lambda) - lambda) - log_small_factorial(k);
    return ((-stirling_error(k) - deviance(k, lambda)) - half_log_two_pi) - 0.5 * reproducible::log(k);
}

// m exactly, as m_rounded + error with error tiny against m_rounded:
// x log(x / m) + m - x is deviance(x, m_rounded) + error (1 - x / m_rounded)
// to first order, with inverse_m = 1 / m_rounded (which the host's vector
// kernels make once per parameter, so the correction divides nothing). n p rounded to double
// moves the deviance by 1e-11 at n = 2^31 and 8 standard deviations; the
// product's exact error (an FMA, which rounds the same everywhere) takes
// that back.
ROCDIST_HOST_DEVICE double deviance(double x, double m_rounded, double error, double inverse_m)
{
    return deviance(x, m_rounded) + unfused_mul(error, 1 - unfused_mul(x, inverse_m));
}

// log P(K = k) for K ~ Binomial(n, p), an integer 0 <= k <= n and 0 < p <=
// 1/2 (the sampler's p', of which 1 - p' is the failure probability,
// exactly).
ROCDIST_HOST_DEVICE double log_binomial_pmf(double k, double n, double p)
{
    if(k == 0)
        return unfused_mul(n, reproducible::log1p(-p));
    if(k == n)
        return unfused_mul(n, reproducible::log(p));
    // n p and n (1 - p) with their rounding errors: q = 1 - p rounds, and
    // (1 - q) - p is its exact error (Sterbenz).
    const double q       = 1 - p;
    const double np      = unfused_mul(n, p);
    const double nq      = unfused_mul(n, q);
    const double np_error = std::fma(n, p, -np);
    const double nq_error = std::fma(n, q, -nq) + unfused_mul(n, (1 - q) - p);
    const double j        = n - k;
    const double s        = (stirling_error(n) - stirling_error(k)) - stirling_error(j);
    const double d        = deviance(k, np, np_error, 1 / np) + deviance(j, nq, nq_error, 1 / nq);
    const double l        = (reproducible::log(n) - reproducible::log(k)) - reproducible::log(j);
    return ((s - d) + 0.5 * l) - half_log_two_pi;
}

} // namespace rocdist::distributions
