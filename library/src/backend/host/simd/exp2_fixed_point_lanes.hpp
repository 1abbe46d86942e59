// distributions::exp2_fixed_point on the lanes of a Highway vector, bit for
// bit: h in double lanes, split by the same floor and difference; the
// fraction's 64-bit fixed point by the same truncating conversion; 2^f by
// the same table and the same truncated 64-bit products, each the high
// word of a 128-bit product built from 32 x 32-bit ones. Those products
// are most of a logit's cost, and the result keeps only the bits above its
// shift (at least the row's bits = ceil(log2 k)), so each lane first takes
// an estimate in double arithmetic, and the products run only for a
// vector with a lane whose estimate's error could straddle the shift.
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

// distributions::exp2_fraction of each lane, its table entry given.
template <class D64>
HWY_INLINE hn::Vec<D64> exp2_fraction(D64 d, hn::Vec<D64> x, hn::Vec<D64> table)
{
    const auto c    = [d](std::uint64_t v) { return hn::Set(d, v); };
    const auto y    = mul_high(d, hn::And(x, c((std::uint64_t(1) << 58) - 1)), c(0xb17217f7d1cf79ac));
    const auto y2   = mul_high(d, y, y);
    const auto y3   = mul_high(d, y2, y);
    const auto y5   = mul_high(d, mul_high(d, y2, y2), y);
    const auto low  = hn::Add(c(0x2aaaaaaaaaaaaaab), mul_high(d, y, c(0x0aaaaaaaaaaaaaab)));
    const auto high = hn::Add(hn::Add(c(0x0222222222222222), mul_high(d, y, c(0x005b05b05b05b05b))),
                              mul_high(d, y2, c(0x000d00d00d00d00d)));
    const auto e = hn::Add(hn::Add(hn::Add(y, hn::ShiftRight<1>(y2)), hn::Add(mul_high(d, y3, low), mul_high(d, y5, high))),
                           c(2));
    return hn::Add(table, mul_high(d, table, e));
}

// exp2_fraction(x) for x = fraction 2^64 (truncated to even), estimated in
// double arithmetic as T + C: T = exp2_sixty_fourths[i], C = trunc(T (2^r
// - 1)) with r = fraction - i/64 (exact) and 2^r - 1 by its series to r^7
// in fused multiply-adds. Returns C. T + C is within C / 2^50 + 12 of
// exp2_fraction(x): 2^(x / 2^64) 2^63 is within 4 of exp2_fraction(x) (its
// own bound) and within 2 of T (1 + 2^r - 1) (r exceeds x / 2^64 by less
// than 2^-63, T the exact 2^(i/64) 2^63 by up to 1/2); the double
// arithmetic errs by at most 6 roundings of C, C / 2^50.4 (the series 2,
// T's conversion 2, as T - 2^63 and then plus 2^63, the two products 1
// each), the series' remainder by below 0.1, the truncation by below 1.
// Measured over 2 x 10^8 random fractions and the ends of every table
// interval: at most 0.42 of the bound.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DD>> exp2_fraction_excess(DD dd, hn::Vec<DD> fraction,
                                                                  hn::Vec<hn::RebindToUnsigned<DD>> index,
                                                                  hn::Vec<hn::RebindToUnsigned<DD>> table)
{
    const hn::RebindToSigned<DD> di;
    const auto r = hn::Sub(fraction, hn::Mul(double_of_small_unsigned(dd, index), hn::Set(dd, 0x1p-6)));
    // (ln 2)^j / j!, j = 7 .. 1, each rounded to double.
    auto p = hn::Set(dd, 0x1.ffcbfc588b0c7p-17);
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.430912f86c787p-13));
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.5d87fe78a6731p-10));
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.3b2ab6fba4e77p-7));
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.c6b08d704a0c0p-5));
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.ebfbdff82c58fp-3));
    p      = hn::MulAdd(p, r, hn::Set(dd, 0x1.62e42fefa39efp-1));
    const hn::RebindToUnsigned<DD> du;
    const auto top = hn::Set(du, std::uint64_t(1) << 63); // T >= 2^63: converted as a signed integer below it
    const auto t   = hn::Add(hn::ConvertTo(dd, hn::BitCast(di, hn::Xor(table, top))), hn::Set(dd, 0x1p63));
    return truncated_unsigned_of_double(dd, hn::Mul(t, hn::Mul(p, r)));
}

// exp2_sixty_fourths[index] in each lane, index < 64: under AVX-512 with
// 8 lanes, from the table's 8 vectors by four permutes that each pick
// from two of them and two selects (5% faster logits calls than a gather
// on an AMD EPYC); elsewhere a gather.
template <class DU>
HWY_INLINE hn::Vec<DU> sixty_fourths(DU du, hn::Vec<DU> index)
{
#if HWY_TARGET & ROCDIST_HOST_SIMD_AVX512_TARGETS
    if constexpr(hn::MaxLanes(du) == 8)
    {
        const auto pick = [&index](unsigned quarter) {
            const auto* t = reinterpret_cast<const __m512i*>(distributions::exp2_sixty_fourths) + 2 * quarter;
            return _mm512_permutex2var_epi64(_mm512_loadu_si512(t), index.raw, _mm512_loadu_si512(t + 1));
        };
        const __mmask8 second = _mm512_test_epi64_mask(index.raw, _mm512_set1_epi64(16));
        const __mmask8 upper  = _mm512_test_epi64_mask(index.raw, _mm512_set1_epi64(32));
        return hn::Vec<DU>{_mm512_mask_blend_epi64(upper, _mm512_mask_blend_epi64(second, pick(0), pick(1)),
                                                   _mm512_mask_blend_epi64(second, pick(2), pick(3)))};
    }
#endif
    return hn::GatherIndex(du, distributions::exp2_sixty_fourths, hn::BitCast(hn::RebindToSigned<DU>(), index));
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
    const auto keep = hn::And(hn::RebindMask(du, in_range),
                              hn::RebindMask(du, hn::Lt(hn::BitCast(di, shift), hn::Set(di, 64))));
    const auto s    = hn::IfThenElseZero(keep, shift);
    // The table's index, x / 2^58 = floor(fraction 64) (masked: a lane whose
    // h is -inf has a NaN fraction).
    const auto index = hn::And(hn::BitCast(du, small_integer_of_double(df, hn::Floor(hn::Mul(fraction, hn::Set(df, 64.0))))),
                               hn::Set(du, 63));
    const auto table = sixty_fourths(du, index);
    // The estimate's whole interval of possible values shifts to one value,
    // or the lane takes exp2_fraction's own.
    const auto excess   = exp2_fraction_excess(df, fraction, index, table);
    const auto estimate = hn::Add(table, excess);
    const auto bound    = hn::Add(hn::ShiftRight<50>(excess), hn::Set(du, 12));
    auto       value    = hn::Shr(hn::Add(estimate, bound), s);
    const auto unsure   = hn::And(keep, hn::Ne(hn::Shr(hn::Sub(estimate, bound), s), value));
    if(!hn::AllFalse(du, unsure))
    {
        const auto x = hn::ShiftLeft<1>(truncated_unsigned_of_double(df, hn::Mul(fraction, hn::Set(df, 0x1p63))));
        value        = hn::IfThenElse(unsure, hn::Shr(exp2_fraction(du, x, table), s), value);
    }
    return hn::IfThenElseZero(keep, value);
}

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
