// Sine and cosine of an angle in [0, 2 pi], for GPU kernels. The vendors'
// sincosf also serves arguments up to 2^128 through a Payne-Hanek reduction
// whose table lives in local memory (nvcc: a 32-byte stack frame in the
// compacted gamma kernel); angles of a full turn need three-part Cody-Waite
// reduction by pi/2 and two short polynomials. Error against exact values
// (test_sincos_angle.cpp, 35 million floats of [2^-30, 2 pi] and those next
// to each multiple of pi/2): below 1.47 ulp, for both (CUDA documents 2
// ulp for its sinf and cosf).
#pragma once

#include <cmath>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

ROCDIST_HOST_DEVICE void sincos_angle(float x, float& sine, float& cosine)
{
    // x = j pi/2 + r, |r| <= pi/4: pi/2 = p0 + p1 + p2, with p0 and p1 of
    // 24 bits so that j p0 and j p1 are exact for j <= 4; each step is one
    // rounding (FMA).
    constexpr float p0 = 0x1.921fb6p+0f;
    constexpr float p1 = -0x1.777a5cp-25f;
    constexpr float p2 = -0x1.ee59dap-50f;
    const float     j  = std::rint(x * 0x1.45f306p-1f); // 2 / pi
    float           r  = std::fma(-j, p0, x);
    r                  = std::fma(-j, p1, r);
    r                  = std::fma(-j, p2, r);
    // sin r = r + r^3 S(r^2), cos r = 1 - r^2/2 + r^4 C(r^2), S and C of
    // degree 2 fitted on [0, pi/4] (least squares at Chebyshev nodes, relative
    // weights): 0.09 and 0.011 ulp before rounding.
    const float r2 = r * r;
    const float s  = std::fma(r * r2, std::fma(r2, std::fma(r2, -1.95202127e-4f, 8.33220407e-3f), -1.66666552e-1f), r);
    const float c  = std::fma(r2, std::fma(r2, std::fma(r2, std::fma(r2, 2.44382318e-5f, -1.38873653e-3f), 4.16666456e-2f), -0.5f),
                              1.0f);
    const int quadrant = static_cast<int>(j) & 3;
    sine               = quadrant == 0 ? s : quadrant == 1 ? c : quadrant == 2 ? -s : -c;
    cosine             = quadrant == 0 ? c : quadrant == 1 ? -s : quadrant == 2 ? -c : s;
}

} // namespace rocdist::distributions
