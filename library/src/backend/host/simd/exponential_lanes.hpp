// distributions/exponential.hpp on the lanes of Highway vectors: the float
// logarithm (distributions::exponential_float) on float lanes; for doubles,
// reproducible::log and log1p (reproducible_math_lanes.hpp) four vectors at
// a time. Each with the scalar functions' operations in their order, so
// every value is bit-identical to the scalar functor's.
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
#include "backend/host/simd/small_integer_lanes.hpp"
#include "rocdist/device/distributions/exponential.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::exponential_of_word: -log u in float for the words w of
// 32-bit lanes (exponential_float::parts, tail and minus_log in turn).
template <class DF>
HWY_INLINE hn::Vec<DF> exponential_of_word(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w)
{
    namespace x = distributions::exponential_float;
    const hn::RebindToSigned<DF>   di;
    const auto                     one   = hn::Set(df, 1.0f);
    const auto                     sign  = hn::ShiftRight<31>(hn::BitCast(di, w)); // all ones in the upper half
    const auto                     upper = hn::RebindMask(df, hn::Lt(sign, hn::Zero(di)));
    const auto                     v     = hn::Xor(hn::BitCast(di, w), sign);
    // parts: x + dx, then the lower half's m 2^k and the upper half's forms.
    const auto a  = hn::Mul(hn::ConvertTo(df, hn::ShiftRight<8>(v)), hn::Set(df, 0x1p-24f));
    const auto b  = hn::Add(hn::Mul(hn::ConvertTo(df, hn::And(v, hn::Set(di, 255))), hn::Set(df, 0x1p-32f)),
                            hn::Set(df, 0x1p-33f));
    const auto xs = hn::Add(a, b);
    const auto dx = hn::Sub(b, hn::Sub(xs, a));
    const auto bits  = hn::BitCast(di, xs);
    const auto k     = hn::ShiftRight<23>(hn::Sub(bits, hn::Set(di, 0x3f3504f3)));
    const auto m     = hn::BitCast(df, hn::Sub(bits, hn::ShiftLeft<23>(k)));
    const auto scale = hn::BitCast(df, hn::ShiftLeft<23>(hn::Sub(hn::Set(di, 127), k)));
    const auto near  = hn::Lt(xs, hn::Set(df, x::upper_edge));
    const auto f     = hn::IfThenElse(upper, hn::IfThenElse(near, hn::Neg(xs), hn::Sub(one, hn::Add(xs, xs))),
                                      hn::Sub(m, one));
    const auto dfv   = hn::IfThenElse(upper, hn::IfThenElse(near, hn::Neg(dx), hn::Neg(hn::Add(dx, dx))),
                                      hn::Mul(dx, scale));
    const auto kf    = hn::IfThenElse(upper, hn::IfThenZeroElse(near, hn::Set(df, -1.0f)), hn::ConvertTo(df, k));
    // tail
    auto p = hn::Set(df, x::tail_coefficient(0));
    for(int j = 1; j < 8; ++j)
        p = hn::Add(hn::Mul(p, f), hn::Set(df, x::tail_coefficient(j)));
    const auto tail = hn::Mul(hn::Mul(f, f), hn::Sub(hn::Mul(f, p), hn::Set(df, 0.5f)));
    // minus_log
    const auto head       = hn::Neg(hn::Mul(kf, hn::Set(df, x::ln2_head)));
    const auto s          = hn::Sub(head, f);
    const auto e          = hn::Sub(hn::Neg(f), hn::Sub(s, head));
    const auto correction = hn::Mul(dfv, hn::Add(hn::Sub(one, f), hn::Mul(f, f)));
    return hn::Add(s, hn::Sub(e, hn::Add(hn::Mul(kf, hn::Set(df, x::ln2_tail)), hn::Add(tail, correction))));
}

// distributions::exponential_of_words' log u for the 53 bits z = x ^ (y <<
// 21) of 64-bit lanes, up to its series: log u below 2^52; above,
// log1p(-c) of the exact complement c, by twice_atanh(-c / (2 - c)) where
// -c > -0.29, else log(1 - c). The three share one twice_atanh: a lane's
// quotient f and its multiple k of ln 2 (0 for the first form of log1p).
// A lane needs only the one of u and c whose integer is below 2^52, so
// both convert as small integers (small_integer_lanes.hpp); the other's
// value in the lane is not used.
template <class DD>
HWY_INLINE void exponential_of_words_parts(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z, hn::Vec<DD>& f,
                                           hn::Vec<DD>& k)
{
    const hn::RebindToUnsigned<DD> du;
    const auto                     one    = hn::Set(dd, 1.0);
    const auto                     lower  = hn::Lt(z, hn::Set(du, std::uint64_t{1} << 52));
    // v 2^-53 is exact, so fusing its sum rounds as the scalar sum does.
    const auto                     scaled = [&](hn::Vec<decltype(du)> v) {
        return hn::MulAdd(double_of_small_unsigned(dd, v), hn::Set(dd, 0x1p-53), hn::Set(dd, 0x1p-54));
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
