// reproducible::log (distributions/reproducible_math.hpp) on the lanes of a
// Highway vector of doubles, with the scalar function's operations in the
// scalar function's order (each product rounded, then each sum; this file's
// includers are compiled with -ffp-contract=off), so every value is
// bit-identical to the scalar one's: the exponentials' and the count
// samplers' kernels (exponential_lanes.hpp, count_pmf_lanes.hpp).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "rocdist/device/distributions/reproducible_math.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// reproducible::twice_atanh(f).
template <class DD>
HWY_INLINE hn::Vec<DD> twice_atanh(DD dd, hn::Vec<DD> f)
{
    const auto s = hn::Mul(f, f);
    auto       p = hn::Set(dd, 2.0 / 23);
    for(int j = 21; j >= 3; j -= 2)
        p = hn::Add(hn::Mul(p, s), hn::Set(dd, 2.0 / j));
    return hn::Add(hn::Mul(hn::Mul(f, s), p), hn::Add(f, f));
}

// k ln 2 + t, as reproducible::log adds its parts.
template <class DD>
HWY_INLINE hn::Vec<DD> scaled_by_ln2(DD dd, hn::Vec<DD> k, hn::Vec<DD> t)
{
    namespace r = distributions::reproducible;
    return hn::Add(hn::Mul(k, hn::Set(dd, r::ln2_head)), hn::Add(hn::Mul(k, hn::Set(dd, r::ln2_tail)), t));
}

// frexp for positive normal x, with the mantissa moved to [sqrt(1/2),
// sqrt(2)) as reproducible::log moves it: x = m 2^k.
template <class DD>
HWY_INLINE void log_parts(DD dd, hn::Vec<DD> x, hn::Vec<DD>& m, hn::Vec<DD>& k)
{
    const hn::RebindToUnsigned<DD> du;
    const hn::RebindToSigned<DD>   di;
    const auto                     bits = hn::BitCast(du, x);
    // [1/2, 1): the exponent field of 1/2 over x's fraction.
    m = hn::BitCast(dd, hn::Or(hn::And(bits, hn::Set(du, 0x000fffffffffffffull)), hn::Set(du, 0x3fe0000000000000ull)));
    auto       e    = hn::Sub(hn::BitCast(di, hn::ShiftRight<52>(bits)), hn::Set(di, 1022));
    const auto low  = hn::Lt(m, hn::Set(dd, 0.70710678118654752));
    m               = hn::IfThenElse(low, hn::Add(m, m), m);
    e               = hn::IfThenElse(hn::RebindMask(di, low), hn::Sub(e, hn::Set(di, 1)), e);
    k               = hn::ConvertTo(dd, e);
}

// reproducible::log(x) for positive normal x.
template <class DD>
HWY_INLINE hn::Vec<DD> reproducible_log(DD dd, hn::Vec<DD> x)
{
    hn::Vec<DD> m, k;
    log_parts(dd, x, m, k);
    const auto one = hn::Set(dd, 1.0);
    return scaled_by_ln2(dd, k, twice_atanh(dd, hn::Div(hn::Sub(m, one), hn::Add(m, one))));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
