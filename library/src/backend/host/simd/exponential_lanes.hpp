// distributions/exponential.hpp on the lanes of a Highway vector of
// doubles: reproducible::log and log1p with the scalar functions' operations
// in the scalar functions' order (each product rounded, then each sum; this
// file's includers are compiled with -ffp-contract=off), so every value is
// bit-identical to the scalar functor's.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_EXPONENTIAL_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_EXPONENTIAL_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_EXPONENTIAL_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_EXPONENTIAL_LANES_HPP
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

// distributions::exponential_of_word's -log u for the words w (below 2^32)
// of 64-bit lanes.
template <class DD>
HWY_INLINE hn::Vec<DD> exponential_of_word(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> w)
{
    const hn::RebindToSigned<DD> di;
    const auto u = hn::Add(hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, w)), hn::Set(dd, 0x1p-32)), hn::Set(dd, 0x1p-33));
    return hn::Neg(reproducible_log(dd, u));
}

// distributions::exponential_of_words' -log u for the 53 bits z = x ^ (y <<
// 21) of 64-bit lanes: log u below 2^52; above, log1p(-c) of the exact
// complement c, by twice_atanh(-c / (2 - c)) where -c > -0.29, else
// log(1 - c). The three share one twice_atanh: a lane's quotient and its
// multiple of ln 2 (0 for the first form of log1p) are chosen first.
template <class DD>
HWY_INLINE hn::Vec<DD> exponential_of_words(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z)
{
    const hn::RebindToUnsigned<DD> du;
    const hn::RebindToSigned<DD>   di;
    const auto                     one    = hn::Set(dd, 1.0);
    const auto                     lower  = hn::Lt(z, hn::Set(du, std::uint64_t{1} << 52));
    const auto                     scaled = [&](hn::Vec<decltype(du)> v) {
        return hn::Add(hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, v)), hn::Set(dd, 0x1p-53)), hn::Set(dd, 0x1p-54));
    };
    const auto u    = scaled(z);
    const auto c    = scaled(hn::Sub(hn::Set(du, (std::uint64_t{1} << 53) - 1), z));
    const auto x    = hn::Neg(c);
    const auto near = hn::And(hn::Not(hn::RebindMask(dd, lower)), hn::Gt(x, hn::Set(dd, -0.29)));
    // The argument of log: u (lower half) or 1 + x (the complement's far form).
    hn::Vec<DD> m, k;
    log_parts(dd, hn::IfThenElse(hn::RebindMask(dd, lower), u, hn::Add(one, x)), m, k);
    const auto numerator   = hn::IfThenElse(near, x, hn::Sub(m, one));
    const auto denominator = hn::IfThenElse(near, hn::Add(hn::Set(dd, 2.0), x), hn::Add(m, one));
    k                      = hn::IfThenZeroElse(near, k);
    return hn::Neg(scaled_by_ln2(dd, k, twice_atanh(dd, hn::Div(numerator, denominator))));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
