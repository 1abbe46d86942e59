// Where cuRAND's host Philox generator (default ordering) takes each output
// from, so that rocdist reproduces its streams bit for bit. The generator
// interleaves 65536 subsequences (counter words 2-3); within one, the counter
// step (words 0-1) advances. Established against libcurand by
// clients/tests/test_curand_identity.cpp.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"

namespace rocdist::engine
{

constexpr std::uint64_t curand_philox_subsequences = 65536;

ROCDIST_HOST_DEVICE philox_words philox_counter(std::uint64_t step, std::uint64_t subsequence)
{
    return {{static_cast<std::uint32_t>(step),
             static_cast<std::uint32_t>(step >> 32),
             static_cast<std::uint32_t>(subsequence),
             static_cast<std::uint32_t>(subsequence >> 32)}};
}

// 32-bit stream: block b holds words 4b .. 4b+3. (Key: as philox4x32_10's.)
template <class Key>
ROCDIST_HOST_DEVICE philox_words word_block(const Key& key, std::uint64_t b)
{
    return philox4x32_10(philox_counter(b / curand_philox_subsequences,
                                        b % curand_philox_subsequences),
                         key);
}

// 64-bit (double) stream: block b holds doubles 2b, 2b+1. Doubles come in
// groups of four (two blocks) per subsequence and pass.
template <class Key>
ROCDIST_HOST_DEVICE philox_words double_block(const Key& key, std::uint64_t b)
{
    const std::uint64_t group = b / 2;
    const std::uint64_t pass  = group / curand_philox_subsequences;
    return philox4x32_10(philox_counter(2 * pass + b % 2, group % curand_philox_subsequences),
                         key);
}

// The 64 random bits of double e (words 2e and 2e + 1 of the double layout,
// low word first), before they are made a double: what categorical samples use.
ROCDIST_HOST_DEVICE std::uint64_t double_bits(philox_key key, std::uint64_t e)
{
    // Selects, not r.w[2 * (e % 2)]: a dynamically indexed array would go to
    // GPU local memory.
    const philox_words r    = double_block(key, e / 2);
    const bool         even = e % 2 == 0;
    return (even ? r.w[0] : r.w[2]) | static_cast<std::uint64_t>(even ? r.w[1] : r.w[3]) << 32;
}

} // namespace rocdist::engine
