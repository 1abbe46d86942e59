// Normals by inversion: z = Phi^-1(u) = sqrt(2) erfinv(2u - 1) for the
// uniform u of the element's bits. The bits are first folded onto the tail
// probability q = min(u, 1 - u), computed exactly from the integer, so that
// w = -log(1 - x^2) = -log(4 q (1 - q)) keeps full relative precision deep
// into both tails (computing 2u - 1 in floating point would lose it); near
// the median, w = -log1p(-x^2) keeps it there.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/erfinv.hpp"

namespace rocdist::distributions
{

enum class erfinv_kind
{
    giles,    // accurate: Giles' polynomial (single) or polynomial + Halley (double)
    winitzki, // fast: Winitzki's closed form
};

// u = (x + 1/2) 2^-32; the top bit says on which side of the median it lies.
template <erfinv_kind Kind>
ROCDIST_HOST_DEVICE float normal_inverse_cdf(std::uint32_t x)
{
    const bool          upper = (x >> 31) != 0;
    const std::uint32_t m     = upper ? ~x : x; // q = (m + 1/2) 2^-32, m < 2^31
    const float         q     = static_cast<float>(2 * m + 1) * 0x1p-33f;
    // erfinv's argument |2u - 1| = 1 - 2q, from the integer so that it keeps
    // its relative precision near the median too.
    const float e = static_cast<float>(2 * (0x7fffffffu - m) + 1) * 0x1p-32f;
    const float         w     = q < 0.25f ? -logf(4.0f * q * (1.0f - q)) : -log1pf(-e * e);
    const float         y     = Kind == erfinv_kind::giles ? erfinv_giles_refined(w, e, 2.0f * q)
                                                           : erfinv_winitzki_core(w, e);
    const float z = 1.41421356f * y;
    return upper ? z : -z;
}

// 53 bits of (x0, x1), cuRAND's combination: u = (z + 1/2) 2^-53.
template <erfinv_kind Kind>
ROCDIST_HOST_DEVICE double normal_inverse_cdf(std::uint32_t x0, std::uint32_t x1)
{
    constexpr std::uint64_t half = std::uint64_t{1} << 52;
    const std::uint64_t z     = static_cast<std::uint64_t>(x0) ^ (static_cast<std::uint64_t>(x1) << 21);
    const bool          upper = z >= half;
    const std::uint64_t m     = upper ? 2 * half - 1 - z : z;
    const double        q     = static_cast<double>(2 * m + 1) * 0x1p-54; // exact
    const double        e     = static_cast<double>(2 * (half - 1 - m) + 1) * 0x1p-53;
    const double        w     = q < 0.25 ? -std::log(4.0 * q * (1.0 - q)) : -std::log1p(-e * e);
    const double        y     = Kind == erfinv_kind::giles ? erfinv_double_core(w, e, 2.0 * q)
                                                           : erfinv_winitzki_core(w, e);
    const double r = 1.4142135623730951 * y;
    return upper ? r : -r;
}

} // namespace rocdist::distributions
