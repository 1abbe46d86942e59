// distributions/uniform.hpp on the lanes of a Highway vector: the same
// roundings, so every value is bit-identical to the scalar conversion's.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_UNIFORM_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_UNIFORM_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_UNIFORM_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_UNIFORM_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// uint32 -> float rounded once to nearest, as static_cast<float>: one
// instruction on AVX-512, NEON and SVE; on AVX2 Highway converts the high
// and low 16 bits (exact), and only their sum rounds.
template <class DF>
HWY_INLINE hn::Vec<DF> u32_to_float(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x)
{
    return hn::ConvertTo(df, x);
}

// distributions::uniform_float: (0, 1]. The product is exact.
template <class DF>
HWY_INLINE hn::Vec<DF> uniform_float(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x)
{
    return hn::MulAdd(u32_to_float(df, x), hn::Set(df, 0x1p-32f), hn::Set(df, 0x1p-33f));
}

// distributions::uniform_double's (z + 1/2) 2^-53 from each 64-bit lane's
// 53 bits z (below 2^53, so it converts exactly as a signed integer; the
// product is exact and the sum rounded once).
template <class DD>
HWY_INLINE hn::Vec<DD> uniform_double53(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z)
{
    const hn::RebindToSigned<DD> di;
    return hn::MulAdd(hn::ConvertTo(dd, hn::BitCast(di, z)), hn::Set(dd, 0x1p-53), hn::Set(dd, 0x1p-54));
}

// distributions::uniform_double(x, y) for x and y below 2^32 in 64-bit
// lanes: z = x ^ (y << 21).
template <class DD>
HWY_INLINE hn::Vec<DD> uniform_double(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> x,
                                      hn::Vec<hn::RebindToUnsigned<DD>> y)
{
    return uniform_double53(dd, hn::Xor(x, hn::ShiftLeft<21>(y)));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
