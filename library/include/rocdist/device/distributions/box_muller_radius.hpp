// Float Box-Muller's radius sqrt(-2 log u), for GPU kernels. u comes from
// uniform_float: a normal float in [2^-33, 1], so the log needs none of
// logf's handling of 0, negative, subnormal, infinite or NaN arguments, and
// -2 log u is 0 or at least 2^-24, so the square root needs none of sqrtf's
// range handling either: the refined reciprocal square root serves. About 12
// fewer instructions per radius than sqrtf(-2 logf(u)) on sm_90 (nvcc 13).
// Error against exact values (test_box_muller_radius.cpp, every 7th float of
// [2^-33, 1] and every float of [1 - 2^-12, 1]): log_unit below 1.23 ulp,
// the radius below 1.21 ulp with a correctly rounded reciprocal square root
// (the emulated platform's); on a GPU, whose estimate is within 2 ulp, the
// Newton step keeps the radius within the same order.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/float_mantissa.hpp"

namespace rocdist::distributions
{

// log u for a normal float u in (0, 1]: u = 2^k m with m in [sqrt(1/2),
// sqrt(2)), k ln 2 (ln 2 in two parts) + log1p(m - 1), m - 1 exact; log1p(f)
// = f - f^2/2 + f^3 P(f), P of degree 7 fitted (least squares weighted by f^2,
// at Chebyshev nodes) on [sqrt(1/2) - 1, sqrt(2) - 1]: 0.12 ulp before rounding.
ROCDIST_HOST_DEVICE float log_unit(float u)
{
    std::int32_t k;
    const float  f  = mantissa_near_one(u, k) - 1.0f;
    const float f2 = f * f;
    float       p  = -0.0766081885f;
    p              = std::fma(p, f, 0.127863303f);
    p              = std::fma(p, f, -0.131616056f);
    p              = std::fma(p, f, 0.141978770f);
    p              = std::fma(p, f, -0.166227520f);
    p              = std::fma(p, f, 0.200014129f);
    p              = std::fma(p, f, -0.250008464f);
    p              = std::fma(p, f, 0.333333284f);
    const float l  = std::fma(f2 * f, p, std::fma(-0.5f, f2, f));
    const float kf = static_cast<float>(k);
    return std::fma(kf, 0.693147182f, std::fma(kf, -1.90465430e-09f, l));
}

// sqrt(-2 log u): x y with y ~ 1/sqrt(x), then one Newton step on the
// residual x - s^2 (an FMA, exact enough to correct the estimate's error).
ROCDIST_HOST_DEVICE float box_muller_radius(float u)
{
    const float x = -2.0f * log_unit(u);
    const float y = ROCDIST_RSQRTF(x);
    const float s = x * y;
    const float r = std::fma(-s, s, x);
    const float t = std::fma(r, 0.5f * y, s);
    return x > 0.0f ? t : 0.0f; // u = 1: y is infinite
}

// The fast Box-Muller's radius: the estimate x y alone, without the Newton
// step (three instructions fewer a radius on sm_90). CUDA documents 2 ulp for
// the estimate (rsqrtf), so x y is within about 3 ulp of sqrt(x) on NVIDIA
// GPUs; test_box_muller_fast.cpp allows for it.
ROCDIST_HOST_DEVICE float box_muller_radius_estimate(float u)
{
    const float x = -2.0f * log_unit(u);
    const float s = x * ROCDIST_RSQRTF(x);
    return x > 0.0f ? s : 0.0f; // u = 1: the estimate is infinite
}

} // namespace rocdist::distributions
