// distributions::alias_lookup on the lanes of a Highway vector of 64-bit
// integers: with x = h 2^32 + l, s = h k + floor(l k / 2^32) (below 2^64)
// holds alias_lookup's column in its high word and its coin in its low
// word, the same integers, so the same categories bit for bit.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_ALIAS_LOOKUP_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_ALIAS_LOOKUP_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_ALIAS_LOOKUP_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_ALIAS_LOOKUP_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "rocdist/device/distributions/alias_table.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// s for h and l in the low words of the 64-bit lanes of `high` and `low`
// (their high words are ignored), k in every 32-bit lane of `k`.
template <class D32>
HWY_INLINE hn::Vec<hn::RepartitionToWide<D32>> alias_product(D32, hn::Vec<D32> low, hn::Vec<D32> high,
                                                             hn::Vec<D32> k)
{
    return hn::Add(hn::MulEven(high, k), hn::ShiftRight<32>(hn::MulEven(low, k)));
}

// The category of each lane's s. An entry {threshold, alias} is one 64-bit
// word on a little-endian CPU: threshold in the low half.
template <class D64>
HWY_INLINE hn::Vec<D64> alias_lookup(D64 d64, const distributions::alias_entry* table, hn::Vec<D64> s)
{
    static_assert(sizeof(distributions::alias_entry) == sizeof(std::uint64_t));
    const hn::RebindToSigned<D64> di;
    const auto column = hn::ShiftRight<32>(s);
    const auto entry  = hn::GatherIndex(d64, reinterpret_cast<const std::uint64_t*>(table), hn::BitCast(di, column));
    // coin < threshold: both below 2^32, so a signed compare serves.
    const auto low  = hn::Set(d64, 0xffffffffull);
    const auto keep = hn::Lt(hn::BitCast(di, hn::And(s, low)), hn::BitCast(di, hn::And(entry, low)));
    return hn::IfThenElse(hn::RebindMask(d64, keep), column, hn::ShiftRight<32>(entry));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
