// Grid shape for every rocdist kernel: grid-stride loops make results
// independent of it, so it is tuned for occupancy alone: one full wave of
// resident blocks, as many as the runtime's occupancy query says each
// multiprocessor holds for that kernel (its registers and shared memory).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/runtime.hpp"
#include "build_config.hpp"

namespace rocdist::gpu
{

constexpr unsigned threads_per_block = ROCDIST_THREADS_PER_BLOCK;

// Blocks of Kernel resident per multiprocessor of `device`, asked once per
// device ordinal below 64 (and at every launch beyond). A failed query
// counts as one block.
template <auto Kernel>
unsigned resident_blocks(int device)
{
    static std::atomic<int> known[64] = {};
    const bool cached = device >= 0 && device < 64;
    if(cached)
    {
        if(const int blocks = known[device].load(std::memory_order_relaxed); blocks > 0)
            return static_cast<unsigned>(blocks);
    }
    int blocks = 0;
    if(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, static_cast<int>(threads_per_block), 0)
           != hipSuccess
       || blocks < 1)
    {
        (void)hipGetLastError();
        blocks = 1;
    }
    if(cached)
        known[device].store(blocks, std::memory_order_relaxed);
    return static_cast<unsigned>(blocks);
}

// Enough blocks of Kernel for `threads` workers, at most one full wave.
template <auto Kernel>
unsigned grid_blocks(const device_info& device, std::uint64_t threads)
{
    const std::uint64_t wanted = (threads + threads_per_block - 1) / threads_per_block;
    const std::uint64_t wave
        = static_cast<std::uint64_t>(device.multiprocessors) * resident_blocks<Kernel>(device.ordinal);
    return static_cast<unsigned>(std::min<std::uint64_t>(std::max<std::uint64_t>(wanted, 1), wave));
}

// Enough blocks of Kernel for work that is one block per item.
template <auto Kernel>
unsigned block_grid(const device_info& device, std::uint64_t items)
{
    return grid_blocks<Kernel>(device, items * threads_per_block);
}

} // namespace rocdist::gpu
