// A positive normal float x as m 2^k with m in [sqrt(1/2), sqrt(2)), the
// split the float logarithms start from (log x = k ln 2 + log1p(m - 1), m - 1
// exact): integer operations on the bits, the same on every platform.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

ROCDIST_HOST_DEVICE float mantissa_near_one(float x, std::int32_t& k)
{
    std::int32_t bits;
    ROCDIST_MEMCPY(&bits, &x, sizeof bits);
    k                     = (bits - 0x3f3504f3) >> 23; // 0x3f3504f3: sqrt(1/2)
    const std::int32_t mb = bits - static_cast<std::int32_t>(static_cast<std::uint32_t>(k) << 23);
    float              m;
    ROCDIST_MEMCPY(&m, &mb, sizeof m);
    return m;
}

} // namespace rocdist::distributions
