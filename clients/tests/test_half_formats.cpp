// The 16-bit roundings (distributions/half_formats.hpp) against a reference
// computed another way: the float's exact value in double, divided by the
// target format's ulp at its exponent (a power of two, so exactly), rounded
// to an integer by the FPU's round-to-nearest-even, and re-encoded. For
// every exponent and sign, the float's low bits that decide the rounding (all
// 2^13 patterns for half; for bfloat16's 16, those around 0, the tie 0x8000
// and 0xffff), under kept bits that are even, odd, all ones (carrying into
// the exponent) and one more.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "backend/narrowed_outputs.hpp"
#include "rocdist/device/distributions/half_formats.hpp"

namespace
{

using rocdist::distributions::bfloat16_bits;
using rocdist::distributions::half_bits;

struct format
{
    int fraction_bits; // 10 or 7
    int min_exponent;  // of the normals: -14 or -126
    int max_exponent;  // 15 or 127
};

constexpr format binary16{10, -14, 15};
constexpr format bfloat16{7, -126, 127};

float from_bits(std::uint32_t b)
{
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

// Bits of the nearest value of the format, ties to even; NaN excluded.
std::uint16_t reference_bits(float x, const format& f)
{
    const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    const double        v    = std::fabs(static_cast<double>(x));
    const int           exponent_shift = f.fraction_bits;
    const std::uint16_t infinity = static_cast<std::uint16_t>((2 * f.max_exponent + 1) << exponent_shift);
    if(std::isinf(v))
        return sign | infinity;
    if(v == 0)
        return sign;
    const int    e   = std::max(std::ilogb(v), f.min_exponent);
    const double ulp = std::ldexp(1.0, e - f.fraction_bits);
    const double r   = std::nearbyint(v / ulp) * ulp;
    if(r >= std::ldexp(1.0, f.max_exponent + 1))
        return sign | infinity;
    if(r < std::ldexp(1.0, f.min_exponent))
        return sign | static_cast<std::uint16_t>(r / std::ldexp(1.0, f.min_exponent - f.fraction_bits));
    const int    E        = std::ilogb(r);
    const double fraction = r / std::ldexp(1.0, E - f.fraction_bits) - std::ldexp(1.0, f.fraction_bits);
    return sign
           | static_cast<std::uint16_t>(((E + f.max_exponent) << exponent_shift) | static_cast<unsigned>(fraction));
}

// The low-bit patterns checked: all of them up to 2^13, else the 512
// around 0, around the tie and below the top.
std::vector<std::uint32_t> low_patterns(unsigned low_bits)
{
    std::vector<std::uint32_t> lows;
    const std::uint32_t        count = 1u << low_bits;
    for(std::uint32_t low = 0; low < count; ++low)
    {
        const bool near_edge = low < 512 || low >= count - 512 || (low >= count / 2 - 256 && low < count / 2 + 256);
        if(low_bits <= 13 || near_edge)
            lows.push_back(low);
    }
    return lows;
}

template <class Round>
void expect_rounding(const format& f, Round round)
{
    const unsigned      low_bits = 23 - f.fraction_bits;
    const std::uint32_t all_ones = (1u << f.fraction_bits) - 1;
    const std::uint32_t highs[]  = {0, 1, 0x55 & all_ones, all_ones};
    const auto          lows     = low_patterns(low_bits);
    std::uint64_t       checked = 0, wrong = 0;
    for(std::uint32_t sign = 0; sign < 2; ++sign)
        for(std::uint32_t exponent = 0; exponent < 255; ++exponent)
            for(std::uint32_t high : highs)
                for(std::uint32_t low : lows)
                {
                    const std::uint32_t b = sign << 31 | exponent << 23 | high << low_bits | low;
                    const float         x = from_bits(b);
                    ++checked;
                    if(round(x) != reference_bits(x, f) && wrong++ < 5)
                        ADD_FAILURE() << std::hex << "float bits 0x" << b << ": 0x" << round(x) << ", expected 0x"
                                      << reference_bits(x, f);
                }
    EXPECT_EQ(wrong, 0u) << "of " << checked;
}

TEST(half_formats, binary16_rounds_to_nearest_even)
{
    expect_rounding(binary16, half_bits);
}

TEST(half_formats, bfloat16_rounds_to_nearest_even)
{
    expect_rounding(bfloat16, bfloat16_bits);
}

TEST(half_formats, known_values)
{
    EXPECT_EQ(half_bits(1.0f), 0x3c00);
    EXPECT_EQ(half_bits(-2.0f), 0xc000);
    EXPECT_EQ(half_bits(65504.0f), 0x7bff);
    EXPECT_EQ(half_bits(65519.99f), 0x7bff);
    EXPECT_EQ(half_bits(65520.0f), 0x7c00); // the tie above the largest half rounds to even: infinity
    EXPECT_EQ(half_bits(0x1p-24f), 0x0001);
    EXPECT_EQ(half_bits(0x1p-25f), 0x0000);             // a tie, to even
    EXPECT_EQ(half_bits(0x1.000002p-25f), 0x0001);      // just above it
    EXPECT_EQ(half_bits(0x1.ffcp-15f), 0x0400);         // 1023.5 units, a tie, rounds up into the normals
    EXPECT_EQ(bfloat16_bits(1.0f), 0x3f80);
    EXPECT_EQ(bfloat16_bits(0x1.01p0f), 0x3f80);        // a tie below an even fraction: down
    EXPECT_EQ(bfloat16_bits(0x1.03p0f), 0x3f82);        // a tie below an odd fraction: up
    EXPECT_EQ(bfloat16_bits(0x1p-133f), 0x0001);
    EXPECT_EQ(bfloat16_bits(0x1.fffffep127f), 0x7f80);  // rounds past the largest finite bfloat16
}

// Every 16-bit pattern read back as a float: its value computed another
// way (sign, exponent and fraction through ldexp), NaN for NaN with its
// sign, and rounding it again gives the pattern (a half or bfloat16 is a
// float exactly).
TEST(half_formats, every_half_and_bfloat16_reads_as_its_float)
{
    using rocdist::distributions::float_from_bfloat16;
    using rocdist::distributions::float_from_half;
    for(std::uint32_t b = 0; b < 0x10000; ++b)
    {
        const auto   h        = static_cast<std::uint16_t>(b);
        const double sign     = (b & 0x8000) != 0 ? -1.0 : 1.0;
        const int    exponent = static_cast<int>(b >> 10 & 0x1f);
        const int    fraction = static_cast<int>(b & 0x3ff);
        const float  x        = float_from_half(h);
        if(exponent == 0x1f && fraction != 0)
        {
            EXPECT_TRUE(std::isnan(x)) << std::hex << b;
            EXPECT_EQ(std::signbit(x), sign < 0) << std::hex << b;
            continue;
        }
        const double value = exponent == 0x1f ? sign * INFINITY
                             : exponent == 0  ? sign * std::ldexp(fraction, -24)
                                              : sign * std::ldexp(1024 + fraction, exponent - 25);
        EXPECT_EQ(x, value) << std::hex << b;
        EXPECT_EQ(std::signbit(x), sign < 0) << std::hex << b;
        EXPECT_EQ(half_bits(x), h) << std::hex << b;

    }
    for(std::uint32_t b = 0; b < 0x10000; ++b)
    {
        const auto   h        = static_cast<std::uint16_t>(b);
        const double sign     = (b & 0x8000) != 0 ? -1.0 : 1.0;
        const int    exponent = static_cast<int>(b >> 7 & 0xff);
        const int    fraction = static_cast<int>(b & 0x7f);
        const float  y        = float_from_bfloat16(h);
        EXPECT_EQ(std::signbit(y), sign < 0) << std::hex << b;
        if(exponent == 0xff && fraction != 0)
        {
            EXPECT_TRUE(std::isnan(y)) << std::hex << b;
            continue;
        }
        const double value = exponent == 0xff ? sign * INFINITY
                             : exponent == 0  ? sign * std::ldexp(fraction, -133)
                                              : sign * std::ldexp(128 + fraction, exponent - 134);
        EXPECT_EQ(y, value) << std::hex << b;
        EXPECT_EQ(bfloat16_bits(y), h) << std::hex << b;
    }
}

TEST(half_formats, nan_stays_a_quiet_nan_of_its_sign)
{
    for(const std::uint32_t b : {0x7fc00000u, 0x7f800001u, 0xffffffffu, 0x7fa00000u})
    {
        const float         x = from_bits(b);
        const std::uint16_t h = half_bits(x), g = bfloat16_bits(x);
        EXPECT_EQ(h & 0x7e00, 0x7e00) << std::hex << b;
        EXPECT_EQ(h >> 15, b >> 31) << std::hex << b;
        EXPECT_EQ(g & 0x7fc0, 0x7fc0) << std::hex << b;
        EXPECT_EQ(g >> 15, b >> 31) << std::hex << b;
    }
}

// Uniforms lie in (0, 1]: what would round to a half 0 becomes 2^-24.
TEST(half_formats, uniform_halves_are_never_zero)
{
    const rocdist::backend::to_positive_half uniform;
    EXPECT_EQ(uniform(0x1p-33f), 0x0001);
    EXPECT_EQ(uniform(0x1p-25f), 0x0001);
    EXPECT_EQ(uniform(0x1p-24f), 0x0001);
    EXPECT_EQ(uniform(0x1.8p-24f), 0x0002); // 1.5 units: a tie, to even
    EXPECT_EQ(uniform(1.0f), 0x3c00);
    EXPECT_EQ(rocdist::backend::to_bfloat16{}(0x1p-33f), 0x2f00);
}

} // namespace
