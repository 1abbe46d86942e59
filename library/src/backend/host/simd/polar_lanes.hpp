// Marsaglia's polar method (distributions/polar.hpp) on the lanes of a
// Highway vector of floats or doubles: the coordinates and s = a a + b b
// bit for bit (each square rounded on its own), so every decision is the
// scalar function's; the factor sqrt(-2 log s / s) takes log_unit (floats:
// the GPU kernels' log, within 1.23 ulp) or Highway's Log (doubles: within
// 4 ulp) where the scalar code calls libm's log, so a value may differ from
// the scalar function's by a few ulp (test_block_kernels.cpp and
// test_compacted_kernels.cpp bound it).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_POLAR_LANES_HPP
#endif

#include <cstdint>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "backend/host/simd/log_unit_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// A lane's coordinate in (-1, 1). Floats: distributions::polar_coordinate(x)
// of each 32-bit word, the word read as signed, times 2^-31, plus 2^-32
// (the product exact, the sum rounded). Doubles:
// distributions::polar_coordinate(x0, x1) of each 64-bit lane's value
// x0 | x1 << 32 (paired_words): z = x0 ^ (x1 << 21) is below 2^53, and
// (2z + 1 - 2^53) 2^-53 converts and scales exactly.
template <class DF>
HWY_INLINE hn::Vec<DF> polar_coordinate(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x)
{
    const hn::RebindToSigned<DF> di;
    if constexpr(sizeof(hn::TFromD<DF>) == 4)
        return hn::Add(hn::Mul(hn::ConvertTo(df, hn::BitCast(di, x)), hn::Set(df, 0x1p-31f)), hn::Set(df, 0x1p-32f));
    else
    {
        const hn::RebindToUnsigned<DF> du;
        const auto                     z = bits53(du, x);
        const auto c = hn::Sub(hn::BitCast(di, hn::Add(hn::Add(z, z), hn::Set(du, 1))),
                               hn::Set(di, std::int64_t{1} << 53));
        return hn::Mul(hn::ConvertTo(df, c), hn::Set(df, 0x1p-53));
    }
}

// One attempt in each lane from its coordinates: the lanes whose point lies
// inside the unit disc, and their pair (first, second) = (a f, b f).
template <class DF>
HWY_INLINE hn::Mask<DF> polar_attempt(DF df, hn::Vec<DF> a, hn::Vec<DF> b, hn::Vec<DF>& first, hn::Vec<DF>& second)
{
    using T      = hn::TFromD<DF>;
    const auto s = hn::Add(hn::Mul(a, a), hn::Mul(b, b));
    hn::Vec<DF> log_s;
    if constexpr(sizeof(T) == 4)
        log_s = log_unit(df, s);
    else
        log_s = hn::Log(df, s);
    const auto f = hn::Sqrt(hn::Div(hn::Mul(hn::Set(df, T(-2)), log_s), s));
    first        = hn::Mul(a, f);
    second       = hn::Mul(b, f);
    return hn::Lt(s, hn::Set(df, T(1)));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
