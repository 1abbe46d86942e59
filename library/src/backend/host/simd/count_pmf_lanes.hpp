// The log probabilities of distributions/count_pmf.hpp on the lanes of a
// Highway vector of doubles: log k! below 16 (from a table of the scalar
// function's values), Stirling's error, the
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
#include "backend/host/simd/small_integer_lanes.hpp"
#include "rocdist/device/distributions/count_pmf.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::log_small_factorial(k) for k = 0 .. 15, each the scalar
// function's value, made once: a lane's log k! is then a load, not a
// product and a logarithm.
struct small_factorial_logs
{
    double value[16];
};

inline const small_factorial_logs& small_factorial_log_table()
{
    static const small_factorial_logs table = [] {
        small_factorial_logs t{};
        for(int k = 0; k < 16; ++k)
            t.value[k] = distributions::log_small_factorial(k);
        return t;
    }();
    return table;
}

// distributions::log_small_factorial(k) for an integer k = 0 .. 15; other
// lanes get 0 (log 0!), which the callers' small branches leave unused.
template <class DD>
HWY_INLINE hn::Vec<DD> log_small_factorial(DD dd, hn::Vec<DD> k)
{
    const auto in_table = hn::And(hn::Ge(k, hn::Zero(dd)), hn::Lt(k, hn::Set(dd, 16.0)));
    return hn::GatherIndex(dd, small_factorial_log_table().value, small_integer_of_double(dd, hn::IfThenElseZero(in_table, k)));
}

// distributions::stirling_error(k) for k >= 16: its series in r = 1/k.
template <class DD>
HWY_INLINE hn::Vec<DD> stirling_error_series(DD dd, hn::Vec<DD> k)
{
    const auto r  = hn::Div(hn::Set(dd, 1.0), k);
    const auto rr = hn::Mul(r, r);
    auto       s  = hn::Sub(hn::Set(dd, 1.0 / 1680), hn::Mul(hn::Set(dd, 1.0 / 1188), rr));
    s             = hn::Sub(hn::Set(dd, 1.0 / 1260), hn::Mul(s, rr));
    s             = hn::Sub(hn::Set(dd, 1.0 / 360), hn::Mul(s, rr));
    s             = hn::Sub(hn::Set(dd, 1.0 / 12), hn::Mul(s, rr));
    return hn::Mul(s, r);
}

// distributions::odd_reciprocal(j) for the deviance's j = 3, 5, .. 39,
// made at compile time: the lanes' series runs until its lanes stop, so its
// j is not a constant there, and a division per step would share the
// divider with the lanes' own.
struct odd_reciprocals
{
    double value[19];
};

constexpr odd_reciprocals make_odd_reciprocals()
{
    odd_reciprocals r{};
    for(int j = 3; j < 41; j += 2)
        r.value[(j - 3) / 2] = distributions::odd_reciprocal(j);
    return r;
}

inline constexpr odd_reciprocals odd_reciprocal_table = make_odd_reciprocals();

