// The log probabilities of distributions/count_pmf.hpp on the lanes of a
// Highway vector of doubles: log k! below 16, Stirling's error, the
// deviance (its series summed in every lane until each lane's sum stops
// changing, as the scalar loop stops), and the Poisson and binomial log
// probabilities (the binomial's for 1 <= k <= n - 1). Each lane takes the scalar
// function's operations in their order, so every value is bit-identical to
// the scalar one's.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_COUNT_PMF_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_COUNT_PMF_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_COUNT_PMF_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_COUNT_PMF_LANES_HPP
#endif

#include <hwy/highway.h>

#include "backend/host/simd/reproducible_math_lanes.hpp"
#include "rocdist/device/distributions/count_pmf.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::log_small_factorial(k) for an integer k = 0 .. 15 (larger
// k take 15!): the product 2 3 ... k, then its log.
template <class DD>
HWY_INLINE hn::Vec<DD> log_small_factorial(DD dd, hn::Vec<DD> k)
{
    auto f = hn::Set(dd, 1.0);
    for(double j = 2; j <= 15; ++j)
        f = hn::IfThenElse(hn::Le(hn::Set(dd, j), k), hn::Mul(f, hn::Set(dd, j)), f);
    return reproducible_log(dd, f);
}

// distributions::stirling_error(k) for k >= 16: its series.
template <class DD>
HWY_INLINE hn::Vec<DD> stirling_error_series(DD dd, hn::Vec<DD> k)
{
    const auto kk = hn::Mul(k, k);
    auto       s  = hn::Sub(hn::Set(dd, 1.0 / 1680), hn::Div(hn::Set(dd, 1.0 / 1188), kk));
    s             = hn::Sub(hn::Set(dd, 1.0 / 1260), hn::Div(s, kk));
    s             = hn::Sub(hn::Set(dd, 1.0 / 360), hn::Div(s, kk));
    s             = hn::Sub(hn::Set(dd, 1.0 / 12), hn::Div(s, kk));
    return hn::Div(s, k);
}

// distributions::deviance(x, m) for x > 0: the series where |x - m| < 0.3
// (x + m), x log(x / m) + m - x elsewhere. A lane whose series has stopped
// keeps its sum while the others go on.
template <class DD>
HWY_INLINE hn::Vec<DD> deviance(DD dd, hn::Vec<DD> x, hn::Vec<DD> m)
{
    const auto d      = hn::Sub(x, m);
    const auto sum    = hn::Add(x, m);
    const auto near   = hn::Lt(hn::Abs(d), hn::Mul(hn::Set(dd, 0.3), sum));
    auto       result = hn::Zero(dd);
    if(!hn::AllFalse(dd, near))
    {
        const auto v  = hn::Div(d, sum);
        const auto v2 = hn::Mul(v, v);
        auto       s  = hn::Mul(d, v);
        auto       e  = hn::Mul(hn::Add(x, x), v);
        auto       done = hn::Not(near);
        for(int j = 3; j < 41 && !hn::AllTrue(dd, done); j += 2)
        {
            e            = hn::Mul(e, v2);
            const auto t = hn::Add(s, hn::Div(e, hn::Set(dd, double(j))));
            done         = hn::Or(done, hn::Eq(t, s));
            s            = hn::IfThenElse(done, s, t);
        }
        result = s;
    }
    if(!hn::AllTrue(dd, near))
    {
        const auto far = hn::Add(hn::Mul(x, reproducible_log(dd, hn::Div(x, m))), hn::Sub(m, x));
        result         = hn::IfThenElse(near, result, far);
    }
    return result;
}

// distributions::stirling_error(k) for an integer k >= 1, given log k: from
// log k! below 16, the series from 16 on.
template <class DD>
HWY_INLINE hn::Vec<DD> stirling_error(DD dd, hn::Vec<DD> k, hn::Vec<DD> log_k)
{
    const auto small = hn::Lt(k, hn::Set(dd, 16.0));
    auto       error = hn::Zero(dd);
    if(!hn::AllFalse(dd, small))
        error = hn::Sub(log_small_factorial(dd, k),
                        hn::Add(hn::Sub(hn::Mul(hn::Add(k, hn::Set(dd, 0.5)), log_k), k),
                                hn::Set(dd, distributions::half_log_two_pi)));
    if(!hn::AllTrue(dd, small))
        error = hn::IfThenElse(small, error, stirling_error_series(dd, k));
    return error;
}

