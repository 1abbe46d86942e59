// The pieces of one warp round of the fast ordering (compacted_chunks.hpp),
// as pure functions of a lane's candidate and the round's ballot masks. The
// GPU kernel (gpu/warp_compacted_rejection.hpp) composes them with real
// ballots; a test composes them with emulated warps of 32 and 64 lanes and
// checks the result against the host backend's.
#pragma once

#include <cstdint>

#include "backend/compacted_chunks.hpp"
#include "build_config.hpp"

namespace rocdist::backend
{

template <class Sampler>
struct candidate_result
{
    typename Sampler::value_type v[Sampler::attempts_per_candidate][Sampler::outputs_per_attempt];
    bool                         accepted[Sampler::attempts_per_candidate];
};

// A candidate's attempts from its words.
template <class Sampler>
ROCDIST_HOST_DEVICE candidate_result<Sampler> run_attempts(const Sampler& s, typename Sampler::words_type& words)
{
    candidate_result<Sampler> r;
    ROCDIST_UNROLL
    for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
        r.accepted[a] = s.attempt(words, r.v[a]);
    return r;
}

template <class Sampler>
ROCDIST_HOST_DEVICE candidate_result<Sampler>
    run_candidate(const Sampler& s, std::uint32_t candidate, std::uint64_t first)
{
    typename Sampler::words_type words = candidate_words(s, candidate, first);
    return run_attempts(s, words);
}

// The first `count` outputs of the chunk whose first output is stream
// element `first`, its candidates run one after another (the host's way: a
// GPU warp runs warpSize candidates per round and writes the same
// sequence).
template <class Sampler>
ROCDIST_HOST_DEVICE void fill_chunk(const Sampler& s, std::uint64_t first, typename Sampler::value_type* out,
                                    std::uint64_t count)
{
    std::uint64_t pos = 0;
    for(std::uint32_t candidate = 0; pos < count; ++candidate)
    {
        const candidate_result<Sampler> r = run_candidate(s, candidate, first);
        for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
        {
            for(unsigned m = 0; r.accepted[a] && m < Sampler::outputs_per_attempt && pos < count; ++m)
                out[pos++] = r.v[a][m];
        }
    }
}

// Outputs that the whole warp accepted this round; masks[a] has bit l set
// when lane l's attempt a was accepted.
template <class Sampler>
ROCDIST_HOST_DEVICE std::uint64_t
    round_outputs(const std::uint64_t (&masks)[Sampler::attempts_per_candidate])
{
    std::uint64_t total = 0;
    ROCDIST_UNROLL
    for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
        total += ROCDIST_POPCOUNT64(masks[a]);
    return Sampler::outputs_per_attempt * total;
}

// Writes lane `lane`'s accepted outputs after those of the lanes below it,
// from position pos, dropping any at or beyond end.
template <class Sampler>
ROCDIST_HOST_DEVICE void write_accepted(const candidate_result<Sampler>& r,
                                        const std::uint64_t (&masks)[Sampler::attempts_per_candidate],
                                        unsigned                       lane,
                                        std::uint64_t                  pos,
                                        std::uint64_t                  end,
                                        typename Sampler::value_type*  out)
{
    constexpr unsigned A = Sampler::attempts_per_candidate;
    constexpr unsigned M = Sampler::outputs_per_attempt;
    // Lanes below this one; lane < 64, so the shift is defined.
    const std::uint64_t below = (std::uint64_t{1} << lane) - 1;
    std::uint64_t       mine  = pos;
    ROCDIST_UNROLL
    for(unsigned a = 0; a < A; ++a)
        mine += M * ROCDIST_POPCOUNT64(masks[a] & below);
    ROCDIST_UNROLL
    for(unsigned a = 0; a < A; ++a)
    {
        if(!r.accepted[a])
            continue;
        ROCDIST_UNROLL
        for(unsigned m = 0; m < M; ++m, ++mine)
        {
            if(mine < end)
                out[mine] = r.v[a][m];
        }
    }
}

} // namespace rocdist::backend
