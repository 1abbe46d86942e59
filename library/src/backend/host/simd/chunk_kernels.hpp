// The host backend's kernels for whole chunks of the fast ordering
// (backend/compacted_chunks.hpp), compiled once for each Highway target in
// chunk_kernels.cpp like the block kernels (block_kernels.hpp).
//
// run_chunk(s, first, out, count) writes the first `count` outputs of the
// chunk whose first output is stream element `first` (count at most
// compacted_chunk_size): the same values, bit for bit, as running the
// sampler's candidates 0, 1, 2, ... one after another. A vector target runs
// Lanes(d) candidates at once from their substreams' first Philox block;
// a candidate in which some attempt needs the slow path (which reads
// further words) runs on the scalar sampler instead.
#pragma once

#include <cstdint>

#include "backend/rejection_samplers.hpp"

namespace rocdist::host::simd
{

void run_chunk(const backend::ziggurat_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count);
void run_chunk(const backend::ziggurat_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count);

// Whether run_chunk takes Sampler.
template <class Sampler>
inline constexpr bool has_chunk_kernel = false;
template <>
inline constexpr bool has_chunk_kernel<backend::ziggurat_sampler<float>> = true;
template <>
inline constexpr bool has_chunk_kernel<backend::ziggurat_sampler<double>> = true;

} // namespace rocdist::host::simd
