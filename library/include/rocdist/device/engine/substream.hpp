// Private substreams for rejection samplers. An element (or pair) whose first
// attempt, taken from the main stream, is rejected draws every further word
// from its own substream, so that its value depends only on (seed, index):
// generation stays chunk- and offset-invariant and identical on host and GPU.
//
// Substream blocks use counters {block, 0x80000000 | tag, index_lo, index_hi}.
// The index is an element's (or pair's) stream index, or for gamma's first
// attempts (tag gamma_group) the engine block of the packet they fill.
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

#include "rocdist/device/config.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"

namespace rocdist::engine
{

enum class substream_tag : std::uint32_t
{
    polar       = 1,
    ziggurat    = 2,
    gamma       = 3,
    gamma_group = 4,
    poisson     = 5,
    binomial    = 6,
};

// Counter words 1-3 of a substream: word 1 (the tag and kind) and the index.
struct substream_id
{
    std::uint32_t word1;
    std::uint64_t index;
};

// The reproducible ordering's substream `index` of a sampler.
ROCDIST_HOST_DEVICE substream_id element_substream(substream_tag tag, std::uint64_t index)
{
    return {0x80000000u | static_cast<std::uint32_t>(tag), index};
}

// Candidate `candidate` of the fast-ordering chunk whose first output is
// stream element `first`.
ROCDIST_HOST_DEVICE substream_id candidate_substream(substream_tag tag, std::uint32_t candidate, std::uint64_t first)
{
    return {0xC0000000u | static_cast<std::uint32_t>(tag) << 24 | (candidate & 0xFFFFFFu), first};
}

// Word i of a block, chosen by selects, not w.w[i]: a dynamically indexed
// array lives in GPU local memory (scratch on AMD), an index chosen by
// selects stays in registers.
ROCDIST_HOST_DEVICE std::uint32_t word_at(const philox_words& w, unsigned i)
{
    return i == 0 ? w.w[0] : i == 1 ? w.w[1] : i == 2 ? w.w[2] : w.w[3];
}

// Block `block` of a substream.
ROCDIST_HOST_DEVICE philox_words substream_block(philox_key key, substream_id id, std::uint32_t block)
{
    const philox_words counter{
        {block, id.word1, static_cast<std::uint32_t>(id.index), static_cast<std::uint32_t>(id.index >> 32)}};
    return philox4x32_10(counter, key);
}

// Hands out the words of one substream in order, one Philox block at a time.
class substream_reader
{
public:
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, substream_id id) : key_(key), id_(id) {}

    // A reader whose block 0, `first_block`, is already computed (by a
    // vector kernel that drew it for many substreams at once).
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, substream_id id, const philox_words& first_block)
        : key_(key), id_(id), block_(1), used_(0), words_(first_block)
    {
    }

    // Element (or pair) `index`'s substream, for the reproducible ordering.
    ROCDIST_HOST_DEVICE substream_reader(philox_key key, substream_tag tag, std::uint64_t index)
        : substream_reader(key, element_substream(tag, index))
    {
    }

    ROCDIST_HOST_DEVICE std::uint32_t next()
    {
        if(used_ == 4)
        {
            words_ = substream_block(key_, id_, block_);
            ++block_;
            used_ = 0;
        }
        return word_at(words_, used_++);
    }

private:
    philox_key    key_;
    substream_id  id_;
    std::uint32_t block_ = 0;
    unsigned      used_  = 4;
    philox_words  words_{};
};

} // namespace rocdist::engine
