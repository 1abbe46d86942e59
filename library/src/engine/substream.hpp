// Private substreams for rejection samplers. An element (or pair) whose first
// attempt, taken from the main stream, is rejected draws every further word
// from its own substream, so that its value depends only on (seed, index):
// generation stays chunk- and offset-invariant and identical on host and GPU.
//
// Substream blocks use counters {block, 0x80000000 | tag, index_lo, index_hi}.
// Main-stream counters have word 1 below 2^16 (the step is at most
// 2^64 / 65536), so the two sets of counters never meet; the tag keeps the
// substreams of different samplers apart.
//
// The fast ordering's candidates (see backend/compacted_chunks.hpp) read
// substreams too: {block, 0xC0000000 | tag << 24 | candidate, first_lo,
// first_hi}, where first is the stream index of the chunk's first output and
// candidate (24 bits) the candidate's number within the chunk. Bit 30 keeps
// them apart from the element substreams.
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
    // Element (or pair) `index`'s substream, for the reproducible ordering,
    // read from block first_block on (0: its beginning).
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, substream_tag tag, std::uint64_t index,
                                         std::uint32_t first_block = 0)
        : key_(key), word1_(0x80000000u | static_cast<std::uint32_t>(tag)), index_(index), block_(first_block)
    {
    }

    // Candidate `candidate` of the fast-ordering chunk whose first output is
    // stream element `first`.
    ROCDIST_HOST_DEVICE static substream_reader
        candidate(philox_key key, substream_tag tag, std::uint32_t candidate, std::uint64_t first)
    {
        return substream_reader(key,
                                0xC0000000u | static_cast<std::uint32_t>(tag) << 24 | (candidate & 0xFFFFFFu),
                                first);
    }

    ROCDIST_HOST_DEVICE std::uint32_t next()
    {
        if(used_ == 4)
        {
            const philox_words counter{{block_, word1_,
                                        static_cast<std::uint32_t>(index_),
                                        static_cast<std::uint32_t>(index_ >> 32)}};
            words_ = philox4x32_10(counter, key_);
            ++block_;
            used_ = 0;
        }
        // Selects, not words_.w[used_]: a dynamically indexed array lives in
        // GPU local memory (scratch on AMD), an index chosen by selects stays
        // in registers.
        const unsigned i = used_++;
        return i == 0 ? words_.w[0] : i == 1 ? words_.w[1] : i == 2 ? words_.w[2] : words_.w[3];
    }

private:
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, std::uint32_t word1, std::uint64_t index)
        : key_(key), word1_(word1), index_(index), block_(0)
    {
    }

    philox_key    key_;
    std::uint32_t word1_;
    std::uint64_t index_;
    std::uint32_t block_;
    unsigned      used_  = 4;
    philox_words  words_{};
};

} // namespace rocdist::engine
