// Alias tables in fixed point: the per-element steps of construction and the
// lookup, shared by the host and GPU backends so that both build the same
// table from the same weights, bit for bit.
//
// Construction (docs/categorical.md):
//  1. weight w_i -> a_i = floor(w_i * 2^s), s chosen from the largest weight
//     so that the a_i sum to less than 2^64 (exact: scaling by a power of two,
//     then truncation);
//  2. prefix sums A_i of the a_i -> masses m_i = P(A_i) - P(A_{i-1}), with
//     P(A) = floor(A * N / W), N = k * 2^32, W = A_{k-1}: the masses sum to N
//     exactly, a zero weight gets mass 0, and each mass is within 1 of its
//     exact share a_i * N / W;
//  3. columns hold 2^32 each: light items (m <= 2^32) and heavy items
//     (m > 2^32) are merged in the order of their prefix deficits and
//     excesses; the merge is the sweep of Huebschle-Schneider and Sanders
//     ("Parallel Weighted Random Sampling", 2019), and any split of it (merge
//     path) gives the same table.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

// Column j yields j with probability threshold / 2^32 and alias otherwise; a
// column that is all its own item is stored as {0, j}.
struct alias_entry
{
    std::uint32_t threshold;
    std::uint32_t alias;
};

constexpr std::uint64_t alias_column_mass = std::uint64_t(1) << 32;

__extension__ typedef unsigned __int128 uint128;

ROCDIST_HOST_DEVICE std::uint64_t mul_high(std::uint64_t a, std::uint64_t b)
{
    return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) >> 64);
}

// Finite and not negative (NaN fails both comparisons).
ROCDIST_HOST_DEVICE bool valid_weight(double w)
{
    return w >= 0 && w <= 0x1.fffffffffffffp+1023;
}

// w * 2^s as two exact power-of-two products (2^s alone may not be a double).
struct fixed_point_scale
{
    double first, second;
};

ROCDIST_HOST_DEVICE std::uint64_t to_fixed_point(double w, const fixed_point_scale& s)
{
    // Both products are exact, or underflow only where the result is below 1.
    return static_cast<std::uint64_t>((w * s.first) * s.second);
}

// s = 64 - ceil(log2 k) - e, with 2^(e-1) <= largest < 2^e: every a_i is below
// 2^(64 - ceil(log2 k)), so their sum is below 2^64; the largest is at least
// 2^(63 - ceil(log2 k)). Host only (the GPU receives the scale).
inline fixed_point_scale make_fixed_point_scale(double largest, std::uint64_t k)
{
    int e = 0;
    std::frexp(largest, &e);
    int bits = 0;
    while((std::uint64_t(1) << bits) < k)
        ++bits;
    const int s = 64 - bits - e; // within [-992, 1137]: both halves are doubles
    return {std::ldexp(1.0, s / 2), std::ldexp(1.0, s - s / 2)};
}

// P(A) = floor(A * N / W), exactly: q = floor(A * r / 2^64) with
// r = floor(N * 2^64 / W) is that or one less, and one product decides.
struct mass_scale
{
    std::uint64_t total_fixed; // W
    std::uint64_t total_mass;  // N = k * 2^32
    std::uint64_t ratio_high, ratio_low;
};

ROCDIST_HOST_DEVICE std::uint64_t prefix_mass(std::uint64_t prefix_fixed, const mass_scale& s)
{
    // A * r / 2^64 is below N < 2^64, so the wrapped sum is exact.
    const std::uint64_t q = prefix_fixed * s.ratio_high + mul_high(prefix_fixed, s.ratio_low);
    return static_cast<uint128>(q + 1) * s.total_fixed <= static_cast<uint128>(prefix_fixed) * s.total_mass ? q + 1 : q;
}

