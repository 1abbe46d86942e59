// The loop every rocdist kernel runs its items in: thread i of the grid takes
// items i, i + grid size, ..., so results never depend on the grid's shape.
#pragma once

#include <cstdint>

#define ROCDIST_GRID_STRIDE(i, count)                                                              \
    for(std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;       \
        i < (count);                                                                               \
        i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)

// The same over blocks: block b of the grid takes items b, b + grid blocks, ...
#define ROCDIST_BLOCK_STRIDE(i, count)                                                             \
    for(std::uint64_t i = blockIdx.x; i < (count); i += gridDim.x)
