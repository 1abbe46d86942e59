// Token sampling on GPUs, compiled by hipcc and nvcc from this one source:
// one block per row, each row by the definition's passes over its logits
// (docs/token_sampling.md), exactly as host/token_sampler_host.cpp takes
// them, so that both choose the same token:
//
//  1. the row's validity and largest order key (a block reduction);
//  2. greedy rows: the lowest index of that key;
//  3. top-k, then top-p: radix selection of a threshold rank key, a pass
//     per 8-bit digit, the histogram built in __shared__ memory by atomics
//     (counts and fixed-point weights are sums: any order gives the same);
//  4. the kept tokens' total weight, and the draw: the row in chunks in
//     index order, each thread summing a run of its own, a block prefix sum
//     telling which run holds the target.
//
// A row's weights are recomputed from its logits in each pass, not stored:
// the call needs no scratch, only the generator's deferred-status word,
// which an invalid row sets. Nothing is waited for: the call is one kernel
// queued on the generator's stream.

#include "backend/gpu/block_collectives.hpp"
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/grid_stride.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/launch_status.hpp"
#include "backend/gpu/runtime.hpp"
#include "backend/token_rows.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"

namespace rocdist::gpu
{
namespace
{

using distributions::order_key;
using distributions::rank_key;
using count = unsigned long long; // the type the runtimes' 64-bit atomicAdd takes

struct largest_of
{
    __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a > b ? a : b; }
};
struct least_of
{
    __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a < b ? a : b; }
};
struct sum_of
{
    __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a + b; }
};

// The offer of a thread that saw an invalid logit: above every order key.
constexpr std::uint64_t invalid_offer = std::uint64_t(1) << 32;

// Each token's weight in the row's selection: one (top-k) or its fixed point (top-p).
struct count_measure
{
    __device__ std::uint64_t operator()(float) const { return 1; }
};
struct weight_measure
{
    backend::token_row row;
    __device__ std::uint64_t operator()(float x) const { return row.weight(x); }
};

// The threshold of distributions::rank_selection among the row's tokens of
// rank key >= lower: one pass over the row per digit. Every thread steps
// its own copy of the selection through the same histogram.
template <class Measure>
__device__ std::uint64_t select_threshold(const backend::token_batch& batch, std::uint64_t first,
                                          std::uint64_t lower, std::uint64_t needed, const Measure& measure)
{
    __shared__ count histogram[256];
    auto             selection = distributions::rank_selection::start(needed);
    while(!selection.done)
    {
        for(unsigned b = threadIdx.x; b < 256; b += ROCDIST_THREADS_PER_BLOCK)
            histogram[b] = 0;
        __syncthreads();
        for(std::uint64_t i = threadIdx.x; i < batch.vocab; i += ROCDIST_THREADS_PER_BLOCK)
        {
            const float         x   = batch.logits(first + i);
            const std::uint64_t key = rank_key(order_key(x), static_cast<std::uint32_t>(i));
            if(key >= lower && selection.matches(key))
                atomicAdd(&histogram[selection.digit(key)], static_cast<count>(measure(x)));
        }
        __syncthreads();
        selection.step(histogram);
        __syncthreads(); // every thread has read the histogram before the next pass clears it
    }
    return selection.threshold();
}

// The whole block, for one valid, non-greedy row: its token. Out of line:
// inlined, nvcc spills the kernel's registers on sm_80.
__device__ ROCDIST_NOINLINE std::uint32_t sample_row(const backend::token_batch& batch, std::uint64_t row,
                                    const distributions::token_filter_params& p, std::uint32_t best)
{
    const std::uint64_t      first = row * batch.vocab;
    const backend::token_row t     = backend::make_token_row(p, distributions::logit_of_order_key(best), batch.vocab);
    const weight_measure     weigh{t};

    std::uint64_t threshold = 0;
    if(backend::top_k_cuts(p.top_k, batch.vocab))
        threshold = select_threshold(batch, first, 0, p.top_k, count_measure{});
    if(p.top_p < 1.0f)
    {
        std::uint64_t kept = 0;
        for(std::uint64_t i = threadIdx.x; i < batch.vocab; i += ROCDIST_THREADS_PER_BLOCK)
        {
            const float x = batch.logits(first + i);
            kept += rank_key(order_key(x), static_cast<std::uint32_t>(i)) >= threshold ? t.weight(x) : 0;
        }
        kept = block_reduce_any_order(kept, sum_of{});
        const std::uint64_t cut
            = select_threshold(batch, first, threshold, distributions::scaled_ceil(kept, p.top_p), weigh);
        threshold = cut > threshold ? cut : threshold;
    }

    // Token i's weight if the filters keep it, else 0.
    const auto kept_weight = [&](std::uint64_t i) -> std::uint64_t {
        const float         x = batch.logits(first + i);
        const std::uint64_t w = t.weight(x);
        return rank_key(order_key(x), static_cast<std::uint32_t>(i)) >= threshold && w >= t.least_weight ? w : 0;
    };
    std::uint64_t total = 0;
    for(std::uint64_t i = threadIdx.x; i < batch.vocab; i += ROCDIST_THREADS_PER_BLOCK)
        total += kept_weight(i);
    total                      = block_reduce_any_order(total, sum_of{});
    const std::uint64_t target = distributions::row_target(batch.streams.bits(row), total);

    // The first token whose cumulative kept weight exceeds the target:
    // chunks of `run` consecutive tokens per thread.
    constexpr unsigned  run    = 16;
    constexpr unsigned  chunk  = run * ROCDIST_THREADS_PER_BLOCK;
    __shared__ unsigned found;
    std::uint64_t       carry = 0; // the kept weight of the chunks before
    for(std::uint64_t start = 0;; start += chunk)
    {
        const std::uint64_t mine = start + threadIdx.x * run;
        std::uint64_t       sum  = 0;
        for(unsigned j = 0; j < run; ++j)
            sum += mine + j < batch.vocab ? kept_weight(mine + j) : 0;
        std::uint64_t       chunk_total = 0;
        const std::uint64_t before      = carry + block_exclusive_sum(sum, &chunk_total);
        if(before <= target && target < before + sum) // exactly one thread
        {
            std::uint64_t through = before;
            unsigned      j       = 0;
            while((through += kept_weight(mine + j)) <= target)
                ++j;
            found = static_cast<unsigned>(mine + j);
        }
        carry += chunk_total;
        if(carry > target) // the same for the whole block
            break;
    }
    __syncthreads();
    const std::uint32_t token = found;
    __syncthreads(); // found is reused by the next row
    return token;
}

