// Token sampling's definition in integers (docs/token_sampling.md), the
// per-row pieces that the host loops and the GPU kernels share so that both
// choose the same token: the rank order of a row's tokens, the exact cuts of
// top-p and min-p, and the radix selection that finds a cut's threshold
// from histograms, whoever builds them.
//
// Tokens rank by logit, larger first, the lower index first among equal
// logits: token i of logit x has the 64-bit rank key (order_key(x) << 32) |
// (2^32 - 1 - i), larger keys first, and every filter keeps the tokens whose
// key is at least a threshold. A row's weights are its logits' fixed points
// at the row's scale (row_fixed_point.hpp's, with the row's largest logit as
// the one tile's largest), a non-decreasing function of the logit, so tied
// logits have equal weights and the cuts by weight keep prefixes of the order
// as the cuts by rank do.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/distributions/half_formats.hpp"

namespace rocdist::distributions
{

// The token of a row with an invalid logit or parameter (ROCDIST_INVALID_TOKEN).
constexpr std::uint32_t invalid_token = 0xffffffffu;

// A float's bits made an unsigned integer in the floats' order (negatives'
// bits inverted, positives' sign bit set), -0 taken as +0 so that the two
// zeros tie. NaN is refused before keys are made.
ROCDIST_HOST_DEVICE std::uint32_t order_key(float x)
{
    std::uint32_t b = float_bits(x);
    if((b & 0x7fffffffu) == 0)
        b = 0;
    return (b & 0x80000000u) != 0 ? ~b : b | 0x80000000u;
}

ROCDIST_HOST_DEVICE float logit_of_order_key(std::uint32_t key)
{
    return float_of_bits((key & 0x80000000u) != 0 ? key & 0x7fffffffu : ~key);
}

ROCDIST_HOST_DEVICE std::uint64_t rank_key(std::uint32_t order, std::uint32_t index)
{
    return static_cast<std::uint64_t>(order) << 32 | (0xffffffffu - index);
}

ROCDIST_HOST_DEVICE std::uint32_t index_of_rank_key(std::uint64_t key)
{
    return 0xffffffffu - static_cast<std::uint32_t>(key);
}

// The key of -inf: a row whose largest key is this one has nothing to draw.
constexpr std::uint32_t minus_infinity_order_key = 0x007fffffu;

// A row's parameters, as rocdist_token_params holds them.
struct token_filter_params
{
    float         temperature;
    std::uint32_t top_k;
    float         top_p;
    float         min_p;
};

// temperature >= 0 (0: greedy; +inf allowed), top_p in (0, 1], min_p in
// [0, 1); NaN fails every comparison.
ROCDIST_HOST_DEVICE bool valid_token_params(const token_filter_params& p)
{
    return p.temperature >= 0.0f && p.top_p > 0.0f && p.top_p <= 1.0f && p.min_p >= 0.0f && p.min_p < 1.0f;
}

// A logit a row may hold: finite or -inf.
ROCDIST_HOST_DEVICE bool valid_token_logit(float x)
{
    return x <= 0x1.fffffep+127f || x < 0.0f;
}

// ceil(x f) for f in [0, 1], exactly: f is m 2^-e with m below 2^24, so
// x m fits in 128 bits and is shifted right by e, rounding up. 1 gives x.
ROCDIST_HOST_DEVICE std::uint64_t scaled_ceil(std::uint64_t x, float f)
{
    if(f >= 1.0f)
        return x;
    const std::uint32_t b        = float_bits(f);
    const std::uint32_t exponent = b >> 23 & 0xffu;
    const std::uint64_t m        = (b & 0x7fffffu) | (exponent != 0 ? 0x800000u : 0u);
    const unsigned      e        = exponent != 0 ? 150 - exponent : 149; // >= 24, f < 1
    const uint128       product  = static_cast<uint128>(x) * m;
    if(e >= 128)
        return product != 0 ? 1 : 0;
    const uint128 quotient = product >> e;
    const bool    rest     = (product - (quotient << e)) != 0;
    return static_cast<std::uint64_t>(quotient) + (rest ? 1 : 0);
}

// Radix selection of a threshold among rank keys, 8 bits at a time from the
// most significant: the largest threshold t such that the tokens of key >= t
// hold at least `needed` of a measure (a count for top-k, fixed-point weight
// for top-p), and so the shortest prefix of the order that does. Each pass
// builds a histogram, by the key's digit at `shift`, of the measure of the
// tokens that are candidates (matches(key)) and above the lower bound the
// caller keeps; step() reads it. At most eight passes; a pass whose chosen
// bucket is needed whole ends the selection, which after the four digits of
// the logit is the rule unless tied logits must be split by index.
struct rank_selection
{
    std::uint64_t prefix; // the digits chosen so far, in place
    std::uint64_t needed; // the measure still needed among the candidates, > 0
    unsigned      shift;  // where the next digit is
    bool          done;

    ROCDIST_HOST_DEVICE static rank_selection start(std::uint64_t needed) { return {0, needed, 56, false}; }

    ROCDIST_HOST_DEVICE bool matches(std::uint64_t key) const
    {
        return shift == 56 || (key ^ prefix) >> (shift + 8) == 0;
    }
    ROCDIST_HOST_DEVICE unsigned digit(std::uint64_t key) const { return static_cast<unsigned>(key >> shift & 0xffu); }

    // The pass's histogram of the candidates' measure, 256 buckets of 64-bit
    // integers (unsigned long long where GPU atomics build it).
    template <class Count>
    ROCDIST_HOST_DEVICE void step(const Count* histogram)
    {
        static_assert(sizeof(Count) == sizeof(std::uint64_t));
        unsigned b = 255;
        while(b > 0 && needed > histogram[b])
            needed -= histogram[b--];
        prefix |= static_cast<std::uint64_t>(b) << shift;
        if(needed == histogram[b] || shift == 0)
            done = true;
        else
            shift -= 8;
    }

    // Once done: the tokens of key >= threshold() are the prefix selected.
    ROCDIST_HOST_DEVICE std::uint64_t threshold() const { return prefix; }
};

} // namespace rocdist::distributions
