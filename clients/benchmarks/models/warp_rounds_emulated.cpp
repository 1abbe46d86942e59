// The strategies of warp_strategies.hpp on emulated warps: every lane's
// round in turn, then the warp's vote (or ballots), as a warp executes them.
#include <cstdint>
#include <vector>

#include "backend/compacted_round.hpp"
#include "warp_rounds.hpp"
#include "warp_strategies.hpp"

namespace rocdist_bench
{
namespace
{

template <class Sampler>
double emulated_loop_rounds(const Sampler& s, unsigned warp, bool precached)
{
    using lane_t         = lane_state<typename Sampler::value_type, Sampler::outputs_per_attempt>;
    std::uint64_t rounds = 0, calls = 0;
    for(unsigned w = 0; w < rounds_warps; ++w)
    {
        std::vector<lane_t>                       lanes(warp);
        std::vector<typename Sampler::words_type> words;
        for(unsigned lane = 0; lane < warp; ++lane)
            words.push_back(rocdist::backend::candidate_words(s, lane, std::uint64_t{w} << 32));
        for(unsigned call = 0; call < rounds_calls_per_warp; ++call)
        {
            for(lane_t& lane : lanes)
                start_call(lane, precached);
            std::uint64_t call_rounds = 0;
            for(bool pending = true; pending; ++call_rounds) // do-while: at least one round
            {
                pending = false;
                for(unsigned lane = 0; lane < warp; ++lane)
                {
                    lane_round(s, words[lane], lanes[lane], precached);
                    pending = pending || !lanes[lane].current;
                }
            }
            if(call >= rounds_warmup_calls)
            {
                rounds += call_rounds;
                ++calls;
            }
        }
    }
    return static_cast<double>(rounds) / static_cast<double>(calls);
}

template <class Sampler>
double emulated_compacted_rounds(const Sampler& s, unsigned warp)
{
    constexpr unsigned A = Sampler::attempts_per_candidate;
    constexpr unsigned M = Sampler::outputs_per_attempt;
    const std::uint64_t chunk  = rocdist::backend::compacted_chunk_size;
    std::uint64_t       rounds = 0;
    for(std::uint64_t c = 0; c < rounds_chunks; ++c)
    {
        for(std::uint64_t pos = 0, round = 0; pos < chunk; ++round, ++rounds)
        {
            std::uint64_t masks[A] = {};
            for(unsigned lane = 0; lane < warp; ++lane)
            {
                const auto r = rocdist::backend::run_candidate(
                    s, static_cast<std::uint32_t>(round * warp + lane), c * chunk);
                for(unsigned a = 0; a < A; ++a)
                    masks[a] |= std::uint64_t{r.accepted[a]} << lane;
            }
            pos += rocdist::backend::round_outputs<Sampler>(masks);
        }
    }
    return static_cast<double>(rounds) * warp * A * M / static_cast<double>(rounds_chunks * chunk);
}

} // namespace

template <class Sampler>
double emulated_rounds(warp_strategy strategy, const Sampler& s, unsigned warp)
{
    if(strategy == warp_strategy::compacted)
        return emulated_compacted_rounds(s, warp);
    return emulated_loop_rounds(s, warp, strategy == warp_strategy::precached);
}

template double emulated_rounds(warp_strategy, const fixed_acceptance_sampler&, unsigned);
template double emulated_rounds(warp_strategy, const rocdist::backend::polar_sampler<float>&, unsigned);
template double emulated_rounds(warp_strategy, const ziggurat_candidate_sampler&, unsigned);
template double emulated_rounds(warp_strategy, const rocdist::backend::gamma_sampler<float>&, unsigned);

} // namespace rocdist_bench
