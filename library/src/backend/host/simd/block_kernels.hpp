// The host backend's kernels over whole engine blocks, one per block functor
// with a vector form: block_kernels.cpp compiles them once for each Highway
// target (AVX2 and AVX-512 on x86-64, NEON and SVE on aarch64; see
// ROCDIST_HOST_SIMD_TARGETS in config.hpp), and every call runs the one that
// Highway's run-time dispatch picks for this CPU. On any other target they
// run the scalar functor block by block.
//
// run_blocks(f, first, blocks, out) writes engine blocks first .. first +
// blocks - 1 of f to out[0 .. P blocks) (P = outputs_per_block; out needs no
// alignment) with the same value for every element as f, except Box-Muller
// (float, and double with a log-normal's exp), polar, inverse CDF (the
// accurate double form by another method) and gamma, float and double, on
// a vector target, whose log, sincos and exp are the kernels' own
// (box_muller_lanes.hpp, polar_lanes.hpp, inverse_cdf_lanes.hpp and
// gamma_lanes.hpp state the bounds). Gamma's kernels (one shape per call,
// or one per element) are gamma_blocks.cpp, the rest block_kernels.cpp.
//
// The target: Highway's choice (hwy::SupportedTargets() on this CPU), which
// the tests and the bench narrow with hwy::SetSupportedTargetsForTest to run
// each path (not an API of rocdist: the library links libhwy as a shared
// library, so a program's call reaches the library's dispatch).
#pragma once

#include <cstdint>

#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::host::simd
{

using box_muller_float  = backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, float>;
using box_muller_double = backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, double>;
using ziggurat_float    = backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, float>;
using ziggurat_double   = backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, double>;
using polar_float             = backend::normal_functor<ROCDIST_NORMAL_POLAR, float>;
using polar_double            = backend::normal_functor<ROCDIST_NORMAL_POLAR, double>;
using inverse_cdf_float       = backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF, float>;
using inverse_cdf_double      = backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF, double>;
using inverse_cdf_fast_float  = backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF_FAST, float>;
using inverse_cdf_fast_double = backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF_FAST, double>;

void run_blocks(const backend::bits_functor& f, std::uint64_t first, std::uint64_t blocks, unsigned int* out);
void run_blocks(const backend::uniform_float_functor& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const backend::uniform_double_functor& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const box_muller_float& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const box_muller_double& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const ziggurat_float& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const ziggurat_double& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const polar_float& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const polar_double& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const inverse_cdf_float& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const inverse_cdf_fast_float& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const inverse_cdf_double& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const inverse_cdf_fast_double& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const backend::categorical_functor& f, std::uint64_t first, std::uint64_t blocks,
                unsigned int* out);
void run_blocks(const backend::gamma_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const backend::gamma_shapes_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const backend::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const backend::gamma_functor<double>& f, std::uint64_t first, std::uint64_t blocks, double* out);
void run_blocks(const backend::gamma_shapes_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                double* out);
void run_blocks(const backend::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                double* out);
// The scaled logarithms of the cycle's variates (backend::gamma_scaled_logs:
// log X times 2^-64, in double for both types), G per block like
// run_blocks: beta's and Dirichlet's where a shape is below 1/2. The logs
// are the kernels', as gamma's are.
void run_scaled_logs(const backend::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out);
void run_scaled_logs(const backend::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out);
// out[i] = exp(x[i]) for i < n (out may be x): Highway contrib's Exp
// (1 ulp) on a vector target, libm's elsewhere. The exponentials of beta's
// and Dirichlet's scaled logarithms.
void run_exp(const double* x, std::uint64_t n, double* out);
// Beta: from the cycle's variates where a and b allow it, else from their
// scaled logarithms (backend/host/beta_dirichlet_host.hpp).
void run_blocks(const backend::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const backend::beta_functor<double>& f, std::uint64_t first, std::uint64_t blocks, double* out);

// Whether run_blocks takes Functor.
template <class Functor>
inline constexpr bool has_block_kernel = false;
template <>
inline constexpr bool has_block_kernel<backend::bits_functor> = true;
template <>
inline constexpr bool has_block_kernel<backend::uniform_float_functor> = true;
template <>
inline constexpr bool has_block_kernel<backend::uniform_double_functor> = true;
template <>
inline constexpr bool has_block_kernel<box_muller_float> = true;
template <>
inline constexpr bool has_block_kernel<box_muller_double> = true;
template <>
inline constexpr bool has_block_kernel<ziggurat_float> = true;
template <>
inline constexpr bool has_block_kernel<ziggurat_double> = true;
template <>
inline constexpr bool has_block_kernel<polar_float> = true;
template <>
inline constexpr bool has_block_kernel<polar_double> = true;
template <>
inline constexpr bool has_block_kernel<inverse_cdf_float> = true;
template <>
inline constexpr bool has_block_kernel<inverse_cdf_fast_float> = true;
template <>
inline constexpr bool has_block_kernel<inverse_cdf_double> = true;
template <>
inline constexpr bool has_block_kernel<inverse_cdf_fast_double> = true;
template <>
inline constexpr bool has_block_kernel<backend::categorical_functor> = true;
template <>
inline constexpr bool has_block_kernel<backend::gamma_functor<float>> = true;
template <>
inline constexpr bool has_block_kernel<backend::gamma_shapes_functor<float>> = true;
template <>
inline constexpr bool has_block_kernel<backend::gamma_functor<double>> = true;
template <>
inline constexpr bool has_block_kernel<backend::gamma_shapes_functor<double>> = true;
template <>
inline constexpr bool has_block_kernel<backend::beta_functor<float>> = true;
template <>
inline constexpr bool has_block_kernel<backend::beta_functor<double>> = true;

// The Kernel of host::generate_blocks.
struct block_kernel
{
    template <class Functor>
    static void run(const Functor& f, std::uint64_t first, std::uint64_t blocks, typename Functor::value_type* out)
    {
        run_blocks(f, first, blocks, out);
    }
};

} // namespace rocdist::host::simd
