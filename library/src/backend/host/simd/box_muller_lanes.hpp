// Float Box-Muller (distributions::box_muller(x, y)) on the lanes of a
// Highway vector: the same uniform and angle, bit for bit, then the radius
// sqrt(-2 log_unit(u)) and sincos_angle (the GPU kernels' functions, shared
// operation for operation) instead of libm's logf and sincosf. Highway
// contrib's Log (4 ulp) and Sin and Cos (3 ulp) would not fit the bound
// below. Measured over 2^28 random word pairs (AVX2, AVX-512): within 3.58
// ulp of exact values and 3 ulp of the scalar functor's libm values, whose
// bound is 5 (box_muller_error.hpp; test_host_vector_kernels.cpp and
// test_simd_math.cpp assert it).
//
// Double Box-Muller (distributions::box_muller(x0, x1, y0, y1)) for double
// gamma's normals: the same uniform and angle, bit for bit, then Highway
// contrib's Log (4 ulp), Sin and Cos (3 ulp). The scalar functor's doubles
// stay libm's, bit-identical to cuRAND's host generator; gamma asks only
// the host/GPU tolerance of its variates (docs/gamma.md).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_BOX_MULLER_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_BOX_MULLER_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_BOX_MULLER_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_BOX_MULLER_LANES_HPP
#endif

#include <hwy/highway.h>

#include <hwy/contrib/math/math-inl.h>

#include "backend/host/simd/log_unit_lanes.hpp"
#include "backend/host/simd/sincos_angle_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// The pair of words x (radius) and y (angle) of each lane: first = r sin,
// second = r cos.
template <class DF>
HWY_INLINE void box_muller(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x, hn::Vec<hn::RebindToUnsigned<DF>> y,
                           hn::Vec<DF>& first, hn::Vec<DF>& second)
{
    // distributions::box_muller's angle: 2 pi / 2^32 rounded once to float,
    // the product rounded before the add.
    constexpr float angle_step = 0x1p-32f * 6.2831855f;
    const auto      v          = hn::Add(hn::Mul(u32_to_float(df, y), hn::Set(df, angle_step)),
                                         hn::Set(df, angle_step / 2));
    // -2 log u is 0 (u = 1) or at least 2^-24: a plain square root.
    const auto radius = hn::Sqrt(hn::Mul(hn::Set(df, -2.0f), log_unit(df, uniform_float(df, x))));
    hn::Vec<DF> sine, cosine;
    sincos_angle(df, v, sine, cosine);
    first  = hn::Mul(radius, sine);
    second = hn::Mul(radius, cosine);
}

// The pair of each lane's 53 bits x (radius) and y (angle) (bits53):
// first = r sin, second = r cos.
template <class DD>
HWY_INLINE void box_muller_double(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> x, hn::Vec<hn::RebindToUnsigned<DD>> y,
                                  hn::Vec<DD>& first, hn::Vec<DD>& second)
{
    const hn::RebindToSigned<DD> di;
    const auto u = hn::MulAdd(hn::ConvertTo(dd, hn::BitCast(di, x)), hn::Set(dd, 0x1p-53), hn::Set(dd, 0x1p-54));
    // The angle pi v, v = y 2^-52 + 2^-53 in (0, 2) exact, the product rounded once.
    const auto v      = hn::MulAdd(hn::ConvertTo(dd, hn::BitCast(di, y)), hn::Set(dd, 0x1p-52), hn::Set(dd, 0x1p-53));
    const auto angle  = hn::Mul(v, hn::Set(dd, 3.141592653589793));
    const auto radius = hn::Sqrt(hn::Mul(hn::Set(dd, -2.0), hn::Log(dd, u)));
    first             = hn::Mul(radius, hn::Sin(dd, angle));
    second            = hn::Mul(radius, hn::Cos(dd, angle));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
