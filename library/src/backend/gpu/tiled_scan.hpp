// A device-wide prefix sum in place, in three kernels on the caller's
// stream, with the two-call scratch protocol of CUB and rocPRIM: the sums of
// tiles of 1024 elements, an exclusive scan of those sums by one block, and
// each tile's own scan from its prefix. It is the emulated platform's
// stand-in for CUB and rocPRIM (device_scan.hpp), and exercises __shared__
// memory and __syncthreads there. Sums wrap modulo 2^bits, as theirs do.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "backend/gpu/block_collectives.hpp"
#include "backend/gpu/runtime.hpp"

namespace rocdist::gpu::tiled_scan
{

constexpr unsigned      threads          = ROCDIST_THREADS_PER_BLOCK; // block_exclusive_sum's
constexpr unsigned      items_per_thread = 4;
constexpr std::uint64_t tile             = threads * items_per_thread;
constexpr unsigned      max_blocks       = 1024;

template <class T>
__device__ T thread_items_sum(const T* data, std::uint64_t n, std::uint64_t first)
{
    T sum = 0;
    for(unsigned i = 0; i < items_per_thread; ++i)
        sum += first + i < n ? data[first + i] : T(0);
    return sum;
}

template <class T>
__global__ void tile_sums_kernel(const T* data, std::uint64_t n, T* sums)
{
    const std::uint64_t tiles = (n + tile - 1) / tile;
    for(std::uint64_t b = blockIdx.x; b < tiles; b += gridDim.x)
    {
        T total;
        (void)block_exclusive_sum(thread_items_sum(data, n, b * tile + threadIdx.x * items_per_thread), &total);
        if(threadIdx.x == 0)
            sums[b] = total;
    }
}

// One block: the tile sums become their exclusive prefixes.
template <class T>
__global__ void scan_tile_sums_kernel(T* sums, std::uint64_t tiles)
{
    T carry = 0;
    for(std::uint64_t first = 0; first < tiles; first += threads)
    {
        const std::uint64_t i = first + threadIdx.x;
        const T             v = i < tiles ? sums[i] : T(0);
        T                   total;
        const T             prefix = block_exclusive_sum(v, &total);
        if(i < tiles)
            sums[i] = carry + prefix;
        carry += total;
    }
}

template <class T>
__global__ void scan_tiles_kernel(T* data, std::uint64_t n, const T* prefixes, bool inclusive)
{
    const std::uint64_t tiles = (n + tile - 1) / tile;
    for(std::uint64_t b = blockIdx.x; b < tiles; b += gridDim.x)
    {
        const std::uint64_t first = b * tile + threadIdx.x * items_per_thread;
        T                   items[items_per_thread];
        for(unsigned i = 0; i < items_per_thread; ++i)
            items[i] = first + i < n ? data[first + i] : T(0);
        T own = 0;
        for(unsigned i = 0; i < items_per_thread; ++i)
            own += items[i];
        T total;
        T running = prefixes[b] + block_exclusive_sum(own, &total);
        for(unsigned i = 0; i < items_per_thread; ++i)
        {
            const T before = running;
            running += items[i];
            if(first + i < n)
                data[first + i] = inclusive ? running : before;
        }
    }
}

// Scratch: one T per tile.
template <class T>
std::size_t scratch_bytes(std::uint64_t n)
{
    return std::max<std::uint64_t>((n + tile - 1) / tile, 1) * sizeof(T);
}

// Scratch must be device memory of the current device.
inline bool device_scratch(const void* p)
{
    int device = -1;
    return hipGetDevice(&device) == hipSuccess && p != nullptr && is_device_accessible(p, device);
}

template <class T>
hipError_t sum(void* temporary, std::size_t& bytes, T* data, std::uint64_t n, bool inclusive, hipStream_t stream)
{
    const std::size_t needed = scratch_bytes<T>(n);
    if(temporary == nullptr)
    {
        bytes = needed;
        return hipSuccess;
    }
    if(bytes < needed || !device_scratch(temporary))
        return hipErrorInvalidValue;
    if(n == 0)
        return hipSuccess;
    auto*          sums   = static_cast<T*>(temporary);
    const auto     tiles  = (n + tile - 1) / tile;
    const unsigned blocks = static_cast<unsigned>(std::min<std::uint64_t>(tiles, max_blocks));
    hipError_t     e      = ROCDIST_LAUNCH(tile_sums_kernel, blocks, threads, 0, stream, static_cast<const T*>(data),
                                           n, sums);
    if(e == hipSuccess)
        e = ROCDIST_LAUNCH(scan_tile_sums_kernel, 1, threads, 0, stream, sums, tiles);
    if(e == hipSuccess)
        e = ROCDIST_LAUNCH(scan_tiles_kernel, blocks, threads, 0, stream, data, n, static_cast<const T*>(sums),
                           inclusive);
    return e;
}

} // namespace rocdist::gpu::tiled_scan
