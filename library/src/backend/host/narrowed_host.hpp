// 16-bit outputs on the host: the float call's values, chunk by chunk into a
// buffer, then rounded, so that they are exactly the float call's whichever
// kernel (vector or scalar) makes those. A chunk is a multiple of the fast
// ordering's chunk, whose values depend on where a call starts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "backend/compacted_chunks.hpp"
#include "backend/host/host_backend.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/narrowed_outputs.hpp"

namespace rocdist::host
{

// 4 MiB of floats per chunk: enough that the float call spreads over the
// cores, small enough to stay in a large L2 or L3 between the two passes.
constexpr std::size_t narrowed_chunk = std::size_t{1} << 20;
static_assert(narrowed_chunk % backend::compacted_chunk_size == 0);

// fill(floats, count, offset) writes the float call's elements offset ..
// offset + count - 1.
template <class Format, class Fill>
void narrow_in_chunks(std::uint16_t* out, std::size_t n, std::uint64_t offset, const Fill& fill)
{
    std::vector<float> floats(std::min(n, narrowed_chunk));
    for(std::size_t done = 0; done < n; done += floats.size())
    {
        const std::size_t count = std::min(floats.size(), n - done);
        fill(floats.data(), count, offset + done);
        parallel_for(
            count, [&](std::uint64_t i) { out[done + i] = Format{}(floats[i]); }, min_packets_per_thread * 4);
    }
}

template <class Functor, class Format>
void generate(const backend::narrowed_functor<Functor, Format>& f, std::uint16_t* out, std::size_t n,
              std::uint64_t offset)
{
    narrow_in_chunks<Format>(out, n, offset,
                             [&](float* floats, std::size_t count, std::uint64_t at) { generate(f.inner, floats, count, at); });
}

template <class Sampler, class Format>
void generate(const backend::compacted<backend::narrowed_sampler<Sampler, Format>>& c, std::uint16_t* out,
              std::size_t n, std::uint64_t offset)
{
    narrow_in_chunks<Format>(out, n, offset, [&](float* floats, std::size_t count, std::uint64_t at) {
        generate(backend::compacted<Sampler>{c.sampler.inner}, floats, count, at);
    });
}

} // namespace rocdist::host
