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

// Each lane's layer widths, x[layer] (outer) and x[layer + 1] (inner). For
// floats with 64-bit gathers, one gather of each lane's (outer, inner) pair
// (ziggurat_table::width) for every two lanes: gathers cost by the element,
// and this loads half the elements of one 32-bit gather per width.
template <class D, class VI>
HWY_INLINE void layer_widths(D d, VI layer, hn::Vec<D>& outer, hn::Vec<D>& inner)
{
    using T = hn::TFromD<D>;
#if HWY_TARGET != HWY_SCALAR
    if constexpr(sizeof(T) == sizeof(float))
    {
        const hn::Repartition<std::int64_t, D>            di64;
        const hn::Half<decltype(hn::RebindToSigned<D>())> dh;
        const auto* pairs = reinterpret_cast<const std::int64_t*>(distributions::ziggurat_tables<T>().width);
        const auto  lo    = hn::BitCast(d, hn::GatherIndex(di64, pairs, hn::PromoteTo(di64, hn::LowerHalf(dh, layer))));
        const auto  hi    = hn::BitCast(d, hn::GatherIndex(di64, pairs, hn::PromoteTo(di64, hn::UpperHalf(dh, layer))));
        outer             = hn::ConcatEven(d, hi, lo);
        inner             = hn::ConcatOdd(d, hi, lo);
        return;
    }
#endif
    const T* x = distributions::ziggurat_tables<T>().x;
    outer      = hn::GatherIndex(d, x, layer);
    inner      = hn::GatherIndex(d, x + 1, layer);
}

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
    const auto                    layer = hn::BitCast(di, hn::And(b, hn::Set(du, 0xffu)));
    const auto                    sign  = hn::ShiftLeft<8 * sizeof(T) - 1>(hn::ShiftRight<8>(b));
    const auto                    odd   = hn::Or(hn::ShiftRight<is_double ? 11 : 8>(b), hn::Set(du, 1u));
    const auto u = hn::Mul(hn::ConvertTo(d, hn::BitCast(di, odd)), hn::Set(d, is_double ? T(0x1p-53) : T(0x1p-24)));
    hn::Vec<D> outer, inner;
    layer_widths(d, layer, outer, inner);
    const auto abs_x = hn::Mul(u, outer);
    rejected         = hn::Not(hn::Lt(abs_x, inner));
    return hn::Or(abs_x, hn::BitCast(d, sign));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
