// The host backend's kernels for whole chunks of the fast ordering
// (backend/compacted_chunks.hpp), compiled once for each Highway target in
// compacted_kernels.cpp like the block kernels (block_kernels.hpp).
//
// run_chunk(s, first, out, count) writes the first `count` outputs of the
// chunk whose first output is stream element `first` (count at most
// compacted_chunk_size): the outputs of the sampler's candidates 0, 1, 2,
// ... run one after another (backend::fill_chunk). A vector target runs
// Lanes(d) candidates at once. Polar's decisions are
// the scalar sampler's and its values may differ by the vector log
// (polar_lanes.hpp). Gamma's (float and double) may differ by the vector
// kernel's log, sincos and exp (gamma_lanes.hpp), and a decision within those roundings
// of its boundary may flip, which shifts the rest of the chunk.
#pragma once

#include <cstdint>

#include "backend/sampler_list.hpp"

namespace rocdist::host::simd
{

#define ROCDIST_DECLARE_RUN_CHUNK(name)                                                            \
    void run_chunk(const samplers::name& s, std::uint64_t first, samplers::name::value_type* out,   \
                   std::uint64_t count);
ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(ROCDIST_DECLARE_RUN_CHUNK)
#undef ROCDIST_DECLARE_RUN_CHUNK

// Whether run_chunk takes Sampler.
template <class Sampler>
inline constexpr bool has_chunk_kernel = ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(ROCDIST_IS_SAMPLER) false;

} // namespace rocdist::host::simd
