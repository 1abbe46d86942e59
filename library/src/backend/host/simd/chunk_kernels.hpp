// The host backend's kernels for whole chunks of the fast ordering
// (backend/compacted_chunks.hpp), compiled once for each Highway target in
// chunk_kernels.cpp like the block kernels (block_kernels.hpp).
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

#include "backend/rejection_samplers.hpp"

namespace rocdist::host::simd
{

void run_chunk(const backend::gamma_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count);
void run_chunk(const backend::gamma_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count);
void run_chunk(const backend::polar_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count);
void run_chunk(const backend::polar_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count);

// Whether run_chunk takes Sampler.
template <class Sampler>
inline constexpr bool has_chunk_kernel = false;
template <>
inline constexpr bool has_chunk_kernel<backend::gamma_sampler<float>> = true;
template <>
inline constexpr bool has_chunk_kernel<backend::gamma_sampler<double>> = true;
template <>
inline constexpr bool has_chunk_kernel<backend::polar_sampler<float>> = true;
template <>
inline constexpr bool has_chunk_kernel<backend::polar_sampler<double>> = true;

} // namespace rocdist::host::simd
