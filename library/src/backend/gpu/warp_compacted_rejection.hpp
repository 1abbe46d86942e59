// One warp fills one fast-ordering chunk of a rejection sampler (see
// backend/compacted_chunks.hpp). Each round every lane runs the next
// candidate; a ballot per attempt tells each lane how many accepted outputs
// the lanes below it hold, so the warp writes its accepted outputs densely,
// in candidate order, and moves on together. No lane waits for an unlucky
// neighbour's retries: the warp needs about chunk / (warpSize * A * M * p)
// rounds, not the expected maximum of warpSize geometric variables.
#pragma once

#include <cstdint>

#include "backend/compacted_round.hpp"
#include "backend/gpu/runtime.hpp"

namespace rocdist::gpu
{

// Every lane of the warp calls this with the same arguments.
template <class Sampler>
__device__ void warp_compacted_rejection(const Sampler&                s,
                                         typename Sampler::value_type* out,
                                         std::uint64_t                 begin,
                                         std::uint64_t                 end,
                                         std::uint64_t                 first)
{
    const unsigned width = warpSize;
    const unsigned lane  = threadIdx.x % width;
    // pos is the same in every lane (it advances by ballot counts), so the
    // loop, and every ballot in it, is uniform across the warp.
    for(std::uint64_t pos = begin, round = 0; pos < end; ++round)
    {
        const auto    r = backend::run_candidate(s, static_cast<std::uint32_t>(round * width + lane), first);
        std::uint64_t masks[Sampler::attempts_per_candidate];
        ROCDIST_UNROLL
        for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
            masks[a] = warp_ballot(r.accepted[a]);
        backend::write_accepted(r, masks, lane, pos, end, out);
        pos += backend::round_outputs<Sampler>(masks);
    }
}

} // namespace rocdist::gpu
