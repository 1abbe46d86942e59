// The ziggurat's fast path (distributions::ziggurat_fast) on the lanes of a
// Highway vector, float and double: the same operations (2m + 1 from the
// magnitude bits, exact scaling, one rounded product, one compare), so
// every accepted value is bit-identical to the scalar function's. The 0.7% of lanes it rejects
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

#include "rocdist/device/distributions/ziggurat.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// The attempt of bits b in each lane (32 for float, 64 for double): its
// signed abscissa, and in `rejected` the lanes whose point is not under the
// curve's inner part. The layer is the low 8 bits, the sign bit 8, the
// magnitude m the top 23 (52) bits; 2m + 1 = (b >> 8) | 1 (float) or
// (b >> 11) | 1 (double) converts exactly.
template <class D>
HWY_INLINE hn::Vec<D> ziggurat_fast(D d, hn::Vec<hn::RebindToUnsigned<D>> b, hn::Mask<D>& rejected)
{
    using T                       = hn::TFromD<D>;
    constexpr bool                is_double = sizeof(T) == 8;
    const hn::RebindToUnsigned<D> du;
    const hn::RebindToSigned<D>   di;
    const T*                      x     = distributions::ziggurat_tables<T>().x;
    const auto                    layer = hn::BitCast(di, hn::And(b, hn::Set(du, 0xffu)));
    const auto                    sign  = hn::ShiftLeft<8 * sizeof(T) - 1>(hn::ShiftRight<8>(b));
    const auto                    odd   = hn::Or(hn::ShiftRight<is_double ? 11 : 8>(b), hn::Set(du, 1u));
    const auto u      = hn::Mul(hn::ConvertTo(d, hn::BitCast(di, odd)), hn::Set(d, is_double ? T(0x1p-53) : T(0x1p-24)));
    const auto abs_x  = hn::Mul(u, hn::GatherIndex(d, x, layer));
    const auto inside = hn::GatherIndex(d, x + 1, layer);
    rejected          = hn::Not(hn::Lt(abs_x, inside));
    return hn::Or(abs_x, hn::BitCast(d, sign));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
