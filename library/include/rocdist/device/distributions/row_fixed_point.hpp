// Batched categorical sampling turns each row's weights (or logits) into
// 64-bit fixed point tile by tile: a tile is 4096 consecutive categories of a
// row, and its values are scaled relative to the tile's own largest, so that
// one pass over a tile (held in registers or L1) gives its fixed-point sum
// without knowing the row's largest. Tiles then combine by exact shifts
// (row_inverse_cdf.hpp). The tiling is part of the definition: host and GPU
// use it alike, whatever their blocks and threads.
//
// With bits = ceil(log2 k) for a row of k categories, every value of a tile
// is below 2^(64 - bits) and its largest at least 2^(63 - bits), so the sums
// of a tile, and of a row at the row's scale, stay below 2^64.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/distributions/fixed_point_exp2.hpp"

namespace rocdist::distributions
{

constexpr std::uint64_t row_tile_size = 4096;

// The reference of a tile with nothing to draw (all zero weights, all -inf
// logits): below every other, so that such a tile shifts out of its row.
constexpr double no_reference = -0x1.fffffffffffffp+1023;

// ceil(log2 k), 0 for k = 1.
ROCDIST_HOST_DEVICE unsigned category_bits(std::uint64_t k)
{
    unsigned bits = 0;
    while(bits < 64 && (std::uint64_t(1) << bits) < k)
        ++bits;
    return bits;
}

// Weights: 2^(e-1) <= largest < 2^e is the tile's reference e, and each
// weight becomes floor(w 2^(64 - bits - e)), exactly as an alias table's
// (to_fixed_point), with the tile's largest in place of the row's.
ROCDIST_HOST_DEVICE double weight_reference(double largest)
{
    int e = 0;
    std::frexp(largest, &e);
    return e;
}

ROCDIST_HOST_DEVICE fixed_point_scale weight_tile_scale(double largest, unsigned bits)
{
    int e = 0;
    std::frexp(largest, &e);
    const int s = 64 - static_cast<int>(bits) - e; // within [-992, 1137]: both halves are doubles
    return {std::ldexp(1.0, s / 2), std::ldexp(1.0, s - s / 2)};
}

// Logits l at temperature t are the weights 2^(l c), c = log2(e) / t
// (a double, rounded once). A tile whose largest logit is m takes
// P = m c = E + phi (E an integer, 0 <= phi < 1, by split_whole) and gives
// logit l the exponent h = (l - m) c + phi in (-inf, 1): its weight is
// 2^(E + h), and its fixed point floor(2^(h + 63 - bits)) (exp2_fixed_point)
// is the weights' with reference E + 1. Each product is rounded on its own
// (unfused_mul), so host and GPU compute the same h.
// c = log2(e) / t, rounded once to double (0 for t = +inf).
ROCDIST_HOST_DEVICE double log2e_over_temperature(float temperature)
{
    return 1.4426950408889634074 / static_cast<double>(temperature);
}

struct logit_tile_scale
{
    double largest;  // m
    double fraction; // phi
};

ROCDIST_HOST_DEVICE logit_tile_scale make_logit_tile_scale(double largest, double c)
{
    return {largest, split_whole(unfused_mul(largest, c)).fraction};
}

ROCDIST_HOST_DEVICE double logit_reference(double largest, double c)
{
    return split_whole(unfused_mul(largest, c)).whole + 1;
}

ROCDIST_HOST_DEVICE std::uint64_t logit_fixed_point(float logit, const logit_tile_scale& s, double c, unsigned bits)
{
    if(logit < -0x1.fffffep+127f) // -inf: probability 0
        return 0;
    const double h = unfused_mul(static_cast<double>(logit) - s.largest, c) + s.fraction;
    return exp2_fixed_point(h, bits);
}

} // namespace rocdist::distributions
