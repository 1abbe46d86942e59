// Float Box-Muller (distributions::box_muller(x, y)) on the lanes of a
// Highway vector: the same uniform and angle, bit for bit, then the radius
// sqrt(-2 log_unit(u)) and sincos_angle (the GPU kernels' functions, shared
// operation for operation) instead of libm's logf and sincosf. Highway
// contrib's Log (4 ulp) and Sin and Cos (3 ulp) would not fit the bound
// below. Measured over 2^28 random word pairs (AVX2, AVX-512): within 3.58
// ulp of exact values and 3 ulp of the scalar functor's libm values, whose
// bound is 5 (box_muller_error.hpp; test_block_kernels.cpp and
// test_simd_math.cpp assert it).
//
// Double Box-Muller (distributions::box_muller(x0, x1, y0, y1)): the same
// uniform and angle, bit for bit, then Highway contrib's Log (4 ulp), Sin
// and Cos (3 ulp) instead of libm's log, sin and cos: within 3.5 ulp of the
// scalar functor's libm values over test_block_kernels.cpp's requests
// (AVX2, AVX-512), whose bound is 8 (box_muller_error.hpp), far inside the
// host/GPU tolerance (2^-46 relative).
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

// The pair of each lane's x (radius) and y (angle): first = r sin, second =
// r cos. Floats take the words; doubles their 53 bits each (bits53 of x0,
// x1 and of y0, y1).
template <class DF>
HWY_INLINE void box_muller(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x, hn::Vec<hn::RebindToUnsigned<DF>> y,
                           hn::Vec<DF>& first, hn::Vec<DF>& second)
{
    if constexpr(sizeof(hn::TFromD<DF>) == 4)
    {
        // distributions::box_muller's angle: 2 pi / 2^32 rounded once to
        // float, the product rounded before the add.
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
    else
    {
        // The angle pi v, v = y 2^-52 + 2^-53 in (0, 2): twice the uniform
        // of y, exactly, then the product rounded once, as the scalar code's.
        const auto half_v = uniform_double53(df, y);
        const auto v      = hn::Add(half_v, half_v);
        const auto angle  = hn::Mul(v, hn::Set(df, 3.141592653589793));
        const auto radius = hn::Sqrt(hn::Mul(hn::Set(df, -2.0), hn::Log(df, uniform_double53(df, x))));
        first             = hn::Mul(radius, hn::Sin(df, angle));
        second            = hn::Mul(radius, hn::Cos(df, angle));
    }
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
