// 2^x in 64-bit fixed point, integer arithmetic only, so that host and GPU
// compute the same bits whatever their libm and however their compilers
// contract floating-point expressions. The logits of batched categorical
// sampling become fixed-point weights through it (row_fixed_point.hpp).
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"

namespace rocdist::distributions
{

// round(2^(i/64) 2^63), i = 0 .. 63: computed to 80 digits (Python's
// decimal module) and checked against exp2l by test_fixed_point_exp2.cpp.
#define ROCDIST_EXP2_SIXTY_FOURTHS                                                                 \
    {                                                                                              \
        0x8000000000000000, 0x8164d1f3bc030773, 0x82cd8698ac2ba1d7, 0x843a28c3acde4046,            \
        0x85aac367cc487b15, 0x871f61969e8d1010, 0x88980e8092da8527, 0x8a14d575496efd9a,            \
        0x8b95c1e3ea8bd6e7, 0x8d1adf5b7e5ba9e6, 0x8ea4398b45cd53c0, 0x9031dc431466b1dc,            \
        0x91c3d373ab11c336, 0x935a2b2f13e6e92c, 0x94f4efa8fef70961, 0x96942d3720185a00,            \
        0x9837f0518db8a96f, 0x99e0459320b7fa65, 0x9b8d39b9d54e5539, 0x9d3ed9a72cffb751,            \
        0x9ef5326091a111ae, 0xa0b0510fb9714fc2, 0xa27043030c496819, 0xa43515ae09e6809e,            \
        0xa5fed6a9b15138ea, 0xa7cd93b4e965356a, 0xa9a15ab4ea7c0ef8, 0xab7a39b5a93ed337,            \
        0xad583eea42a14ac6, 0xaf3b78ad690a4375, 0xb123f581d2ac2590, 0xb311c412a9112489,            \
        0xb504f333f9de6484, 0xb6fd91e328d17791, 0xb8fbaf4762fb9ee9, 0xbaff5ab2133e45fb,            \
        0xbd08a39f580c36bf, 0xbf1799b67a731083, 0xc12c4cca66709456, 0xc346ccda24976407,            \
        0xc5672a115506dadd, 0xc78d74c8abb9b15d, 0xc9b9bd866e2f27a3, 0xcbec14fef2727c5d,            \
        0xce248c151f8480e4, 0xd06333daef2b2595, 0xd2a81d91f12ae45a, 0xd4f35aabcfedfa1f,            \
        0xd744fccad69d6af4, 0xd99d15c278afd7b6, 0xdbfbb797daf23755, 0xde60f4825e0e9124,            \
        0xe0ccdeec2a94e111, 0xe33f8972be8a5a51, 0xe5b906e77c8348a8, 0xe8396a503c4bdc68,            \
        0xeac0c6e7dd24392f, 0xed4f301ed9942b84, 0xefe4b99bdcdaf5cb, 0xf281773c59ffb13a,            \
        0xf5257d152486cc2c, 0xf7d0df730ad13bb9, 0xfa83b2db722a033a, 0xfd3e0c0cf486c175             \
    }

inline constexpr std::uint64_t exp2_sixty_fourths[64] = ROCDIST_EXP2_SIXTY_FOURTHS;
#if ROCDIST_GPU_COMPILER
ROCDIST_DEVICE_TABLE std::uint64_t exp2_sixty_fourths_device[64] = ROCDIST_EXP2_SIXTY_FOURTHS;
#endif
#undef ROCDIST_EXP2_SIXTY_FOURTHS

ROCDIST_HOST_DEVICE std::uint64_t exp2_sixty_fourth(unsigned i)
{
#if ROCDIST_DEVICE_PASS
    return exp2_sixty_fourths_device[i];
#else
    return exp2_sixty_fourths[i];
#endif
}

// 2^f 2^63 for f = x / 2^64 in [0, 1): 2^(i/64) from the table (i the top 6
// bits of x) times e^y, y = (x mod 2^58) ln 2 / 2^64 < ln 2 / 64, by its
// Taylor series to y^7 (the rest is below 2^-66), evaluated by Estrin's
// scheme, y + y^2 / 2 + y^3 (1/6 + y / 24) + y^5 (1/120 + y / 720 + y^2 / 5040),
// so that at most six products depend on one another. Every product is a
// truncated 64-bit fixed-point one; the result is in [2^63, 2^64) and within
// 4 of the exact value (test_categorical_rows_fixed_point.cpp: -3 to +2 over
// 2^20 random fractions and the ends of every table interval).
ROCDIST_HOST_DEVICE std::uint64_t exp2_fraction(std::uint64_t x)
{
    constexpr std::uint64_t ln2           = 0xb17217f7d1cf79ac; // round(ln 2 * 2^64)
    constexpr std::uint64_t inverse_fact3 = 0x2aaaaaaaaaaaaaab; // round(2^64 / n!), n = 3 .. 7
    constexpr std::uint64_t inverse_fact4 = 0x0aaaaaaaaaaaaaab;
    constexpr std::uint64_t inverse_fact5 = 0x0222222222222222;
    constexpr std::uint64_t inverse_fact6 = 0x005b05b05b05b05b;
    constexpr std::uint64_t inverse_fact7 = 0x000d00d00d00d00d;
    const std::uint64_t     y  = mul_high(x & ((std::uint64_t(1) << 58) - 1), ln2);
    const std::uint64_t     y2 = mul_high(y, y);
    const std::uint64_t     y3 = mul_high(y2, y);
    const std::uint64_t     y5 = mul_high(mul_high(y2, y2), y);
    const std::uint64_t     low  = inverse_fact3 + mul_high(y, inverse_fact4);
    const std::uint64_t     high = inverse_fact5 + mul_high(y, inverse_fact6) + mul_high(y2, inverse_fact7);
    // Truncated products fall short by up to 6 in all; 2 more centres the error.
    const std::uint64_t     e_y_minus_1 = y + (y2 >> 1) + mul_high(y3, low) + mul_high(y5, high) + 2;
    const std::uint64_t     table       = exp2_sixty_fourth(static_cast<unsigned>(x >> 58));
    return table + mul_high(table, e_y_minus_1);
}

// x as whole + fraction, whole an integer and 0 <= fraction < 1:
// floor(x) and x - floor(x), rounded. The difference is exact except for
// x negative and small, where it may round up to 1: x is then within 2^-53
// of the integer above, and is taken as that integer.
struct whole_and_fraction
{
    double whole, fraction;
};

ROCDIST_HOST_DEVICE whole_and_fraction split_whole(double x)
{
    const double whole    = std::floor(x);
    const double fraction = x - whole;
    return fraction < 1 ? whole_and_fraction{whole, fraction} : whole_and_fraction{whole + 1, 0};
}

// 2^(h + 63 - bits) in fixed point for h < 1: exp2_fraction of frac(h)
// shifted right by shift = bits - floor(h) (split_whole's), so within
// 1 + 4 / 2^shift of floor(2^(h + 63 - bits)); 0 when the shift is 64 or
// more, where that value is 0 too.
ROCDIST_HOST_DEVICE std::uint64_t exp2_fixed_point(double h, unsigned bits)
{
    const whole_and_fraction split = split_whole(h);
    if(split.whole <= -64.0)
        return 0;
    const unsigned shift = bits + static_cast<unsigned>(-split.whole);
    if(shift >= 64)
        return 0;
    // Scaling by 2^63 is exact; the conversion truncates. Signed, below
    // 2^63: CPUs convert that without a branch on the value, and the bit
    // given up weighs 2^-64.
    const auto x = static_cast<std::uint64_t>(static_cast<std::int64_t>(split.fraction * 0x1p63)) << 1;
    return exp2_fraction(x) >> shift;
}

} // namespace rocdist::distributions
