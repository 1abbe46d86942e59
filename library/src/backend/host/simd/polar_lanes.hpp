// Marsaglia's polar method (distributions/polar.hpp) on the lanes of a
// Highway vector of floats: the coordinates and s = a a + b b bit for bit
// (each square rounded on its own), so every decision is the scalar
// function's; the factor sqrt(-2 log s / s) takes log_unit (the GPU
// kernels' log, within 1.23 ulp) where the scalar code calls libm's logf,
// so a value may differ from the scalar function's by a few ulp
// (test_host_vector_kernels.cpp bounds it).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#endif

#include <hwy/highway.h>

#include "backend/host/simd/log_unit_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::polar_coordinate(x): the word read as signed, times 2^-31,
// plus 2^-32 (the product exact, the sum rounded).
template <class DF>
HWY_INLINE hn::Vec<DF> polar_coordinate(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x)
{
    const hn::RebindToSigned<DF> di;
    return hn::Add(hn::Mul(hn::ConvertTo(df, hn::BitCast(di, x)), hn::Set(df, 0x1p-31f)), hn::Set(df, 0x1p-32f));
}

// One attempt in each lane from its coordinates: the lanes whose point lies
// inside the unit disc, and their pair (first, second) = (a f, b f).
template <class DF>
HWY_INLINE hn::Mask<DF> polar_attempt(DF df, hn::Vec<DF> a, hn::Vec<DF> b, hn::Vec<DF>& first, hn::Vec<DF>& second)
{
    const auto s = hn::Add(hn::Mul(a, a), hn::Mul(b, b));
    const auto f = hn::Sqrt(hn::Div(hn::Mul(hn::Set(df, -2.0f), log_unit(df, s)), s));
    first        = hn::Mul(a, f);
    second       = hn::Mul(b, f);
    return hn::Lt(s, hn::Set(df, 1.0f));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
