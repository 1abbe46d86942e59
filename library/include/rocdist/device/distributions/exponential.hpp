// Exponential variates by inversion, -log(u) / rate, from the uniform of one
// word (float) or two (double). The logarithms are built from correctly
// rounded operations with every product rounded on its own, as
// reproducible_math.hpp's are, so host and GPU give the same bits: in float
// for a float variate, in double (reproducible::log) for a double. u never
// rounds to 1: the upper half of u goes through its exact complement
// (log1p(-(1 - u))). -log u is in [1.2e-10, 37.5), so a variate is 0 only
// where -log(u) / rate rounds to 0 (a float rate above about 1e35) and
// infinite only where it passes the format's largest value (a float rate
// below about 1e-37).
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/float_mantissa.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"

namespace rocdist::distributions
{

// A rate the sampler takes: finite and positive, as a gamma shape.
template <class T>
ROCDIST_HOST_DEVICE bool valid_rate(T rate)
{
    return valid_shape(rate);
}

// The float exponential's logarithm: log u = k ln 2 + log1p(f + df) for u =
// (w + 1/2) 2^-32, f exact in float and df the part of u that float cannot
// hold, carried into a first-order correction df / (1 + f). Within 1.05 ulp
// of -log u over all 2^32 words (test_exponential_float.cpp checks every
// 257th word and the words around each branch's edges).
namespace exponential_float
{

// log1p(f) - f = -f^2/2 + f^3 P(f) on [sqrt(1/2) - 1, sqrt(2) - 1], P of
// degree 7 (highest first), fitted for the error of -log u that f gives at
// each branch below (k ln 2 + log1p(f) with k = 0 for f < 0, else k = -1),
// weighted least squares iterated to near minimax: 0.07 ulp before rounding.
// (A function: GPU code cannot read a namespace-scope array.)
ROCDIST_HOST_DEVICE constexpr float tail_coefficient(int j)
{
    constexpr float c[8] = {-0.0801324546f, 0.13082549f,   -0.131438762f, 0.141408384f,
                            -0.166194946f,  0.200050786f, -0.250010312f, 0.333332509f};
    return c[j];
}
// ln 2 as a head of 15 significant bits (k ln2_head is exact for |k| < 2^9)
// and the rest; 1 - sqrt(1/2) rounded, the upper half's split.
constexpr float ln2_head   = 0x1.62e4p-1f;
constexpr float ln2_tail   = 0x1.7f7d1cp-20f;
constexpr float upper_edge = 0x1.2bec34p-2f;

struct log_parts
{
    float f, df, k;
};

// x + dx = (v + 1/2) 2^-32 exactly, for v below 2^31: a = (v >> 8) 2^-24
// and b = (v mod 2^8 + 1/2) 2^-32 are exact, x their rounded sum and dx its
// error (exact: |a| >= |b| or a = 0). Below 2^31, u = x + dx = m 2^k, f = m
// - 1 and df = dx 2^-k. Above, v = ~w and x + dx = 1 - u: log(1 - x - dx) is
// log1p(-x - dx) below upper_edge, else -ln 2 + log1p(1 - 2x - 2dx), 1 - 2x
// exact for x in [1/4, 1/2].
ROCDIST_HOST_DEVICE log_parts parts(std::uint32_t w)
{
    const bool          upper = (w >> 31) != 0;
    const std::uint32_t v     = upper ? ~w : w;
    const float a  = unfused_mul(static_cast<float>(static_cast<std::int32_t>(v >> 8)), 0x1p-24f);
    const float b  = unfused_mul(static_cast<float>(static_cast<std::int32_t>(v & 255u)), 0x1p-32f) + 0x1p-33f;
    const float x  = a + b;
    const float dx = b - (x - a);
    if(!upper)
    {
        std::int32_t k;
        const float        m  = mantissa_near_one(x, k);
        const std::int32_t sb = (127 - k) << 23; // 2^-k
        float              scale;
        ROCDIST_MEMCPY(&scale, &sb, sizeof scale);
        return {m - 1.0f, unfused_mul(dx, scale), static_cast<float>(k)};
    }
    if(x < upper_edge)
        return {-x, -dx, 0.0f};
    return {1.0f - 2 * x, -2 * dx, -1.0f};
}

// log1p(f) - f by tail_coefficient.
ROCDIST_HOST_DEVICE float tail(float f)
{
    float p = tail_coefficient(0);
    ROCDIST_UNROLL
    for(int j = 1; j < 8; ++j)
        p = unfused_mul(p, f) + tail_coefficient(j);
    return unfused_mul(unfused_mul(f, f), unfused_mul(f, p) - 0.5f);
}

// -log u = s + e - (k ln2_tail + tail(f) + df (1 - f + f^2)), where s + e =
// -k ln2_head - f exactly (|k ln2_head| >= |f|, or k = 0), so that the large
// parts are rounded once, at the end.
ROCDIST_HOST_DEVICE float minus_log(const log_parts& p)
{
    const float head       = -unfused_mul(p.k, ln2_head);
    const float s          = head - p.f;
    const float e          = -p.f - (s - head);
    const float correction = unfused_mul(p.df, 1.0f - p.f + unfused_mul(p.f, p.f));
    return s + (e - (unfused_mul(p.k, ln2_tail) + (tail(p.f) + correction)));
}

} // namespace exponential_float

// -log u for u = (w + 1/2) 2^-32, in float.
ROCDIST_HOST_DEVICE float exponential_of_word(std::uint32_t w)
{
    return exponential_float::minus_log(exponential_float::parts(w));
}

// -log u for uniform_double's u = (z + 1/2) 2^-53, z = x ^ (y << 21).
ROCDIST_HOST_DEVICE double exponential_of_words(std::uint32_t x, std::uint32_t y)
{
    const std::uint64_t z = static_cast<std::uint64_t>(x) ^ (static_cast<std::uint64_t>(y) << 21);
    if(z < (std::uint64_t{1} << 52))
        return -reproducible::log(static_cast<double>(z) * 0x1p-53 + 0x1p-54);
    const std::uint64_t complement = ((std::uint64_t{1} << 53) - 1) - z;
    return -reproducible::log1p(-(static_cast<double>(complement) * 0x1p-53 + 0x1p-54));
}

} // namespace rocdist::distributions
