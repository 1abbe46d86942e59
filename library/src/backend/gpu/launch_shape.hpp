// Grid shape for every rocdist kernel: grid-stride loops make results
// independent of it, so it is tuned for occupancy alone.
#pragma once

#include <algorithm>
#include <cstdint>

#include "backend/gpu/gpu_backend.hpp"

namespace rocdist::gpu
{

// 256 threads and 8 resident blocks per multiprocessor fill both vendors'
// schedulers.
constexpr unsigned threads_per_block         = 256;
constexpr unsigned blocks_per_multiprocessor = 8;

// Enough blocks for `threads` workers, at most one full wave of resident blocks.
inline unsigned grid_blocks(const device_info& device, std::uint64_t threads)
{
    const std::uint64_t wanted = (threads + threads_per_block - 1) / threads_per_block;
    return static_cast<unsigned>(std::min<std::uint64_t>(
        std::max<std::uint64_t>(wanted, 1),
        static_cast<std::uint64_t>(device.multiprocessors) * blocks_per_multiprocessor));
}

} // namespace rocdist::gpu
