// Reductions and prefix sums over the threads of one block, in __shared__
// memory with barriers. Blocks have ROCDIST_THREADS_PER_BLOCK threads; every
// thread of the block must call them, from the same place.
//
// block_reduce and block_exclusive_sum need no warp primitive, and combine
// in a fixed order whatever the warp size. Raking: the first `rakes`
// threads each combine a run of `rakes` values, one thread combines the
// runs, and every thread reads its result: four barriers, where a tree
// over 256 values takes nine or seventeen. Each run is padded by one value
// (padded_slot). block_reduce_any_order shuffles within warps of any size,
// for operations that give the same result in any order; the warp_
// functions combine the lanes of one warp alone.
#pragma once

#include <cstdint>

#include "backend/gpu/runtime.hpp"
#include "build_config.hpp"

namespace rocdist::gpu
{

constexpr unsigned block_rakes = 16;
static_assert(block_rakes * block_rakes == ROCDIST_THREADS_PER_BLOCK);
constexpr unsigned block_rake_stride = block_rakes + 1;

// Where value i of runs of `run` consecutive values sits in shared memory
// when each run is padded by one slot: threads that read their runs' j-th
// values together then hit distinct banks, where unpadded runs of 16 or 32
// values would put them all in one bank.
ROCDIST_HOST_DEVICE constexpr std::uint64_t padded_slot(std::uint64_t i, std::uint64_t run) { return i + i / run; }

// Where thread t's value sits: run t / rakes, place t % rakes.
__device__ inline unsigned rake_slot(unsigned t) { return static_cast<unsigned>(padded_slot(t, block_rakes)); }

// op(...) of every thread's value, returned to every thread.
template <class T, class Op>
__device__ T block_reduce(T value, Op op)
{
    __shared__ T values[block_rakes * block_rake_stride];
    __shared__ T runs[block_rakes];
    const unsigned t     = threadIdx.x;
    values[rake_slot(t)] = value;
    __syncthreads();
    if(t < block_rakes)
    {
        T run = values[t * block_rake_stride];
        for(unsigned i = 1; i < block_rakes; ++i)
            run = op(run, values[t * block_rake_stride + i]);
        runs[t] = run;
    }
    __syncthreads();
    if(t == 0)
    {
        for(unsigned i = 1; i < block_rakes; ++i)
            runs[0] = op(runs[0], runs[i]);
    }
    __syncthreads();
    const T result = runs[0];
    __syncthreads(); // values and runs are reused by the next call
    return result;
}

// A shuffle of a double or a 64-bit integer among all the lanes of the
// warp, every one of which must call it. On CUDA it names the whole warp
// (as warp_ballot does), which makes every lane wait for the others:
// __activemask() would name only the lanes that happen to have
// reconverged after a loop whose trips differ by lane.
__device__ inline double warp_shuffle(double v, unsigned lane)
{
    return ROCDIST_WARP_SHFL(0xFFFFFFFFu, v, lane);
}
__device__ inline std::uint64_t warp_shuffle(std::uint64_t v, unsigned lane)
{
    return static_cast<std::uint64_t>(ROCDIST_WARP_SHFL(0xFFFFFFFFu, static_cast<unsigned long long>(v), lane));
}

// op(...) of the values of a warp's lanes, returned to every lane, for an
// op whose result does not depend on the order of combination (the largest
// of doubles, sums of integers): a butterfly of shuffles over warpSize
// lanes (queried). Every lane of the warp must call it.
template <class T, class Op>
__device__ T warp_reduce_any_order(T value, Op op)
{
    const unsigned width = warpSize;
    const unsigned lane  = threadIdx.x % width;
    for(unsigned distance = width / 2; distance > 0; distance /= 2)
        value = op(value, warp_shuffle(value, lane ^ distance));
    return value;
}

// Each lane's inclusive prefix of the warp's 64-bit integers, in lane
// order: log2(warpSize) shuffles up. Every lane of the warp must call it.
__device__ inline std::uint64_t warp_inclusive_sum(std::uint64_t value)
{
    const unsigned width = warpSize;
    const unsigned lane  = threadIdx.x % width;
    for(unsigned distance = 1; distance < width; distance *= 2)
    {
        const std::uint64_t below = warp_shuffle(value, lane >= distance ? lane - distance : lane);
        value += lane >= distance ? below : 0;
    }
    return value;
}

// block_reduce for an op whose result does not depend on the order of
// combination: each warp combines its lanes (warp_reduce_any_order), its
// first lane writes the warp's value, and after one barrier every thread
// combines the block's 8 or 4 warp values. Two barriers where block_reduce
// takes four, and log2(warpSize) + 8 dependent steps where its rakes take
// 32.
template <class T, class Op>
__device__ T block_reduce_any_order(T value, Op op)
{
    __shared__ T   warp_values[ROCDIST_THREADS_PER_BLOCK / 32];
    const unsigned width = warpSize;
    value                = warp_reduce_any_order(value, op);
    if(threadIdx.x % width == 0)
        warp_values[threadIdx.x / width] = value;
    __syncthreads();
    T result = warp_values[0];
    for(unsigned w = 1; w < ROCDIST_THREADS_PER_BLOCK / width; ++w)
        result = op(result, warp_values[w]);
    __syncthreads(); // warp_values is reused by the next call
    return result;
}

// The block's exclusive prefix of each thread's value; *total gets the sum.
template <class T>
__device__ T block_exclusive_sum(T value, T* total)
{
    __shared__ T values[block_rakes * block_rake_stride];
    __shared__ T runs[block_rakes + 1];
    const unsigned t     = threadIdx.x;
    values[rake_slot(t)] = value;
    __syncthreads();
    if(t < block_rakes) // each run's values become their exclusive prefix within the run
    {
        T sum = 0;
        for(unsigned i = 0; i < block_rakes; ++i)
        {
            const T v                             = values[t * block_rake_stride + i];
            values[t * block_rake_stride + i]     = sum;
            sum += v;
        }
        runs[t] = sum;
    }
    __syncthreads();
    if(t == 0) // the runs' sums become their exclusive prefix; runs[rakes] the total
    {
        T sum = 0;
        for(unsigned i = 0; i <= block_rakes; ++i)
        {
            const T v = i < block_rakes ? runs[i] : T(0);
            runs[i]   = sum;
            sum += v;
        }
    }
    __syncthreads();
    const T exclusive = runs[t / block_rakes] + values[rake_slot(t)];
    *total            = runs[block_rakes];
    __syncthreads(); // values and runs are reused by the next call
    return exclusive;
}

} // namespace rocdist::gpu
