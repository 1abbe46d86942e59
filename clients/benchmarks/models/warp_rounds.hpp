// Measured warp rounds per output (the unit of warp_rounds_model.hpp) of the
// three strategies of warp_strategies.hpp: emulated on the host for any warp
// width, and run on the GPU (its own warp width) in GPU builds.
#pragma once

#include <cstdint>

#include "build_config.hpp"

namespace rocdist_bench
{

enum class warp_strategy
{
    thread_loop,
    precached,
    compacted
};

// Warps, and calls per warp for the loop strategies, of every measurement:
// enough for the mean to be within about 1% of its expectation.
constexpr unsigned      rounds_warps          = 512;
constexpr unsigned      rounds_calls_per_warp = 64;
constexpr unsigned      rounds_warmup_calls   = 8; // before pre-caching reaches its steady state
constexpr std::uint64_t rounds_chunks         = 512;

template <class Sampler>
double emulated_rounds(warp_strategy strategy, const Sampler& s, unsigned warp);

#if ROCDIST_HAS_GPU_BACKEND
// Runs on the current device; `warp` receives its warp size.
template <class Sampler>
ROCDIST_KERNEL_SOURCE_API double device_rounds(warp_strategy strategy, const Sampler& s, unsigned& warp);

// The device API's warp-cooperative gamma (rocdist::device::gamma_warp) at
// `shape`, per_lane (1 or 4) float variates per lane and call: rounds per
// variate, on the current device.
ROCDIST_KERNEL_SOURCE_API double device_cooperative_rounds(float shape, unsigned per_lane, unsigned& warp);
#endif

} // namespace rocdist_bench
