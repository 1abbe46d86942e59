// Where cuRAND's host Philox generator (default ordering) takes each output
// from, so that rocdist reproduces its streams bit for bit. The generator
// interleaves 65536 subsequences (counter words 2-3); within one, the counter
// step (words 0-1) advances. Established against libcurand by
// clients/tests/test_curand_identity.cpp.
#pragma once

#include <cstdint>

#include "config.hpp"
#include "engine/philox4x32_10.hpp"

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

// 32-bit stream: block b holds words 4b .. 4b+3.
ROCDIST_HOST_DEVICE philox_words word_block(philox_key key, std::uint64_t b)
{
    return philox4x32_10(philox_counter(b / curand_philox_subsequences,
                                        b % curand_philox_subsequences),
                         key);
}

// 64-bit (double) stream: block b holds doubles 2b, 2b+1. Doubles come in
// groups of four (two blocks) per subsequence and pass.
ROCDIST_HOST_DEVICE philox_words double_block(philox_key key, std::uint64_t b)
{
    const std::uint64_t group = b / 2;
    const std::uint64_t pass  = group / curand_philox_subsequences;
    return philox4x32_10(philox_counter(2 * pass + b % 2, group % curand_philox_subsequences),
                         key);
}

} // namespace rocdist::engine
