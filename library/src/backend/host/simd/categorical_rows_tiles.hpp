// Batched categorical sampling's two passes over a tile of weights
// (backend/host/categorical_rows_host.cpp) on the host's vector kernels,
// compiled once for each Highway target in categorical_rows_tiles.cpp like the block
// kernels (block_kernels.hpp). Both give the scalar path's results bit for
// bit.
//
// weight_tile_largest(v, n, largest): whether all n weights are finite and
// not negative, and their largest (-0 counts as 0), through the weights'
// bits: -0 made 0, a valid weight is a signed integer from 0 to the largest
// finite's bits, positive weights order as their bits do, a negative one has
// the sign bit, and an infinity or NaN lies above the largest finite.
//
// weight_run_sums(v, n, scale, runs) sets runs[r] to the sum of the fixed
// points of v[0 .. 64 (r + 1)) (the last run may be shorter) and returns the
// sum of all n (n <= 4096). A weight's fixed point is the scalar path's:
// float weights take one product by scale.first * scale.second (exact, as
// categorical_rows_host.cpp explains), double weights
// distributions::to_fixed_point's two; then the integer part, below 2^63
// (k > 1, the caller's condition).
//
// logit_run_sums(v, n, scale, c, bits, runs): the same for logits, each
// distributions::logit_fixed_point(v[i], scale, c, bits) bit for bit (a
// vector target computes 2^h in fixed point on its lanes,
// exp2_fixed_point_lanes.hpp); logit_fixed_points(v, n, scale, c, bits,
// out) writes each one, out[i], for a sample's walk through its run; and
// logit_tile_largest(v, n, largest) is backend::logit_rows' check and
// largest (NaN and +inf invalid; logit_rows::none when every logit is
// -inf).
#pragma once

#include <cstdint>

#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"

namespace rocdist::host::simd
{

constexpr std::uint64_t weight_run_size = 64;

bool weight_tile_largest(const float* v, std::uint64_t n, double& largest);
bool weight_tile_largest(const double* v, std::uint64_t n, double& largest);

std::uint64_t weight_run_sums(const float* v, std::uint64_t n, const distributions::fixed_point_scale& scale,
                              std::uint64_t* runs);
std::uint64_t weight_run_sums(const double* v, std::uint64_t n, const distributions::fixed_point_scale& scale,
                              std::uint64_t* runs);
std::uint64_t logit_run_sums(const float* v, std::uint64_t n, const distributions::logit_tile_scale& scale, double c,
                             unsigned bits, std::uint64_t* runs);
void          logit_fixed_points(const float* v, std::uint64_t n, const distributions::logit_tile_scale& scale, double c,
                                 unsigned bits, std::uint64_t* out);
bool          logit_tile_largest(const float* v, std::uint64_t n, double& largest);

} // namespace rocdist::host::simd
