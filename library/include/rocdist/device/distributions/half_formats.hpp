// Floats rounded to the 16-bit formats, to nearest with ties to even, in
// integer arithmetic, so that host and GPU round alike whatever their
// hardware conversions and rounding modes: IEEE binary16 ("half": 5 exponent
// bits, 10 fraction bits, subnormals below 2^-14) and bfloat16 (the upper
// half of a float: 8 exponent bits, 7 fraction bits). NaN stays a quiet NaN
// of the same sign; values beyond the largest finite value round to infinity.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

ROCDIST_HOST_DEVICE std::uint32_t float_bits(float x)
{
    std::uint32_t b;
    ROCDIST_MEMCPY(&b, &x, sizeof b);
    return b;
}

ROCDIST_HOST_DEVICE std::uint16_t half_bits(float x)
{
    const std::uint32_t b    = float_bits(x);
    const auto          sign = static_cast<std::uint16_t>(b >> 16 & 0x8000u);
    const std::uint32_t a    = b & 0x7fffffffu;
    if(a > 0x7f800000u) // NaN: quiet, with the payload's top bits
        return static_cast<std::uint16_t>(sign | 0x7e00u | (a >> 13 & 0x1ffu));
    if(a >= 0x477ff000u) // 65520 and above (65504 + half an ulp, a tie that rounds to even) and infinity
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    if(a >= 0x38800000u) // 2^-14 and above: a normal half
    {
        // Rebias the exponent (127 - 15 = 112), then add just under half an
        // ulp, plus one when the kept part is odd, so a tie rounds to even;
        // a carry into the exponent is the correct next binade.
        const std::uint32_t rounded = a + 0xfffu + (a >> 13 & 1u);
        return static_cast<std::uint16_t>(sign | (rounded - (112u << 23)) >> 13);
    }
    // Below 2^-14: a subnormal half, a multiple of 2^-24. A float with biased
    // exponent e and significand m (implicit bit set) is m 2^(e - 150), that
    // is m 2^(e - 126) units: shift m right by 126 - e, to nearest even. Below
    // 2^-25 (e < 102) that is 0; 2^-25 itself is a tie that rounds to 0.
    const std::uint32_t e = a >> 23;
    if(e < 102)
        return sign;
    const std::uint32_t m     = (a & 0x7fffffu) | 0x800000u;
    const std::uint32_t shift = 126 - e; // 14 .. 24
    const std::uint32_t kept  = m >> shift;
    const std::uint32_t rest  = m & ((1u << shift) - 1);
    const std::uint32_t half  = 1u << (shift - 1);
    const std::uint32_t units = kept + (rest > half || (rest == half && (kept & 1u)) ? 1u : 0u);
    return static_cast<std::uint16_t>(sign | units); // 0x400 when it rounds up to 2^-14: the right bits
}

ROCDIST_HOST_DEVICE std::uint16_t bfloat16_bits(float x)
{
    const std::uint32_t b = float_bits(x);
    if((b & 0x7fffffffu) > 0x7f800000u)
        return static_cast<std::uint16_t>(b >> 16 | 0x40u);
    // Just under half an ulp of the kept part, plus one when it is odd; the
    // carry runs into the exponent, and past the largest finite value to
    // infinity.
    return static_cast<std::uint16_t>((b + 0x7fffu + (b >> 16 & 1u)) >> 16);
}

// The float a half or bfloat16 stands for: exact, since every half and
// bfloat16 value is a float (NaN stays NaN, of the same sign).
ROCDIST_HOST_DEVICE float float_of_bits(std::uint32_t b)
{
    float x;
    ROCDIST_MEMCPY(&x, &b, sizeof x);
    return x;
}

ROCDIST_HOST_DEVICE float float_from_half(std::uint16_t h)
{
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t e    = h >> 10 & 0x1fu;
    const std::uint32_t m    = h & 0x3ffu;
    if(e == 0x1fu) // infinity or NaN: the payload moves up with the fraction
        return float_of_bits(sign | 0x7f800000u | m << 13);
    if(e != 0) // normal: rebias the exponent (127 - 15 = 112)
        return float_of_bits(sign | (e + 112u) << 23 | m << 13);
    // Zero or subnormal: m 2^-24, a float exactly (m < 2^10).
    const float magnitude = static_cast<float>(m) * 0x1p-24f;
    return float_of_bits(sign | float_bits(magnitude));
}

ROCDIST_HOST_DEVICE float float_from_bfloat16(std::uint16_t b)
{
    return float_of_bits(static_cast<std::uint32_t>(b) << 16);
}

} // namespace rocdist::distributions
