// The strategies of warp_strategies.hpp on the GPU, counting warp rounds:
// lane 0 of each warp adds its warp's rounds to one counter. The loop
// strategies vote with a ballot, as a per-thread `while` loop effectively
// does; the compacted one is the library's round (backend/compacted_round.hpp).
#include <algorithm>
#include <type_traits>

#include "backend/compacted_round.hpp"
#include "backend/gpu/runtime.hpp"
#include "rocdist/rocdist_kernel.h"
#include "warp_rounds.hpp"
#include "warp_strategies.hpp"

namespace rocdist_bench
{
namespace
{

constexpr unsigned block_threads = 256;

template <class Sampler>
ROCDIST_KERNEL void loop_rounds_kernel(Sampler s, bool precached, unsigned long long* rounds, float* sink)
{
    using lane_t          = lane_state<typename Sampler::value_type, Sampler::outputs_per_attempt>;
    const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned warp   = thread / warpSize, lane = thread % warpSize;
    typename Sampler::words_type words
        = rocdist::backend::candidate_words(s, lane, static_cast<std::uint64_t>(warp) << 32);
    lane_t             state;
    unsigned long long counted = 0;
    float              sum     = 0;
    for(unsigned call = 0; call < rounds_calls_per_warp; ++call)
    {
        start_call(state, precached);
        unsigned long long call_rounds = 0;
        do
        {
            lane_round(s, words, state, precached);
            ++call_rounds;
        } while(rocdist::gpu::warp_ballot(!state.current) != 0);
        sum += static_cast<float>(state.value[0]);
        if(call >= rounds_warmup_calls)
            counted += call_rounds;
    }
    sink[thread] = sum;
    if(lane == 0)
        atomicAdd(rounds, counted);
}

template <class Sampler>
ROCDIST_KERNEL void compacted_rounds_kernel(Sampler s, unsigned long long* rounds, typename Sampler::value_type* out)
{
    const std::uint64_t chunk  = rocdist::backend::compacted_chunk_size;
    const unsigned      thread = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned      warp = thread / warpSize, lane = thread % warpSize, width = warpSize;
    unsigned long long  counted = 0;
    for(std::uint64_t c = warp; c < rounds_chunks; c += gridDim.x * blockDim.x / width)
    {
        for(std::uint64_t pos = c * chunk, end = pos + chunk, round = 0; pos < end; ++round, ++counted)
        {
            const auto r = rocdist::backend::run_candidate(s, static_cast<std::uint32_t>(round * width + lane), c * chunk);
            std::uint64_t masks[Sampler::attempts_per_candidate];
            for(unsigned a = 0; a < Sampler::attempts_per_candidate; ++a)
                masks[a] = rocdist::gpu::warp_ballot(r.accepted[a]);
            rocdist::backend::write_accepted(r, masks, lane, pos, end, out);
            pos += rocdist::backend::round_outputs<Sampler>(masks);
        }
    }
    if(lane == 0)
        atomicAdd(rounds, counted);
}

// Every lane calls gamma_warp rounds_calls_per_warp times, each on its own
// elements; lane 0 of each warp adds the rounds its warp reported.
template <unsigned N>
ROCDIST_KERNEL void cooperative_rounds_kernel(float shape, unsigned long long* rounds, float* sink,
                                              std::integral_constant<unsigned, N>)
{
    const unsigned                thread = blockIdx.x * blockDim.x + threadIdx.x;
    rocdist::device::philox_state s(2024, std::uint64_t{thread} * rounds_calls_per_warp * N);
    unsigned long long            counted = 0;
    float                         sum     = 0;
    for(unsigned call = 0; call < rounds_calls_per_warp; ++call)
    {
        float    v[N];
        unsigned call_rounds = 0;
        rocdist::device::gamma_warp(s, shape, 1.0f, v, &call_rounds);
        counted += call_rounds;
        sum += v[0];
    }
    sink[thread] = sum;
    if(thread % warpSize == 0)
        atomicAdd(rounds, counted);
}

} // namespace

double device_cooperative_rounds(float shape, unsigned per_lane, unsigned& warp)
{
    int device = 0, width = 32;
    (void)hipGetDevice(&device);
    (void)hipDeviceGetAttribute(&width, hipDeviceAttributeWarpSize, device);
    warp = static_cast<unsigned>(width);
    const unsigned      threads = rounds_warps * warp;
    unsigned long long* rounds  = nullptr;
    float*              sink    = nullptr;
    if(hipMalloc(&rounds, sizeof(unsigned long long)) != hipSuccess)
        return 0;
    if(hipMalloc(&sink, threads * sizeof(float)) != hipSuccess)
    {
        (void)hipFree(rounds);
        return 0;
    }
    (void)hipMemset(rounds, 0, sizeof(unsigned long long));
    if(per_lane == 4)
        (void)ROCDIST_LAUNCH(cooperative_rounds_kernel, threads / block_threads, block_threads, 0, nullptr, shape,
                             rounds, sink, std::integral_constant<unsigned, 4>{});
    else
        (void)ROCDIST_LAUNCH(cooperative_rounds_kernel, threads / block_threads, block_threads, 0, nullptr, shape,
                             rounds, sink, std::integral_constant<unsigned, 1>{});
    unsigned long long total = 0;
    (void)hipMemcpy(&total, rounds, sizeof(total), hipMemcpyDeviceToHost);
    (void)hipFree(rounds);
    (void)hipFree(sink);
    return static_cast<double>(total)
           / (static_cast<double>(rounds_warps) * rounds_calls_per_warp * (per_lane == 4 ? 4 : 1));
}

template <class Sampler>
double device_rounds(warp_strategy strategy, const Sampler& s, unsigned& warp)
{
    using T    = typename Sampler::value_type;
    int device = 0, width = 32;
    (void)hipGetDevice(&device);
    (void)hipDeviceGetAttribute(&width, hipDeviceAttributeWarpSize, device);
    warp = static_cast<unsigned>(width);

    const unsigned      threads = rounds_warps * warp;
    const std::uint64_t outputs = rounds_chunks * rocdist::backend::compacted_chunk_size;
    unsigned long long* rounds  = nullptr;
    void*               sink    = nullptr;
    if(hipMalloc(&rounds, sizeof(unsigned long long)) != hipSuccess)
        return 0;
    if(hipMalloc(&sink, std::max<std::uint64_t>(threads * sizeof(float), outputs * sizeof(T))) != hipSuccess)
    {
        (void)hipFree(rounds);
        return 0;
    }
    // The null stream orders the fill, the kernel and the copy back.
    (void)hipMemset(rounds, 0, sizeof(unsigned long long));
    if(strategy == warp_strategy::compacted)
        (void)ROCDIST_LAUNCH(compacted_rounds_kernel, threads / block_threads, block_threads, 0, nullptr, s, rounds,
                             static_cast<T*>(sink));
    else
        (void)ROCDIST_LAUNCH(loop_rounds_kernel, threads / block_threads, block_threads, 0, nullptr, s,
                             strategy == warp_strategy::precached, rounds, static_cast<float*>(sink));
    unsigned long long total = 0;
    (void)hipMemcpy(&total, rounds, sizeof(total), hipMemcpyDeviceToHost);
    (void)hipFree(rounds);
    (void)hipFree(sink);
    if(strategy == warp_strategy::compacted)
        return static_cast<double>(total) * warp * Sampler::attempts_per_candidate * Sampler::outputs_per_attempt
               / static_cast<double>(outputs);
    return static_cast<double>(total) / (static_cast<double>(rounds_warps) * (rounds_calls_per_warp - rounds_warmup_calls));
}

template ROCDIST_KERNEL_SOURCE_API double device_rounds(warp_strategy, const fixed_acceptance_sampler&, unsigned&);
template ROCDIST_KERNEL_SOURCE_API double device_rounds(warp_strategy, const rocdist::backend::polar_sampler<float>&, unsigned&);
template ROCDIST_KERNEL_SOURCE_API double device_rounds(warp_strategy, const ziggurat_candidate_sampler&, unsigned&);
template ROCDIST_KERNEL_SOURCE_API double device_rounds(warp_strategy, const rocdist::backend::gamma_sampler<float>&, unsigned&);

} // namespace rocdist_bench
