// The host backend's kernels over whole engine blocks, one per block functor
// with a vector form: block_kernels.cpp compiles them once for each Highway
// target (AVX2 and AVX-512 on x86-64, NEON and SVE on aarch64; see
// ROCDIST_HOST_SIMD_TARGETS in build_config.hpp), and every call runs the one that
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
// gamma_lanes.hpp state the bounds). Which sampler has a kernel, and in
// which file, is backend/sampler_list.hpp's to say.
//
// The target: Highway's choice (hwy::SupportedTargets() on this CPU), which
// the tests and the bench narrow with hwy::SetSupportedTargetsForTest to run
// each path (not an API of rocdist: the library links libhwy as a shared
// library, so a program's call reaches the library's dispatch).
#pragma once

#include <cstdint>

#include "backend/sampler_list.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"

namespace rocdist::host::simd
{

// run_blocks for every sampler of the list that has a host kernel of its own
// (backend/sampler_list.hpp).
#define ROCDIST_DECLARE_RUN_BLOCKS(name)                                                           \
    void run_blocks(const samplers::name& f, std::uint64_t first, std::uint64_t blocks,           \
                    samplers::name::value_type* out);
ROCDIST_SAMPLERS_WITH_HOST_BLOCKS(ROCDIST_DECLARE_RUN_BLOCKS)
#undef ROCDIST_DECLARE_RUN_BLOCKS

// Beta's building blocks (gamma_blocks.cpp): the cycle of its two shapes'
// variates, G per block like run_blocks, and their scaled logarithms
// (blocks::gamma_scaled_logs: log X times 2^-64, in double for both
// types), beta's and Dirichlet's where a shape is below 1/2. The logs are
// the kernels', as gamma's are.
void run_blocks(const blocks::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out);
void run_blocks(const blocks::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                double* out);
void run_scaled_logs(const blocks::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out);
void run_scaled_logs(const blocks::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out);
// out[i] = exp(x[i]) for i < n (out may be x): Highway contrib's Exp
// (1 ulp) on a vector target, libm's elsewhere. The exponentials of beta's
// and Dirichlet's scaled logarithms.
void run_exp(const double* x, std::uint64_t n, double* out);
// out[i] = distributions::beta_from_scaled_logs(l[2 i], l[2 i + 1]) for
// i < n, its exponential run_exp's: beta's variates from the scaled
// logarithms of their pairs of gamma variates.
void run_betas_from_logs(const double* l, std::uint64_t n, float* out);
void run_betas_from_logs(const double* l, std::uint64_t n, double* out);

// Whether run_blocks takes Sampler: the samplers with a host kernel of their own.
template <class Sampler>
inline constexpr bool has_block_kernel = ROCDIST_SAMPLERS_WITH_HOST_BLOCKS(ROCDIST_IS_SAMPLER) false;

// In a kernel file, under HWY_ONCE: the export of the per-target kernels
// name##_blocks of `functor` and the run_blocks that dispatches to them.
#define ROCDIST_DISPATCH_BLOCKS(name, functor)                                                     \
    HWY_EXPORT(name##_blocks);                                                                     \
    void run_blocks(const functor& f, std::uint64_t first, std::uint64_t blocks, functor::value_type* out) \
    {                                                                                              \
        HWY_DYNAMIC_DISPATCH(name##_blocks)(f, first, blocks, out);                                \
    }

// In a kernel file, on a target without vector kernels: name##_blocks runs
// the scalar functor block by block.
#define ROCDIST_SCALAR_BLOCKS(name)                                                                \
    void name##_blocks(const samplers::name& f, std::uint64_t first, std::uint64_t blocks,        \
                       samplers::name::value_type* out)                                            \
    {                                                                                              \
        for(std::uint64_t b = 0; b < blocks; ++b)                                                  \
            f(first + b, out + samplers::name::outputs_per_block * b);                             \
    }

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
