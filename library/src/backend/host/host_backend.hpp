// The host backend: the shared packet body over all CPU cores.
#pragma once

#include <cstddef>
#include <cstdint>

#include <algorithm>

#include "backend/compacted_round.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/packet_writer.hpp"

namespace rocdist::host
{

template <class Functor>
void generate(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    const backend::packet_plan plan
        = backend::make_packet_plan<Functor::outputs_per_block>(out, n, offset);
    parallel_for(plan.packets, [&](std::uint64_t q) { backend::write_packet(f, out, plan, q); });
}

// The fast ordering of a rejection sampler: each chunk's candidates run in
// order, and their accepted outputs are appended until the chunk is full.
template <class Sampler>
void generate(const backend::compacted<Sampler>& c, typename Sampler::value_type* out, std::size_t n,
              std::uint64_t offset)
{
    constexpr std::uint64_t size = backend::compacted_chunk_size;
    // Two chunks (16k outputs) outweigh a thread's start-up.
    constexpr std::uint64_t min_chunks_per_thread = 2;
    parallel_for(
        (n + size - 1) / size,
        [&](std::uint64_t chunk) {
            const std::uint64_t begin = chunk * size;
            const std::uint64_t end   = std::min<std::uint64_t>(n, begin + size);
            std::uint64_t       pos   = begin;
            for(std::uint32_t candidate = 0; pos < end; ++candidate)
            {
                const auto r = backend::run_candidate(c.sampler, candidate, offset + begin);
                for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
                {
                    for(unsigned m = 0; r.accepted[a] && m < Sampler::outputs_per_attempt && pos < end; ++m)
                        out[pos++] = r.v[a][m];
                }
            }
        },
        min_chunks_per_thread);
}

} // namespace rocdist::host
