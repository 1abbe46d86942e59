// distributions::log_unit (box_muller_radius.hpp) on the lanes of a Highway
// vector of floats: the same operations in the same order, each fused
// multiply-add where the scalar function has std::fma, so every value is
// bit-identical to the scalar function's (test_simd_math.cpp, over every 7th
// float of [2^-33, 1]) and has its error: below 1.23 ulp of log u for u a
// normal float in (0, 1] (test_box_muller_radius.cpp). Below it, the log of
// a sum with its rounding error added back (log1p's way), for floats through
// log_unit and for doubles through Highway contrib's Log (4 ulp).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_LOG_UNIT_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_LOG_UNIT_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_LOG_UNIT_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_LOG_UNIT_LANES_HPP
#endif

#include <hwy/highway.h>

#include <hwy/contrib/math/math-inl.h>

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

template <class DF>
HWY_INLINE hn::Vec<DF> log_unit(DF df, hn::Vec<DF> u)
{
    const hn::RebindToSigned<DF> di;
    const auto bits = hn::BitCast(di, u);
    const auto k    = hn::ShiftRight<23>(hn::Sub(bits, hn::Set(di, 0x3f3504f3))); // 0x3f3504f3: sqrt(1/2)
    const auto m    = hn::BitCast(df, hn::Sub(bits, hn::ShiftLeft<23>(k)));
    const auto f    = hn::Sub(m, hn::Set(df, 1.0f));
    const auto f2   = hn::Mul(f, f);
    auto       p    = hn::Set(df, -0.0766081885f);
    p               = hn::MulAdd(p, f, hn::Set(df, 0.127863303f));
    p               = hn::MulAdd(p, f, hn::Set(df, -0.131616056f));
    p               = hn::MulAdd(p, f, hn::Set(df, 0.141978770f));
    p               = hn::MulAdd(p, f, hn::Set(df, -0.166227520f));
    p               = hn::MulAdd(p, f, hn::Set(df, 0.200014129f));
    p               = hn::MulAdd(p, f, hn::Set(df, -0.250008464f));
    p               = hn::MulAdd(p, f, hn::Set(df, 0.333333284f));
    const auto l    = hn::MulAdd(hn::Mul(f2, f), p, hn::MulAdd(hn::Set(df, -0.5f), f2, f));
    const auto kf   = hn::ConvertTo(df, k);
    return hn::MulAdd(kf, hn::Set(df, 0.693147182f), hn::MulAdd(kf, hn::Set(df, -1.90465430e-09f), l));
}

// The log of a positive normal value: log_unit for floats (its reduction to
// [sqrt(1/2), sqrt(2)) holds for every positive normal float), Highway
// contrib's Log for doubles.
template <class DF>
HWY_INLINE hn::Vec<DF> log_positive(DF df, hn::Vec<DF> u)
{
    if constexpr(sizeof(hn::TFromD<DF>) == 4)
        return log_unit(df, u);
    else
        return hn::Log(df, u);
}

// log(u) + t / u: the log of u + t for |t| <= ulp(u), where t is the
// rounding error of the sum that gave u.
template <class DF>
HWY_INLINE hn::Vec<DF> log_compensated(DF df, hn::Vec<DF> u, hn::Vec<DF> t)
{
    return hn::Add(log_positive(df, u), hn::Div(t, u));
}

// log1p(x) for x > -1: u = 1 + x rounded, and its rounding error
// x - (u - 1) (u - 1 is exact for u in [1/2, 2]; above 2 what it loses is
// below log u's own ulp).
template <class DF>
HWY_INLINE hn::Vec<DF> log1p(DF df, hn::Vec<DF> x)
{
    const auto one = hn::Set(df, hn::TFromD<DF>(1));
    const auto u   = hn::Add(one, x);
    return log_compensated(df, u, hn::Sub(x, hn::Sub(u, one)));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
