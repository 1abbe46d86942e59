// Three ways for a warp to run a rejection sampler, reduced to what decides
// their cost: how many warp rounds they take. Each lane reads attempts from
// its own substream. The host emulates warps of any width with these
// functions; warp_rounds_kernels.hip runs the same lane logic on the GPU,
// with real ballots.
//   thread loop: every lane loops until it has an accepted attempt (what
//                per-thread samplers in PyTorch and CuPy do);
//   pre-cached:  the seed's variant: a lane that is done keeps its next
//                accepted attempt for the next call;
//   compacted:   rocdist's fast ordering (backend/compacted_round.hpp).
#pragma once

#include <cstdint>

#include "backend/rejection_samplers.hpp"
#include "build_config.hpp"
#include "rocdist/device/blocks/substream_sources.hpp"
#include "rocdist/device/distributions/ziggurat.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist_bench
{

// A synthetic sampler accepting with fixed probability p: one word per
// attempt, accepted when it is below p 2^32.
struct fixed_acceptance_sampler
{
    using value_type                                            = float;
    using words_type                                            = rocdist::engine::substream_reader;
    static constexpr unsigned                       outputs_per_attempt    = 1;
    static constexpr unsigned                       attempts_per_candidate = 1;
    static constexpr rocdist::engine::substream_tag tag = static_cast<rocdist::engine::substream_tag>(63);
    rocdist::engine::philox_key                     key;
    std::uint32_t                                   threshold;

    ROCDIST_HOST_DEVICE bool attempt(rocdist::engine::substream_reader& words, float (&v)[1]) const
    {
        const std::uint32_t w = words.next();
        v[0]                  = static_cast<float>(w);
        return w < threshold;
    }
};

// The float ziggurat as a compaction candidate of 4 attempts, each its fast
// path and, rarely, its slow path: for the rounds study only. rocdist's fast
// ordering runs the ziggurat's reproducible kernel, which measured faster
// than compaction on the host and on an H100.
struct ziggurat_candidate_sampler
{
    using value_type                                            = float;
    using words_type                                            = rocdist::engine::substream_reader;
    static constexpr unsigned                       outputs_per_attempt    = 1;
    static constexpr unsigned                       attempts_per_candidate = 4;
    static constexpr rocdist::engine::substream_tag tag = rocdist::engine::substream_tag::ziggurat;
    rocdist::engine::philox_key                     key;

    ROCDIST_HOST_DEVICE bool attempt(rocdist::engine::substream_reader& words, float (&v)[1]) const
    {
        return rocdist::distributions::ziggurat_attempt(rocdist::blocks::substream_bits<float>{&words}(),
                                                        rocdist::blocks::substream_uniform<float>{&words}, v[0]);
    }
};

// One lane's state across calls of the loop strategies.
template <class T, unsigned M>
struct lane_state
{
    bool current = false; // holds this call's value
    bool cached  = false; // holds the next call's value (pre-cached only)
    T    value[M];
    T    next[M];
};

// A lane's start of a call: a cached value becomes the current one.
template <class T, unsigned M>
ROCDIST_HOST_DEVICE void start_call(lane_state<T, M>& lane, bool precached)
{
    lane.current = precached && lane.cached;
    lane.cached  = false;
    for(unsigned m = 0; m < M; ++m)
        lane.value[m] = lane.next[m];
}

// One round of one lane: one attempt, kept as the current value, or (when
// pre-caching) as the next call's.
template <class Sampler>
ROCDIST_HOST_DEVICE void lane_round(const Sampler&                                                             s,
                                    typename Sampler::words_type&                                              words,
                                    lane_state<typename Sampler::value_type, Sampler::outputs_per_attempt>& lane,
                                    bool precached)
{
    typename Sampler::value_type v[Sampler::outputs_per_attempt];
    const bool                   accepted = s.attempt(words, v);
    if(!lane.current)
    {
        lane.current = accepted;
        for(unsigned m = 0; m < Sampler::outputs_per_attempt; ++m)
            lane.value[m] = v[m];
    }
    else if(precached && !lane.cached)
    {
        lane.cached = accepted;
        for(unsigned m = 0; m < Sampler::outputs_per_attempt; ++m)
            lane.next[m] = v[m];
    }
}

} // namespace rocdist_bench
