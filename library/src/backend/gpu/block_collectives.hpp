// Reductions and prefix sums over the threads of one block, in __shared__
// memory with barriers: they need no warp primitive, so they hold for any
// warp size. Blocks have ROCDIST_THREADS_PER_BLOCK threads; every thread of
// the block must call them, from the same place. Raking: the first
// `rakes` threads each combine a run of `rakes` values, one thread combines
// the runs, and every thread reads its result: four barriers, where a tree
// over 256 values takes nine or seventeen. Each run is padded by one value
// (padded_slot).
#pragma once

#include <cstdint>

#include "backend/gpu/runtime.hpp"
#include "config.hpp"

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