// distributions::deviance(x, m) for x > 0: the series where |x - m| < 0.3
// (x + m), x log(x / m) + m - x elsewhere. A lane whose series has stopped
// goes on with the others, unchanged: its terms all have one sign and
// shrink, so once a term leaves its sum unchanged, every later sum lies
// between it and that term's and rounds to it. The sums' chain is one
// addition a step, with no select.
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
        const auto far = hn::Not(near);
        for(int j = 3; j < 41; j += 2)
        {
            e                  = hn::Mul(e, v2);
            const auto t       = hn::Add(s, hn::Mul(e, hn::Set(dd, odd_reciprocal_table.value[(j - 3) / 2])));
            const bool stopped = hn::AllTrue(dd, hn::Or(far, hn::Eq(t, s)));
            s                  = t;
            if(stopped)
                break;
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
// 0, each lane with its lambda: (k log lambda - lambda) - log k! below 16,
// the saddle-point form from 16 on. Lanes whose k is 0 take the series'
// branch's values elsewhere (log of a positive stand-in), then the small
// form.
template <class DD>
HWY_INLINE hn::Vec<DD> log_poisson_pmf(DD dd, hn::Vec<DD> k, hn::Vec<DD> lambda, hn::Vec<DD> log_lambda)
{
    const auto small  = hn::Lt(k, hn::Set(dd, 16.0));
    auto       result = hn::Zero(dd);
    if(!hn::AllFalse(dd, small))
        result = hn::Sub(hn::Sub(hn::Mul(k, log_lambda), lambda), log_small_factorial(dd, k));
    if(!hn::AllTrue(dd, small))
    {
        const auto large = hn::IfThenElse(small, hn::Set(dd, 16.0), k);
        const auto s     = hn::Neg(stirling_error_series(dd, large));
        const auto t     = hn::Sub(hn::Sub(s, deviance(dd, large, lambda)),
                                   hn::Set(dd, distributions::half_log_two_pi));
        result = hn::IfThenElse(small, result, hn::Sub(t, hn::Mul(hn::Set(dd, 0.5), reproducible_log(dd, large))));
    }
    return result;
}

// What distributions::log_binomial_pmf(k, n, p) computes from (n, p) alone,
// for the lanes of one vector, each lane with its (n, p), 0 < p <= 1/2:
// row j holds constant j of every lane (n p and n (1 - p) with their
// rounding errors and reciprocals, Stirling's error of n, log n). Rows of doubles, not
// vectors: a struct cannot hold SVE's.
struct binomial_pmf_rows
{
    enum
    {
        n,
        np,
        nq,
        np_error,
        nq_error,
        inverse_np,
        inverse_nq,
        stirling_n,
        log_n,
        count
    };
    HWY_ALIGN double row[count][hn::MaxLanes(hn::ScalableTag<double>())];
};

// The rows of (n, p) lane by lane. The errors are fused multiply-adds, as
// the scalar function's std::fma: only targets with FMA have this (every
// target with vector kernels; the others emulate MulAdd, inexactly).
#if HWY_NATIVE_FMA
template <class DD>
HWY_INLINE void make_binomial_pmf_rows(DD dd, hn::Vec<DD> n, hn::Vec<DD> p, binomial_pmf_rows& r)
{
    using rows       = binomial_pmf_rows;
    const auto one   = hn::Set(dd, 1.0);
    const auto q     = hn::Sub(one, p);
    const auto np    = hn::Mul(n, p);
    const auto nq    = hn::Mul(n, q);
    const auto log_n = reproducible_log(dd, n);
    hn::Store(n, dd, r.row[rows::n]);
    hn::Store(np, dd, r.row[rows::np]);
    hn::Store(nq, dd, r.row[rows::nq]);
    hn::Store(hn::MulAdd(n, p, hn::Neg(np)), dd, r.row[rows::np_error]);
    hn::Store(hn::Add(hn::MulAdd(n, q, hn::Neg(nq)), hn::Mul(n, hn::Sub(hn::Sub(one, q), p))), dd,
              r.row[rows::nq_error]);
    hn::Store(hn::Div(one, np), dd, r.row[rows::inverse_np]);
    hn::Store(hn::Div(one, nq), dd, r.row[rows::inverse_nq]);
    hn::Store(stirling_error(dd, n, log_n), dd, r.row[rows::stirling_n]);
    hn::Store(log_n, dd, r.row[rows::log_n]);
}
#endif

// distributions::deviance(x, m_rounded, error, inverse_m).
template <class DD>
HWY_INLINE hn::Vec<DD> deviance(DD dd, hn::Vec<DD> x, hn::Vec<DD> m, hn::Vec<DD> error, hn::Vec<DD> inverse_m)
{
    return hn::Add(deviance(dd, x, m), hn::Mul(error, hn::Sub(hn::Set(dd, 1.0), hn::Mul(x, inverse_m))));
}

// distributions::log_binomial_pmf(k, n, p) for 1 <= k <= n - 1.
template <class DD>
HWY_INLINE hn::Vec<DD> log_binomial_pmf(DD dd, hn::Vec<DD> k, const binomial_pmf_rows& r)
{
    using rows       = binomial_pmf_rows;
    const auto row   = [&](int j) { return hn::Load(dd, r.row[j]); };
    const auto j     = hn::Sub(row(rows::n), k);
    const auto log_k = reproducible_log(dd, k);
    const auto log_j = reproducible_log(dd, j);
    const auto s     = hn::Sub(hn::Sub(row(rows::stirling_n), stirling_error(dd, k, log_k)), stirling_error(dd, j, log_j));
    const auto d     = hn::Add(deviance(dd, k, row(rows::np), row(rows::np_error), row(rows::inverse_np)),
                               deviance(dd, j, row(rows::nq), row(rows::nq_error), row(rows::inverse_nq)));
    const auto l     = hn::Sub(hn::Sub(row(rows::log_n), log_k), log_j);
    return hn::Sub(hn::Add(hn::Sub(s, d), hn::Mul(hn::Set(dd, 0.5), l)), hn::Set(dd, distributions::half_log_two_pi));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
