// distributions/exponential.hpp on the lanes of a Highway vector of
// doubles: reproducible::log and log1p (reproducible_math_lanes.hpp) with the
// scalar functions' operations in their order, so every value is
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

#include "backend/host/simd/reproducible_math_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

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
