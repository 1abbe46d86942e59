// The float ziggurat's fast path (distributions::ziggurat_fast) on the lanes
// of a Highway vector: the same float operations (2m + 1 = (w >> 8) | 1,
// exact scaling, one rounded product, one compare), so every accepted value
// is bit-identical to the scalar function's. The 0.7% of lanes it rejects
// are the caller's to finish on the scalar slow path.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_ZIGGURAT_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_ZIGGURAT_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_ZIGGURAT_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_ZIGGURAT_LANES_HPP
#endif

#include <hwy/highway.h>

#include "distributions/ziggurat.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// The attempt of word w in each lane: its signed abscissa, and in
// `rejected` the lanes whose point is not under the curve's inner part.
template <class DF>
HWY_INLINE hn::Vec<DF> ziggurat_fast(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w, hn::Mask<DF>& rejected)
{
    const hn::RebindToUnsigned<DF> du;
    const hn::RebindToSigned<DF>   di;
    const float*                   x     = distributions::ziggurat_tables<float>().x;
    const auto                     layer = hn::BitCast(di, hn::And(w, hn::Set(du, 0xffu)));
    const auto                     sign  = hn::ShiftLeft<31>(hn::ShiftRight<8>(w));
    const auto                     odd   = hn::Or(hn::ShiftRight<8>(w), hn::Set(du, 1u));
    const auto u      = hn::Mul(hn::ConvertTo(df, hn::BitCast(di, odd)), hn::Set(df, 0x1p-24f));
    const auto abs_x  = hn::Mul(u, hn::GatherIndex(df, x, layer));
    const auto inside = hn::GatherIndex(df, x + 1, layer);
    rejected          = hn::Not(hn::Lt(abs_x, inside));
    return hn::Or(abs_x, hn::BitCast(df, sign));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
