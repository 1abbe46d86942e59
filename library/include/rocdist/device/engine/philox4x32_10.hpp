// Philox4x32-10 (Salmon et al., "Parallel Random Numbers: As Easy as 1, 2, 3",
// SC'11): a counter-based bijection, so any element of the stream is computed
// directly from its index, on the host and on the GPU alike.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"

namespace rocdist::engine
{

struct philox_words
{
    std::uint32_t w[4];
};

struct philox_key
{
    std::uint32_t k[2];
};

// The key is the 64-bit seed, low word first (as cuRAND sets it).
ROCDIST_HOST_DEVICE philox_key philox_key_from_seed(unsigned long long seed)
{
    return {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
}

// The 64-bit product compiles to mul.wide / v_mul_hi on GPUs, so no intrinsic is needed.
ROCDIST_HOST_DEVICE std::uint32_t philox_mulhilo(std::uint32_t a, std::uint32_t b, std::uint32_t& hi)
{
    const std::uint64_t p = static_cast<std::uint64_t>(a) * b;
    hi                    = static_cast<std::uint32_t>(p >> 32);
    return static_cast<std::uint32_t>(p);
}

// The round multipliers and the Weyl increments of the key, shared with the
// host backend's vector rounds (backend/host/simd/philox_lanes.hpp).
constexpr std::uint32_t philox_m0 = 0xD2511F53u, philox_m1 = 0xCD9E8D57u;
constexpr std::uint32_t philox_w0 = 0x9E3779B9u, philox_w1 = 0xBB67AE85u;
constexpr int           philox_rounds = 10;

ROCDIST_HOST_DEVICE philox_words philox4x32_10(philox_words ctr, philox_key key)
{
    std::uint32_t k0 = key.k[0], k1 = key.k[1];
    // A constant trip count: nvcc and clang unroll it fully without a pragma.
    for(int round = 0; round < philox_rounds; ++round)
    {
        std::uint32_t hi0, hi1;
        const std::uint32_t lo0 = philox_mulhilo(philox_m0, ctr.w[0], hi0);
        const std::uint32_t lo1 = philox_mulhilo(philox_m1, ctr.w[2], hi1);
        ctr = {{hi1 ^ ctr.w[1] ^ k0, lo1, hi0 ^ ctr.w[3] ^ k1, lo0}};
        k0 += philox_w0;
        k1 += philox_w1;
    }
    return ctr;
}

} // namespace rocdist::engine
