// How far the host backend's Box-Muller may be from libm's: its vector
// kernels compute the log and sincos with the GPU kernels' functions
// (floats) or Highway's (doubles; backend/host/simd/box_muller_lanes.hpp).
#pragma once

#include <algorithm>
#include <cmath>

namespace rocdist_test
{

// Units in the last place of the largest term of mean + stddev z: the kernel's
// error is relative to z, and the sum may cancel to far below its terms. The
// largest difference from libm measured over 2^28 random word pairs is 3 ulp
// of z (3.58 ulp from the exact value, libm's own being 2.4); docs/normal.md.
constexpr double box_muller_bound_ulp = 5;

// Doubles, through Highway's Log (4 ulp), Sin and Cos (3 ulp): at most 3.5
// ulp from libm's values over test_block_kernels.cpp's requests, 1 ulp
// of the largest term over test_normal_curand.cpp's (AVX2, AVX-512).
constexpr double box_muller_double_bound_ulp = 8;

// |a - b|, less an allowance `slack` for other roundings, in units in the
// last place (of a format with `digits` significant bits: float's unless
// said) of the largest of |a|, |b|, |mean| and |a - mean| (= |stddev z|).
inline double box_muller_error_ulp(double a, double b, double mean, double slack = 0, int digits = 24)
{
    const double largest = std::max({std::fabs(a), std::fabs(b), std::fabs(mean), std::fabs(a - mean)});
    int          e;
    std::frexp(std::max(largest, 0x1p-126), &e);
    return std::max(0.0, std::fabs(a - b) - slack) / std::ldexp(1.0, e - digits);
}

} // namespace rocdist_test
