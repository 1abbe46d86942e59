// Beta and Dirichlet on the host, on the vector kernel of gamma
// (simd/gamma_blocks.cpp), float or double, on all cores.
//
// Where every shape is at least 1/2, a variate underflows with probability
// below 1e-19 (float; 1e-154 in double), so the ratio of the variates
// themselves, taken in double (with a compensated sum for double rows), is
// the ratio of their logarithms (rocdist/device/blocks/beta_functor.hpp,
// backend/dirichlet_rows.hpp) within the kernels' rounding, the host/GPU
// tolerance of docs/gamma_family.md. Smaller shapes take the variates'
// scaled logarithms from the same kernel (simd::run_scaled_logs) and
// normalise them as the scalar code does.
#pragma once

#include <cstdint>

#include "rocdist/device/engine/philox4x32_10.hpp"

namespace rocdist::host
{

// Whether the variates' own ratios serve for this shape.
template <class T>
bool ratio_of_variates(T shape)
{
    return shape >= T(0.5);
}

// Dirichlet rows first_row .. first_row + rows - 1 of k components (alpha,
// k values) into out, row-major.
template <class T>
void generate_dirichlet(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                        std::uint64_t first_row, T* out);

} // namespace rocdist::host
