// Private substreams for rejection samplers. An element (or pair) whose first
// attempt, taken from the main stream, is rejected draws every further word
// from its own substream, so that its value depends only on (seed, index):
// generation stays chunk- and offset-invariant and identical on host and GPU.
//
// Substream blocks use counters {block, 0x80000000 | tag, index_lo, index_hi}.
// Main-stream counters have word 1 below 2^16 (the step is at most
// 2^64 / 65536), so the two sets of counters never meet; the tag keeps the
// substreams of different samplers apart.
#pragma once

#include <cstdint>

#include "config.hpp"
#include "engine/philox4x32_10.hpp"

namespace rocdist::engine
{

enum class substream_tag : std::uint32_t
{
    polar    = 1,
    ziggurat = 2,
    gamma    = 3,
};

// Hands out the words of one substream in order, one Philox block at a time.
class substream_reader
{
public:
    // Reads from block first_block of the substream on (0: its beginning).
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, substream_tag tag, std::uint64_t index,
                                         std::uint32_t first_block = 0)
        : key_(key), tag_(static_cast<std::uint32_t>(tag)), index_(index), block_(first_block)
    {
    }

    ROCDIST_HOST_DEVICE std::uint32_t next()
    {
        if(used_ == 4)
        {
            const philox_words counter{{block_, 0x80000000u | tag_,
                                        static_cast<std::uint32_t>(index_),
                                        static_cast<std::uint32_t>(index_ >> 32)}};
            words_ = philox4x32_10(counter, key_);
            ++block_;
            used_ = 0;
        }
        return words_.w[used_++];
    }

private:
    philox_key    key_;
    std::uint32_t tag_;
    std::uint64_t index_;
    std::uint32_t block_;
    unsigned      used_  = 4;
    philox_words  words_{};
};

} // namespace rocdist::engine
