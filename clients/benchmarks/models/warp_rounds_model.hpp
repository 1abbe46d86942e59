// The seed's model of rejection on warps (rejection_methods_on_gpus.txt),
// and its counterpart for warp compaction. Every figure is expected warp
// rounds per output per lane, normalised so that one CPU thread needs 1/p:
// a round is one attempt by every lane (a compacted round of A attempts
// counts A), and a lane's call yields one accepted attempt (M outputs).
#pragma once

#include <cstdint>

namespace rocdist_bench
{

// Every lane loops until it has its own accepted attempt: the expected
// maximum of `warp` geometric variables.
double rounds_thread_loop(double p, unsigned warp);

// The seed's pre-cached loop in its steady state across calls: a lane that
// is done keeps its next accepted attempt for the next call.
double rounds_precached(double p, unsigned warp);

// rocdist's fast ordering: rounds of `attempts` per lane until a chunk of
// `chunk` outputs (`outputs` per accepted attempt) is full.
double rounds_compacted(double p, unsigned warp, unsigned attempts, unsigned outputs, std::uint64_t chunk);

// The device API's warp-cooperative samplers (rocdist/device/warp_rejection.hpp),
// per variate: `per_lane` rounds of first attempts, then rounds in which
// the warp's lanes share out attempts for the pending elements.
double rounds_cooperative(double p, unsigned warp, unsigned per_lane);

} // namespace rocdist_bench
