// Exact conversions between 64-bit integer lanes and double lanes for
// integers of magnitude below 2^51 (or unsigned, below 2^52), and the
// truncation of doubles in [0, 2^63). Where the target has no instruction
// for them (ROCDIST_HOST_SIMD_NO_INT64_CONVERSIONS in build_config.hpp), by
// a bias b of 1.5 2^52 (or 2^52): in [2^52, 2^53) a double's unit in the
// last place is 1, so b + v is exact and its bits are those of b plus v;
// two operations each way, where Highway's conversions take five (integer
// to double) or a dozen (double to integer). Under AVX-512
// (ROCDIST_HOST_SIMD_AVX512_TARGETS), the instruction that converts
// doubles to 64-bit integers alone:
// Highway's conversion adds four operations that saturate the doubles out
// of range, which these functions are never given. Each result is the
// exact one, as a conversion's, so the callers' values are the same on
// every target.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_SMALL_INTEGER_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_SMALL_INTEGER_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_SMALL_INTEGER_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_SMALL_INTEGER_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "build_config.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_NO_INT64_CONVERSIONS

inline constexpr double        small_integer_bias       = 0x1.8p52;
inline constexpr std::uint64_t small_integer_bias_bits  = 0x4338000000000000ull;
inline constexpr double        small_unsigned_bias      = 0x1p52;
inline constexpr std::uint64_t small_unsigned_bias_bits = 0x4330000000000000ull;

// The double of each lane of signed v, |v| < 2^51.
template <class DD>
HWY_INLINE hn::Vec<DD> double_of_small_integer(DD dd, hn::Vec<hn::RebindToSigned<DD>> v)
{
    const hn::RebindToUnsigned<DD> du;
    const auto biased = hn::Add(hn::BitCast(du, v), hn::Set(du, small_integer_bias_bits));
    return hn::Sub(hn::BitCast(dd, biased), hn::Set(dd, small_integer_bias));
}

// The double of each lane of unsigned v < 2^52.
template <class DD>
HWY_INLINE hn::Vec<DD> double_of_small_unsigned(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> v)
{
    const hn::RebindToUnsigned<DD> du;
    const auto biased = hn::Or(v, hn::Set(du, small_unsigned_bias_bits));
    return hn::Sub(hn::BitCast(dd, biased), hn::Set(dd, small_unsigned_bias));
}

// The signed integer of each lane of x, an integer of magnitude below 2^51.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToSigned<DD>> small_integer_of_double(DD dd, hn::Vec<DD> x)
{
    const hn::RebindToSigned<DD> di;
    const auto biased = hn::BitCast(di, hn::Add(x, hn::Set(dd, small_integer_bias)));
    return hn::Sub(biased, hn::Set(di, static_cast<std::int64_t>(small_integer_bias_bits)));
}

// The truncated integer of each lane of x, 0 <= x < 2^63: 2^26 floor(x /
// 2^26) and the rest below 2^26, each converted whole. The rest is exact:
// a multiple of x's unit in the last place, below 2^26.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DD>> truncated_unsigned_of_double(DD dd, hn::Vec<DD> x)
{
    const hn::RebindToUnsigned<DD> du;
    const auto                     high = hn::Floor(hn::Mul(x, hn::Set(dd, 0x1p-26)));
    const auto                     low  = hn::Floor(hn::Sub(x, hn::Mul(high, hn::Set(dd, 0x1p26))));
    return hn::Add(hn::ShiftLeft<26>(hn::BitCast(du, small_integer_of_double(dd, high))),
                   hn::BitCast(du, small_integer_of_double(dd, low)));
}

#else

// The truncated integer of each lane of x, |x| < 2^63.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToSigned<DD>> truncated_integer_of_double([[maybe_unused]] DD dd, hn::Vec<DD> x)
{
#if HWY_TARGET & ROCDIST_HOST_SIMD_AVX512_TARGETS
    using result                = hn::Vec<hn::RebindToSigned<DD>>;
    constexpr std::size_t bytes = hn::MaxLanes(dd) * sizeof(double);
    if constexpr(bytes == 64)
        return result{_mm512_cvttpd_epi64(x.raw)};
    else if constexpr(bytes == 32)
        return result{_mm256_cvttpd_epi64(x.raw)};
    else
        return result{_mm_cvttpd_epi64(x.raw)};
#else
    return hn::ConvertTo(hn::RebindToSigned<DD>(), x);
#endif
}

template <class DD>
HWY_INLINE hn::Vec<DD> double_of_small_integer(DD dd, hn::Vec<hn::RebindToSigned<DD>> v)
{
    return hn::ConvertTo(dd, v);
}

template <class DD>
HWY_INLINE hn::Vec<DD> double_of_small_unsigned(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> v)
{
    return hn::ConvertTo(dd, hn::BitCast(hn::RebindToSigned<DD>(), v));
}

template <class DD>
HWY_INLINE hn::Vec<hn::RebindToSigned<DD>> small_integer_of_double(DD dd, hn::Vec<DD> x)
{
    return truncated_integer_of_double(dd, x);
}

template <class DD>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DD>> truncated_unsigned_of_double(DD dd, hn::Vec<DD> x)
{
    return hn::BitCast(hn::RebindToUnsigned<DD>(), truncated_integer_of_double(dd, x));
}

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