// distributions::log_poisson_pmf(k, lambda, log lambda) for an integer k >=
// 0: (k log lambda - lambda) - log k! below 16, the saddle-point form from
// 16 on. Lanes whose k is 0 take the series' branch's values elsewhere
// (log of a positive stand-in), then the small form.
template <class DD>
HWY_INLINE hn::Vec<DD> log_poisson_pmf(DD dd, hn::Vec<DD> k, double lambda, double log_lambda)
{
    const auto small  = hn::Lt(k, hn::Set(dd, 16.0));
    auto       result = hn::Zero(dd);
    if(!hn::AllFalse(dd, small))
        result = hn::Sub(hn::Sub(hn::Mul(k, hn::Set(dd, log_lambda)), hn::Set(dd, lambda)), log_small_factorial(dd, k));
    if(!hn::AllTrue(dd, small))
    {
        const auto large = hn::IfThenElse(small, hn::Set(dd, 16.0), k);
        const auto s     = hn::Neg(stirling_error_series(dd, large));
        const auto t     = hn::Sub(hn::Sub(s, deviance(dd, large, hn::Set(dd, lambda))),
                                   hn::Set(dd, distributions::half_log_two_pi));
        result = hn::IfThenElse(small, result, hn::Sub(t, hn::Mul(hn::Set(dd, 0.5), reproducible_log(dd, large))));
    }
    return result;
}

// What distributions::log_binomial_pmf(k, n, p) computes from (n, p) alone,
// once per call.
struct binomial_pmf_constants
{
    double n, np, nq, np_error, nq_error, stirling_n, log_n;
};

inline binomial_pmf_constants make_binomial_pmf_constants(double n, double p)
{
    namespace d        = distributions;
    const double q     = 1 - p;
    const double np    = unfused_mul(n, p);
    const double nq    = unfused_mul(n, q);
    const double np_e  = std::fma(n, p, -np);
    const double nq_e  = std::fma(n, q, -nq) + unfused_mul(n, (1 - q) - p);
    return {n, np, nq, np_e, nq_e, d::stirling_error(n), d::reproducible::log(n)};
}

// distributions::deviance(x, m_rounded, error).
template <class DD>
HWY_INLINE hn::Vec<DD> deviance(DD dd, hn::Vec<DD> x, double m_rounded, double error)
{
    const auto m = hn::Set(dd, m_rounded);
    return hn::Add(deviance(dd, x, m), hn::Mul(hn::Set(dd, error), hn::Sub(hn::Set(dd, 1.0), hn::Div(x, m))));
}

// distributions::log_binomial_pmf(k, n, p) for 1 <= k <= n - 1.
template <class DD>
HWY_INLINE hn::Vec<DD> log_binomial_pmf(DD dd, hn::Vec<DD> k, const binomial_pmf_constants& c)
{
    const auto j     = hn::Sub(hn::Set(dd, c.n), k);
    const auto log_k = reproducible_log(dd, k);
    const auto log_j = reproducible_log(dd, j);
    const auto s     = hn::Sub(hn::Sub(hn::Set(dd, c.stirling_n), stirling_error(dd, k, log_k)),
                               stirling_error(dd, j, log_j));
    const auto d     = hn::Add(deviance(dd, k, c.np, c.np_error), deviance(dd, j, c.nq, c.nq_error));
    const auto l     = hn::Sub(hn::Sub(hn::Set(dd, c.log_n), log_k), log_j);
    return hn::Sub(hn::Add(hn::Sub(s, d), hn::Mul(hn::Set(dd, 0.5), l)), hn::Set(dd, distributions::half_log_two_pi));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
