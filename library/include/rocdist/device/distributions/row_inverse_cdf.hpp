// A row's categories from its tiles' fixed point (row_fixed_point.hpp), and
// a sample from 64 random bits by inverse CDF (docs/categorical_rows.md):
//
//  - the row's reference R is the largest of its tiles' references R_t, and
//    tile t's values count at the row's scale shifted right by
//    d_t = R - R_t (a tile 64 or more below contributes 0);
//  - with Q_i the prefix sums within tile t, the row's cumulative masses are
//    M_i = C_(t-1) + (Q_i >> d_t), C_t = C_(t-1) + (S_t >> d_t), S_t the
//    tile's sum: they never decrease, a zero value adds nothing, and the last
//    is the row's total W < 2^64;
//  - 64 bits x give the target floor(x W / 2^64), and the category is the
//    first i with M_i > target: category i is hit by m_i = M_i - M_(i-1)
//    targets, each taken by floor or ceil of 2^64 / W values of x.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"

namespace rocdist::distributions
{

// How far right tile t's values shift at the row's scale: 64 means they
// count for nothing (and so does an empty tile, whose reference is -inf).
ROCDIST_HOST_DEVICE unsigned tile_shift(double row_reference, double tile_reference)
{
    const double d = row_reference - tile_reference;
    return d >= 64 ? 64u : static_cast<unsigned>(d);
}

ROCDIST_HOST_DEVICE std::uint64_t shifted_mass(std::uint64_t tile_mass, unsigned shift)
{
    return shift >= 64 ? 0 : tile_mass >> shift;
}

ROCDIST_HOST_DEVICE std::uint64_t row_target(std::uint64_t bits, std::uint64_t row_total)
{
    return mul_high(bits, row_total);
}

// In tile t, with C_(t-1) = before <= target < C_t: the category is the
// first i of the tile whose prefix sum Q_i reaches the returned key, since
// (Q_i >> shift) > target - before exactly when Q_i >= (target - before + 1)
// << shift (no overflow: that is at most the tile's sum S_t).
ROCDIST_HOST_DEVICE std::uint64_t tile_search_key(std::uint64_t target, std::uint64_t before, unsigned shift)
{
    return (target - before + 1) << shift;
}

} // namespace rocdist::distributions
