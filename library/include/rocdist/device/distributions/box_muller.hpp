// Box-Muller, written as cuRAND writes it so that rocdist's default normals
// agree with curandGenerateNormal(Double) to a few ulp: the first word gives
// the radius through u in (0, 1], the second the angle; the sine comes first.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/box_muller_radius.hpp"
#include "rocdist/device/distributions/normal_pair.hpp"
#include "rocdist/device/distributions/sincos_angle.hpp"
#include "rocdist/device/distributions/uniform.hpp"

namespace rocdist::distributions
{

ROCDIST_HOST_DEVICE normal_pair<float> box_muller(std::uint32_t x, std::uint32_t y)
{
    // 2 pi / 2^32 rounded once to float, as cuRAND rounds it; the angle is
    // centred in its 2^-32 cell like the uniform. The product is rounded
    // before the add, as cuRAND's host generator rounds it, on GPUs too
    // (contracted into an FMA it moved angles by an ulp: 1.4x the host/GPU
    // tolerance near the zeros of sin and cos).
    constexpr float angle_step = 0x1p-32f * 6.2831855f;
    const float     u          = uniform_float(x);
    const float     v          = unfused_mul(static_cast<float>(y), angle_step) + angle_step / 2;
    float           s, sn, cs;
#if ROCDIST_KERNEL_CODE
    // u is in (0, 1] and v in (0, 2 pi]: functions for those domains cost a
    // store-bound kernel less than the vendors' logf, sqrtf and sincosf (whose
    // reduction of huge angles also costs local memory).
    s = box_muller_radius(u);
    sincos_angle(v, sn, cs);
#else
    s = sqrtf(-2.0f * logf(u));
    sincosf(v, &sn, &cs);
#endif
    return {s * sn, s * cs};
}

// Radius from 53 bits of (x0, x1), angle from 53 bits of (y0, y1) in units
// of pi: sin(pi v) and cos(pi v) for v in (0, 2).
ROCDIST_HOST_DEVICE normal_pair<double>
    box_muller(std::uint32_t x0, std::uint32_t x1, std::uint32_t y0, std::uint32_t y1)
{
    const double        u  = uniform_double(x0, x1);
    const std::uint64_t zy = static_cast<std::uint64_t>(y0) ^ (static_cast<std::uint64_t>(y1) << 21);
    const double        v  = static_cast<double>(zy) * 0x1p-52 + 0x1p-53;
    const double        s  = std::sqrt(-2.0 * std::log(u));
#if ROCDIST_DEVICE_PASS
    double sn, cs;
    sincospi(v, &sn, &cs);
#else
    // glibc has no sincospi; v is in (0, 2) and pi v is rounded once.
    const double sn = std::sin(3.141592653589793 * v);
    const double cs = std::cos(3.141592653589793 * v);
#endif
    return {s * sn, s * cs};
}

} // namespace rocdist::distributions
