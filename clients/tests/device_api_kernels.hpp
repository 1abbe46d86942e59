// User kernels that call the device API (rocdist/rocdist_kernel.h), built
// by the GPU platform's compiler (device_api_kernels.hip): on the emulated
// platform they run in CI at warp sizes 32 and 64, on a GPU where there is
// one. Pointers are device pointers; each call waits for its kernel and
// returns whether it ran.
#pragma once

#include <cstddef>

#include "build_config.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

enum class device_draw
{
    bits,
    uniform,
    normal,
    log_normal,
    gamma,
    beta,
    categorical,
    poisson,
    binomial,
    exponential
};

struct device_request
{
    unsigned long long       seed, offset;
    std::size_t              n;
    device_draw              draw;
    rocdist_normal_method    method;
    double                   p0, p1; // mean and stddev, shape and scale, a and b, lambda, trials and p, or rate
    rocdist_categorical_view table;
};

#if ROCDIST_HAS_GPU_BACKEND
// Thread i writes element offset + i of the request's stream (T: unsigned
// for bits, categories and counts, else float or double).
template <class T>
ROCDIST_KERNEL_SOURCE_API bool device_draws(const device_request& r, T* out);

// Thread i draws from a cuRAND (CUDA builds) or hipRAND (HIP builds)
// Philox state initialised with (seed, subsequence i, offset 0), through
// the device API's adapter: gamma(p0, p1) or a ziggurat normal(p0, p1) for
// draw gamma or normal. False on platforms without those libraries.
template <class T>
ROCDIST_KERNEL_SOURCE_API bool device_user_state_draws(const device_request& r, T* out);

// Warp-cooperative gamma (beta: false) or beta (true), per_lane (1 or 4)
// variates per thread: thread i takes elements offset + per_lane i ..., with
// shape shapes[i % shape_count] (gamma, scale p1) or shapes a = shapes[i %
// shape_count], b = p1 (beta). rounds[w] receives warp w's rounds.
template <class T>
ROCDIST_KERNEL_SOURCE_API bool device_warp_draws(const device_request& r, bool beta, unsigned per_lane,
                                                 const T* shapes, unsigned shape_count, T* out,
                                                 unsigned* rounds);

// Warp-cooperative Poisson (draw poisson, lambda parameters[i % count]) or
// binomial (draw binomial, trials p0, p parameters[i % count]) counts,
// per_lane (1 or 4) per thread, as device_warp_draws' variates.
ROCDIST_KERNEL_SOURCE_API bool device_warp_counts(const device_request& r, unsigned per_lane,
                                                  const double* parameters, unsigned parameter_count,
                                                  unsigned* out, unsigned* rounds);
#endif

} // namespace rocdist_test