inline mass_scale make_mass_scale(std::uint64_t total_fixed, std::uint64_t k)
{
    const std::uint64_t n     = k * alias_column_mass;
    const uint128       ratio = (static_cast<uint128>(n) << 64) / total_fixed;
    return {total_fixed, n, static_cast<std::uint64_t>(ratio >> 64), static_cast<std::uint64_t>(ratio)};
}

// The light and heavy items in index order, with the prefix sums the merge
// compares: deficit_before[i] = sum of 2^32 - m over lights before i (L + 1
// entries), excess_through[t] = sum of m - 2^32 over heavies up to t.
struct alias_split_input
{
    const std::uint32_t* light_index;
    const std::uint64_t* deficit_before;
    std::uint64_t        lights;
    const std::uint32_t* heavy_index;
    const std::uint64_t* excess_through;
    std::uint64_t        heavies;
};

// Light i precedes heavy t in the sweep when its deficit starts before the
// heavy's excess runs out; on a tie the heavy goes first.
ROCDIST_HOST_DEVICE bool light_first(const alias_split_input& in, std::uint64_t i, std::uint64_t t)
{
    return in.deficit_before[i] < in.excess_through[t];
}

// How many lights are among the first d items of the sweep (merge path).
// Split is alias_split_input or another view of the same sweep with members
// lights and heavies and a light_first(view, i, t) found by argument lookup.
template <class Split>
ROCDIST_HOST_DEVICE std::uint64_t lights_before_diagonal(const Split& in, std::uint64_t d)
{
    std::uint64_t lo = d > in.heavies ? d - in.heavies : 0;
    std::uint64_t hi = d < in.lights ? d : in.lights;
    while(lo < hi)
    {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if(light_first(in, mid, d - 1 - mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// Writes the columns of sweep items d .. d + count - 1.
ROCDIST_HOST_DEVICE void write_alias_columns(const alias_split_input& in, std::uint64_t d,
                                             std::uint64_t count, alias_entry* table)
{
    std::uint64_t i = lights_before_diagonal(in, d);
    std::uint64_t t = d - i;
    for(std::uint64_t step = 0; step < count; ++step)
    {
        if(i < in.lights && (t == in.heavies || light_first(in, i, t)))
        {
            const std::uint32_t j       = in.light_index[i];
            const std::uint64_t deficit = in.deficit_before[i + 1] - in.deficit_before[i];
            // A light with a deficit is always followed by a heavy (t < heavies).
            table[j] = deficit == 0 ? alias_entry{0, j}
                                    : alias_entry{static_cast<std::uint32_t>(alias_column_mass - deficit),
                                                  in.heavy_index[t]};
            ++i;
        }
        else
        {
            // The heavy keeps what the lights before it (and the heavy before
            // it) did not take: 0 < kept <= 2^32; the next heavy fills the rest.
            const std::uint32_t j    = in.heavy_index[t];
            const std::uint64_t kept = alias_column_mass + in.excess_through[t] - in.deficit_before[i];
            table[j] = kept == alias_column_mass ? alias_entry{0, j}
                                                 : alias_entry{static_cast<std::uint32_t>(kept), in.heavy_index[t + 1]};
            ++t;
        }
    }
}

// 64 random bits -> category: column = floor(x * k / 2^64), coin = the next 32
// bits of x * k (the top of its low word). Each (column, coin) cell is hit by
// floor or ceil of 2^64 / (k * 2^32) values of x, so a category's probability
// is off the table's by less than (columns it appears in) * 2^-64 <= 2^-32.
ROCDIST_HOST_DEVICE std::uint32_t alias_lookup(const alias_entry* table, std::uint32_t k, std::uint64_t x)
{
    const uint128       product = static_cast<uint128>(x) * k;
    const auto          column  = static_cast<std::uint32_t>(product >> 64);
    const auto          coin    = static_cast<std::uint32_t>(static_cast<std::uint64_t>(product) >> 32);
    const alias_entry   e       = table[column];
    return coin < e.threshold ? column : e.alias;
}

} // namespace rocdist::distributions
