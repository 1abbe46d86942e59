// Marsaglia's polar method: a point uniform in the square (-1, 1)^2 is kept
// when it falls inside the unit disc (probability pi/4) and gives two normals
// without trigonometry. One attempt per call; the caller supplies the next
// words when an attempt is rejected.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/normal_pair.hpp"

namespace rocdist::distributions
{

// A 32-bit word as a coordinate in (-1, 1), symmetric and never 0: the word
// read as signed, plus one half, times 2^-31.
ROCDIST_HOST_DEVICE float polar_coordinate(std::uint32_t x)
{
    return static_cast<float>(static_cast<std::int32_t>(x)) * 0x1p-31f + 0x1p-32f;
}

// 53 bits of (x0, x1) (cuRAND's combination) as a coordinate in (-1, 1):
// (2z + 1 - 2^53) 2^-53 is an odd integer below 2^53 times a power of two,
// so it is exact.
ROCDIST_HOST_DEVICE double polar_coordinate(std::uint32_t x0, std::uint32_t x1)
{
    const std::uint64_t z = static_cast<std::uint64_t>(x0) ^ (static_cast<std::uint64_t>(x1) << 21);
    const std::int64_t  c = static_cast<std::int64_t>(2 * z + 1) - (std::int64_t{1} << 53);
    return static_cast<double>(c) * 0x1p-53;
}

// True, with the pair, when the point (a, b) lies strictly inside the unit
// disc. The squares are rounded before they are added, on GPUs too: fused
// into an FMA, s moved by an ulp, and with it the decision (the fast
// ordering's chunks then shifted) and the radius (12.7x the host/GPU
// tolerance).
template <class T>
ROCDIST_HOST_DEVICE bool polar_attempt(T a, T b, normal_pair<T>& out)
{
    const T s = unfused_mul(a, a) + unfused_mul(b, b);
    if(!(s < T(1)))
        return false;
    const T f = std::sqrt(T(-2) * std::log(s) / s);
    out       = {a * f, b * f};
    return true;
}

} // namespace rocdist::distributions
