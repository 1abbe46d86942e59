// Philox4x32-10 (Salmon et al., "Parallel Random Numbers: As Easy as 1, 2, 3",
// SC'11): a counter-based bijection, so any element of the stream is computed
// directly from its index, on the host and on the GPU alike.
#pragma once

#include <cstdint>
#include <type_traits>

#include "rocdist/device/config.hpp"

namespace rocdist::engine
{

struct philox_words
{
    std::uint32_t w[4];
};

// The round multipliers and the Weyl increments of the key, shared with the
// host backend's vector rounds (backend/host/simd/philox_lanes.hpp).
constexpr std::uint32_t philox_m0 = 0xD2511F53u, philox_m1 = 0xCD9E8D57u;
constexpr std::uint32_t philox_w0 = 0x9E3779B9u, philox_w1 = 0xBB67AE85u;
constexpr int           philox_rounds = 10;

struct philox_key
{
    std::uint32_t k[2];
};

// The round keys of a key, computed once where the functor that holds them
// is made: a GPU kernel's functor then carries all ten in its parameters,
// which nvcc reads on each loop trip instead of adding them again (18
// uniform additions fewer per Philox block in the float Box-Muller loop of
// nvcc 13.0's sm_90 code, a count of the machine code). The functors whose
// loops that shortens hold them: float normals but the ziggurat's,
// exponentials and categories. The others keep philox_key: nvcc already
// keeps the round keys of the word and uniform loops in uniform registers,
// double kernels need those registers for their constants, the float
// ziggurat's loop grew with them, and float gamma's kernel spilled.
class philox_round_keys
{
public:
    ROCDIST_HOST_DEVICE constexpr philox_round_keys(philox_key key) : round_{}
    {
        for(int round = 0; round < philox_rounds; ++round)
        {
            round_[round][0] = key.k[0];
            round_[round][1] = key.k[1];
            key.k[0] += philox_w0;
            key.k[1] += philox_w1;
        }
    }

    // Word i (0 low, 1 high) of the key that round `round` adds.
    ROCDIST_HOST_DEVICE constexpr std::uint32_t round_key(int round, int i) const { return round_[round][i]; }

    // The key, for the paths that take one (rejection retries, substreams).
    ROCDIST_HOST_DEVICE constexpr operator philox_key() const { return {{round_[0][0], round_[0][1]}}; }

private:
    std::uint32_t round_[philox_rounds][2];
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

// Key: philox_key, whose round keys are added as the rounds go, or
// philox_round_keys, which holds them. (Other forms of the same sums, the
// key plus a multiple of the increment or a round in a function of its own,
// made nvcc 13.0 spill the float ziggurat's kernel on sm_90.)
template <class Key>
ROCDIST_HOST_DEVICE philox_words philox4x32_10(philox_words ctr, Key key)
{
    const philox_key first = key;
    std::uint32_t    k0 = first.k[0], k1 = first.k[1];
    // A constant trip count: nvcc and clang unroll it fully without a pragma.
    for(int round = 0; round < philox_rounds; ++round)
    {
        if constexpr(std::is_same_v<Key, philox_round_keys>)
        {
            k0 = key.round_key(round, 0);
            k1 = key.round_key(round, 1);
        }
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
