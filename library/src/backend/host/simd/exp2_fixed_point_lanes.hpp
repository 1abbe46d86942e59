// distributions::exp2_fixed_point on the lanes of a Highway vector, bit for
// bit: h in double lanes, split by the same floor and difference; the
// fraction's 64-bit fixed point by the same truncating conversion; 2^f by
// the same table and the same truncated 64-bit products, each the high
// word of a 128-bit product built from 32 x 32-bit ones.
//
// Per-target code (see philox_lanes.hpp), for the vector targets only
// (ROCDIST_HOST_SIMD_TARGETS): the others run the scalar function.
#if defined(ROCDIST_BACKEND_HOST_SIMD_EXP2_FIXED_POINT_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_EXP2_FIXED_POINT_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_EXP2_FIXED_POINT_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_EXP2_FIXED_POINT_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "backend/host/simd/small_integer_lanes.hpp"
#include "build_config.hpp"
#include "rocdist/device/distributions/fixed_point_exp2.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// distributions::mul_high of each lane, from the four 32 x 32-bit products
// of its halves (MulEven of the 32-bit lanes multiplies each 64-bit lane's
// low words): the sum of the middle products and the low product's carry
// cannot overflow 64 bits in two steps.
template <class D64>
HWY_INLINE hn::Vec<D64> mul_high(D64 d, hn::Vec<D64> a, hn::Vec<D64> b)
{
    const hn::Repartition<std::uint32_t, D64> d32;
    const auto                                 a_high = hn::ShiftRight<32>(a), b_high = hn::ShiftRight<32>(b);
    const auto product = [d32](hn::Vec<D64> x, hn::Vec<D64> y) { return hn::MulEven(hn::BitCast(d32, x), hn::BitCast(d32, y)); };
    const auto low_low  = product(a, b);
    const auto mid      = hn::Add(product(a, b_high), hn::ShiftRight<32>(low_low));
    const auto mid2     = hn::Add(hn::And(mid, hn::Set(d, 0xffffffffull)), product(a_high, b));
    return hn::Add(hn::Add(product(a_high, b_high), hn::ShiftRight<32>(mid)), hn::ShiftRight<32>(mid2));
}

// distributions::exp2_fraction of each lane.
template <class D64>
HWY_INLINE hn::Vec<D64> exp2_fraction(D64 d, hn::Vec<D64> x)
{
    const hn::RebindToSigned<D64> di;
    const auto                    c = [d](std::uint64_t v) { return hn::Set(d, v); };
    const auto                    y = mul_high(d, hn::And(x, c((std::uint64_t(1) << 58) - 1)), c(0xb17217f7d1cf79ac));
    const auto                    y2   = mul_high(d, y, y);
    const auto                    y3   = mul_high(d, y2, y);
    const auto                    y5   = mul_high(d, mul_high(d, y2, y2), y);
    const auto                    low  = hn::Add(c(0x2aaaaaaaaaaaaaab), mul_high(d, y, c(0x0aaaaaaaaaaaaaab)));
    const auto                    high = hn::Add(hn::Add(c(0x0222222222222222), mul_high(d, y, c(0x005b05b05b05b05b))),
                                                 mul_high(d, y2, c(0x000d00d00d00d00d)));
    const auto e = hn::Add(hn::Add(hn::Add(y, hn::ShiftRight<1>(y2)), hn::Add(mul_high(d, y3, low), mul_high(d, y5, high))),
                           c(2));
    const auto table = hn::GatherIndex(d, distributions::exp2_sixty_fourths, hn::BitCast(di, hn::ShiftRight<58>(x)));
    return hn::Add(table, mul_high(d, table, e));
}

// distributions::exp2_fixed_point(h, bits) of each double lane of h, as
// 64-bit integers of the same lanes.
template <class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> exp2_fixed_point(DF df, hn::Vec<DF> h, unsigned bits)
{
    const hn::RebindToUnsigned<DF> du;
    const hn::RebindToSigned<DF>   di;
    // split_whole: floor and difference; a difference rounded up to 1 takes
    // the integer above.
    auto       whole    = hn::Floor(h);
    auto       fraction = hn::Sub(h, whole);
    const auto one      = hn::Set(df, 1.0);
    const auto rounded  = hn::Ge(fraction, one);
    whole               = hn::IfThenElse(rounded, hn::Add(whole, one), whole);
    fraction            = hn::IfThenZeroElse(rounded, fraction);
    // Shifts of 64 or more, or whole <= -64, give 0 (whole <= 0 as h < 1).
    const auto in_range = hn::Gt(whole, hn::Set(df, -64.0));
    const auto shift    = hn::Add(hn::Set(du, bits),
                                  hn::BitCast(du, small_integer_of_double(df, hn::IfThenElseZero(in_range, hn::Neg(whole)))));
    const auto x
        = hn::ShiftLeft<1>(hn::BitCast(du, hn::ConvertTo(di, hn::Mul(fraction, hn::Set(df, 0x1p63)))));
    const auto keep = hn::And(hn::RebindMask(du, in_range),
                              hn::RebindMask(du, hn::Lt(hn::BitCast(di, shift), hn::Set(di, 64))));
    return hn::IfThenElseZero(keep, hn::Shr(exp2_fraction(du, x), hn::IfThenElseZero(keep, shift)));
}

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
