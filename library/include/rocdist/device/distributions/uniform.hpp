// Bits to uniform variates, exactly as cuRAND converts them, so that uniform
// output is bit-identical to cuRAND's. Both products are exact (a power-of-two
// scaling), so the result does not change when a compiler fuses mul and add.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

// (0, 1]: the smallest word maps to 2^-33, the largest rounds to 1.
ROCDIST_HOST_DEVICE float uniform_float(std::uint32_t x)
{
    return static_cast<float>(x) * 0x1p-32f + 0x1p-33f;
}

// (0, 1) with 53 random bits: y shifted onto bits 21..52, XORed with x on
// bits 0..31 (cuRAND's _curand_uniform_double_hq).
ROCDIST_HOST_DEVICE double uniform_double(std::uint32_t x, std::uint32_t y)
{
    const std::uint64_t z = static_cast<std::uint64_t>(x) ^ (static_cast<std::uint64_t>(y) << 21);
    return static_cast<double>(z) * 0x1p-53 + 0x1p-54;
}

} // namespace rocdist::distributions
