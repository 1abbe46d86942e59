// Exponential variates by inversion, -log(u) / rate, from the uniform of one
// word (float) or two (double). The logarithm is reproducible::log in double,
// so host and GPU give the same bits, and u never rounds to 1: a float's u =
// (w + 1/2) 2^-32 is exact in double, and a double's upper half goes through
// its exact complement (log1p(-(1 - u))). -log u is in [1.2e-10, 37.5), so
// a variate is 0 only where -log(u) / rate rounds to 0 (a float rate above
// about 1e35) and infinite only where it passes the format's largest value
// (a float rate below about 1e-37).
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
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

// -log u for u = (w + 1/2) 2^-32.
ROCDIST_HOST_DEVICE double exponential_of_word(std::uint32_t w)
{
    return -reproducible::log(static_cast<double>(w) * 0x1p-32 + 0x1p-33);
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
