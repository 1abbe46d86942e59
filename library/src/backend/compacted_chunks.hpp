// The fast ordering of the rejection samplers. The output of a call is cut
// into chunks of compacted_chunk_size elements; the outputs of chunk c are the
// accepted attempts of its candidates 0, 1, 2, ... in that order, truncated
// to the chunk. Candidate j reads its words from its own substream,
// engine::candidate_substream(tag, j, first), first being the stream index
// of the chunk's first output.
//
// A GPU warp runs warpSize consecutive candidates per round and writes the
// accepted outputs densely in candidate order (ballot, popcount, prefix:
// gpu/warp_compacted_rejection.hpp), so it takes about
// chunk / (warpSize * attempts * outputs * p) rounds, however unlucky any one
// lane is. The host runs the candidates one after another. Both write the
// same sequence, so the result depends on neither the warp size (the chunk
// is a multiple of 32 and 64) nor the grid nor the thread count; it does
// depend on where a call starts, so it is not chunk-invariant except across
// splits at multiples of the chunk size.
//
// A sampler provides value_type, outputs_per_attempt (M),
// attempts_per_candidate (A, chosen so that a candidate reads few whole
// Philox blocks), its substream tag, its key, a words_type made from the key
// and a substream (engine::substream_reader, or a sampler's own layout), and
//   bool attempt(words_type& words, value_type (&v)[M]) const
// which reads words in a fixed order and, when accepted, sets the M outputs.
#pragma once

#include <cstdint>

#include "rocdist/device/engine/substream.hpp"

namespace rocdist::backend
{

// A warp discards what its last round accepts beyond the chunk: up to
// warpSize * A * M outputs. 8192 keeps that near 3% even for the ziggurat
// on 64-lane warps (bench: warp rounds table), and still gives 2^15 chunks,
// several per resident warp, for 2^28 outputs.
constexpr std::uint64_t compacted_chunk_size = 8192;

// Marks a sampler for the compacting backends (host and GPU overloads of
// generate take it; block functors take the packet writer).
template <class Sampler>
struct compacted
{
    using value_type = typename Sampler::value_type;
    Sampler sampler;
};

template <class Sampler>
ROCDIST_HOST_DEVICE typename Sampler::words_type
    candidate_words(const Sampler& s, std::uint32_t candidate, std::uint64_t first)
{
    return typename Sampler::words_type(s.key, engine::candidate_substream(Sampler::tag, candidate, first));
}

} // namespace rocdist::backend
