// distributions/exponential.hpp on the lanes of Highway vectors of
// doubles, four vectors at a time: reproducible::log and log1p
// (reproducible_math_lanes.hpp) with the scalar functions' operations in
// their order, so every value is bit-identical to the scalar functor's.
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

#include "backend/host/simd/reproducible_math_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::exponential_of_word's log u for the words w (below 2^32)
// of 64-bit lanes, up to its series: log u = k ln 2 + twice_atanh(f).
template <class DD>
HWY_INLINE void exponential_of_word_parts(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> w, hn::Vec<DD>& f, hn::Vec<DD>& k)
{
    const hn::RebindToSigned<DD> di;
    const auto one = hn::Set(dd, 1.0);
    const auto u   = hn::Add(hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, w)), hn::Set(dd, 0x1p-32)), hn::Set(dd, 0x1p-33));
    hn::Vec<DD> m;
    log_parts(dd, u, m, k);
    f = hn::Div(hn::Sub(m, one), hn::Add(m, one));
}

// distributions::exponential_of_words' log u for the 53 bits z = x ^ (y <<
// 21) of 64-bit lanes, up to its series: log u below 2^52; above,
// log1p(-c) of the exact complement c, by twice_atanh(-c / (2 - c)) where
// -c > -0.29, else log(1 - c). The three share one twice_atanh: a lane's
// quotient f and its multiple k of ln 2 (0 for the first form of log1p).
template <class DD>
HWY_INLINE void exponential_of_words_parts(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z, hn::Vec<DD>& f,
                                           hn::Vec<DD>& k)
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
    hn::Vec<DD> m;
    log_parts(dd, hn::IfThenElse(hn::RebindMask(dd, lower), u, hn::Add(one, x)), m, k);
    const auto numerator   = hn::IfThenElse(near, x, hn::Sub(m, one));
    const auto denominator = hn::IfThenElse(near, hn::Add(hn::Set(dd, 2.0), x), hn::Add(m, one));
    k                      = hn::IfThenZeroElse(near, k);
    f                      = hn::Div(numerator, denominator);
}

// -log u of four vectors of words by Parts (one of the two above), their
// series side by side (twice_atanh4).
template <class DD, class Parts, class VU = hn::Vec<hn::RebindToUnsigned<DD>>>
HWY_INLINE void exponentials4(DD dd, Parts parts, VU w0, VU w1, VU w2, VU w3, hn::Vec<DD>& e0, hn::Vec<DD>& e1,
                              hn::Vec<DD>& e2, hn::Vec<DD>& e3)
{
    hn::Vec<DD> k0, k1, k2, k3;
    parts(dd, w0, e0, k0);
    parts(dd, w1, e1, k1);
    parts(dd, w2, e2, k2);
    parts(dd, w3, e3, k3);
    twice_atanh4(dd, e0, e1, e2, e3);
    e0 = hn::Neg(scaled_by_ln2(dd, k0, e0));
    e1 = hn::Neg(scaled_by_ln2(dd, k1, e1));
    e2 = hn::Neg(scaled_by_ln2(dd, k2, e2));
    e3 = hn::Neg(scaled_by_ln2(dd, k3, e3));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