ROCDIST_KERNEL void sample_token_rows(backend::token_batch batch, unsigned* deferred)
{
    ROCDIST_BLOCK_STRIDE(row, batch.rows)
    {
        const distributions::token_filter_params p     = backend::filter_params(batch.params[row]);
        const std::uint64_t                      first = row * batch.vocab;
        bool                                     valid = true;
        std::uint32_t                            best  = 0;
        for(std::uint64_t i = threadIdx.x; i < batch.vocab; i += ROCDIST_THREADS_PER_BLOCK)
        {
            const float         x = batch.logits(first + i);
            const std::uint32_t k = order_key(x);
            valid                 = valid && distributions::valid_token_logit(x);
            best                  = k > best ? k : best;
        }
        const std::uint64_t top = block_reduce_any_order(valid ? std::uint64_t(best) : invalid_offer, largest_of{});
        // The same for the whole block, as is every condition below.
        if(top == invalid_offer || top <= distributions::minus_infinity_order_key
           || !distributions::valid_token_params(p))
        {
            if(threadIdx.x == 0)
            {
                batch.tokens[row] = distributions::invalid_token;
                atomicOr(deferred, 1u);
            }
            continue;
        }
        best = static_cast<std::uint32_t>(top);
        std::uint32_t token;
        if(p.temperature == 0.0f) // greedy: the first of the largest
        {
            std::uint64_t lowest = batch.vocab;
            for(std::uint64_t i = threadIdx.x; i < batch.vocab; i += ROCDIST_THREADS_PER_BLOCK)
                if(order_key(batch.logits(first + i)) == best && i < lowest)
                    lowest = i;
            token = static_cast<std::uint32_t>(block_reduce_any_order(lowest, least_of{}));
        }
        else
            token = sample_row(batch, row, p, best);
        if(threadIdx.x == 0)
            batch.tokens[row] = token;
    }
}

} // namespace

rocdist_status sample_tokens(const device_info& device, void* stream, const backend::token_batch& batch,
                             unsigned* deferred)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return launch_status(ROCDIST_LAUNCH(sample_token_rows, block_grid<sample_token_rows>(device, batch.rows),
                                        threads_per_block, 0, static_cast<hipStream_t>(stream), batch, deferred));
}

rocdist_status allocate_status_word(const device_info& device, unsigned** word)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    void* p = nullptr;
    if(hipMalloc(&p, sizeof(unsigned)) != hipSuccess)
    {
        (void)hipGetLastError();
        return ROCDIST_STATUS_ALLOCATION_FAILED;
    }
    if(hipMemset(p, 0, sizeof(unsigned)) != hipSuccess || hipDeviceSynchronize() != hipSuccess)
    {
        (void)hipFree(p);
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    }
    *word = static_cast<unsigned*>(p);
    return ROCDIST_STATUS_SUCCESS;
}

rocdist_status take_status_word(const device_info& device, void* stream, unsigned* word, bool& set)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    const auto s     = static_cast<hipStream_t>(stream);
    unsigned   value = 0;
    if(hipMemcpyAsync(&value, word, sizeof value, hipMemcpyDeviceToHost, s) != hipSuccess
       || hipMemsetAsync(word, 0, sizeof value, s) != hipSuccess || hipStreamSynchronize(s) != hipSuccess)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    set = value != 0;
    return ROCDIST_STATUS_SUCCESS;
}

} // namespace rocdist::gpu
