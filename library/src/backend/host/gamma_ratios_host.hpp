// Float beta and Dirichlet on the host from the float gamma variates of the
// vector kernel (simd/gamma_blocks.cpp), where every shape is at least
// 1/2: there a variate underflows with probability below 1e-19, so the
// ratio of the variates themselves, taken in double, is the ratio of their
// logarithms (backend/beta_functor.hpp, dirichlet_rows.hpp) within the
// kernels' rounding, the host/GPU tolerance of docs/gamma_family.md.
// Smaller shapes, and doubles, take the logarithms' scalar path.
#pragma once

#include <cstdint>

#include "backend/beta_functor.hpp"
#include "distributions/gamma.hpp"
#include "engine/philox4x32_10.hpp"

namespace rocdist::host
{

// Whether the variates' own ratios serve for this shape.
inline bool ratio_of_variates(float shape)
{
    return shape >= 0.5f;
}

// Engine blocks first .. first + blocks - 1 of a float beta functor (2
// outputs each) whose a and b pass ratio_of_variates.
void beta_blocks_from_variates(const backend::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                               float* out);

// Dirichlet rows first_row .. first_row + rows - 1 of k components into
// out, for alpha (k values) that all pass ratio_of_variates, on all cores.
void dirichlet_rows_from_variates(engine::philox_key key, const float* alpha, std::uint64_t k, std::uint64_t rows,
                                  std::uint64_t first_row, float* out);

} // namespace rocdist::host
