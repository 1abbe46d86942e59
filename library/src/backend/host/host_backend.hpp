// The host backend: the shared packet body over all CPU cores, or a block
// kernel over whole engine blocks (vector code where the CPU runs it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "backend/compacted_round.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/host/simd/block_kernels.hpp"
#include "backend/host/simd/compacted_kernels.hpp"
#include "backend/packet_writer.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"

namespace rocdist::host
{

template <class Functor>
void generate_packets(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    const backend::packet_plan plan
        = backend::make_packet_plan<Functor::outputs_per_block>(out, n, offset);
    parallel_for(plan.packets, [&](std::uint64_t q) { backend::write_packet(f, out, plan, q); });
}

// Engine blocks per call of a vector kernel: 16 KiB of floats, so a call's
// output stays in L1 while its slow-path fix-ups and exponentials run.
constexpr std::uint64_t kernel_chunk_blocks = 1024;

// Engine blocks through Kernel::run, on all cores. The partial blocks at
// either end (fewer than P outputs each) go through the kernel too, one block
// into a buffer, so that every element is the kernel's value wherever a call
// starts or ends (chunk invariance; the Box-Muller kernel's values differ from
// the functor's by a few ulp). Output j is stream element offset + j whatever
// the address, so no alignment is needed.
template <class Kernel, class Functor>
void generate_blocks(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    using T              = typename Functor::value_type;
    constexpr unsigned P = Functor::outputs_per_block;
    T                  edge[P];

    const auto        lane = static_cast<unsigned>(offset % P);
    const std::size_t head = lane == 0 ? 0 : std::min<std::size_t>(n, P - lane);
    if(head > 0)
    {
        Kernel::run(f, offset / P, 1, edge);
        std::copy(edge + lane, edge + lane + head, out);
    }
    const std::uint64_t first  = offset / P + (lane != 0);
    const std::uint64_t blocks = (n - head) / P;
    const std::size_t   tail   = n - head - blocks * P;
    if(tail > 0)
    {
        Kernel::run(f, first + blocks, 1, edge);
        std::copy(edge, edge + tail, out + head + blocks * P);
    }

    T* middle = out + head;
    const std::uint64_t chunks = (blocks + kernel_chunk_blocks - 1) / kernel_chunk_blocks;
    parallel_for(
        chunks,
        [&](std::uint64_t c) {
            const std::uint64_t b = c * kernel_chunk_blocks;
            Kernel::run(f, first + b, std::min(kernel_chunk_blocks, blocks - b), middle + b * P);
        },
        min_packets_per_thread / kernel_chunk_blocks);
}

template <class Functor>
void generate(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    if constexpr(simd::has_block_kernel<Functor>)
        generate_blocks<simd::block_kernel>(f, out, n, offset);
    else
        generate_packets(f, out, n, offset);
}

// The fast Box-Muller's values on the host are the default's: its hardware
// sine and cosine are a GPU's (rocdist/device/config.hpp).
inline void generate(const blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER_FAST, float>& f, float* out, std::size_t n,
                     std::uint64_t offset)
{
    generate(blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER, float>{f.key, f.transform}, out, n, offset);
}

// The fast ordering of a rejection sampler: each chunk's candidates run in
// order, and their accepted outputs are appended until the chunk is full
// (a vector kernel where the sampler has one).
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
            const std::uint64_t count = std::min<std::uint64_t>(n - begin, size);
            if constexpr(simd::has_chunk_kernel<Sampler>)
                simd::run_chunk(c.sampler, offset + begin, out + begin, count);
            else
                backend::fill_chunk(c.sampler, offset + begin, out + begin, count);
        },
        min_chunks_per_thread);
}

} // namespace rocdist::host
