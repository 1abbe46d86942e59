// distributions::sincos_angle on the lanes of a Highway vector of floats:
// the same operations in the same order, each fused multiply-add where the
// scalar function has std::fma and the quadrant's sign flips as exact
// negations, so every value is bit-identical to the scalar function's
// (test_simd_math.cpp) and has its error: below 1.47 ulp for sine and
// cosine of an angle in [2^-30, 2 pi] (test_sincos_angle.cpp).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_SINCOS_ANGLE_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_SINCOS_ANGLE_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_SINCOS_ANGLE_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_SINCOS_ANGLE_LANES_HPP
#endif

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

template <class DF>
HWY_INLINE void sincos_angle(DF df, hn::Vec<DF> x, hn::Vec<DF>& sine, hn::Vec<DF>& cosine)
{
    const hn::RebindToSigned<DF> di;
    const auto j = hn::Round(hn::Mul(x, hn::Set(df, 0x1.45f306p-1f))); // 2 / pi
    auto       r = hn::NegMulAdd(j, hn::Set(df, 0x1.921fb6p+0f), x);
    r            = hn::NegMulAdd(j, hn::Set(df, -0x1.777a5cp-25f), r);
    r            = hn::NegMulAdd(j, hn::Set(df, -0x1.ee59dap-50f), r);
    const auto r2 = hn::Mul(r, r);
    const auto s  = hn::MulAdd(
        hn::Mul(r, r2),
        hn::MulAdd(r2, hn::MulAdd(r2, hn::Set(df, -1.95202127e-4f), hn::Set(df, 8.33220407e-3f)),
                   hn::Set(df, -1.66666552e-1f)),
        r);
    const auto c = hn::MulAdd(
        r2,
        hn::MulAdd(r2,
                   hn::MulAdd(r2, hn::MulAdd(r2, hn::Set(df, 2.44382318e-5f), hn::Set(df, -1.38873653e-3f)),
                              hn::Set(df, 4.16666456e-2f)),
                   hn::Set(df, -0.5f)),
        hn::Set(df, 1.0f));
    // Quadrant q = j mod 4: odd q swaps sine and cosine; the sine is negated
    // for q = 2, 3 and the cosine for q = 1, 2 (bit 1 of q and of q + 1).
    // For |x| < 6.5e6 (the callers' angles lie in [0, 2 pi]), |j| < 2^22:
    // j + 1.5 2^23 is exact and its significand's low bits are j's modulo
    // 2^22, and so q's. One addition, where Highway's conversion to
    // integers takes five operations on x86.
    const auto q      = hn::BitCast(di, hn::Add(j, hn::Set(df, 0x1.8p23f)));
    const auto two    = hn::Set(di, 2);
    const auto swap   = hn::RebindMask(df, hn::Eq(hn::And(q, hn::Set(di, 1)), hn::Set(di, 1)));
    const auto sin_neg = hn::BitCast(df, hn::ShiftLeft<30>(hn::And(q, two)));
    const auto cos_neg = hn::BitCast(df, hn::ShiftLeft<30>(hn::And(hn::Add(q, hn::Set(di, 1)), two)));
    sine               = hn::Xor(hn::IfThenElse(swap, c, s), sin_neg);
    cosine             = hn::Xor(hn::IfThenElse(swap, s, c), cos_neg);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
