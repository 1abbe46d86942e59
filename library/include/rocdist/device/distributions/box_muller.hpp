// Box-Muller, written as cuRAND writes it so that rocdist's default normals
// agree with curandGenerateNormal(Double) to a few ulp: the first word gives
// the radius through u in (0, 1], the second the angle; the sine comes first.
// The fast form (float, NVIDIA GPUs) takes the sine and cosine as cuRAND's
// device API does, from the hardware.
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

// 2 pi / 2^32 rounded once to float, as cuRAND rounds it: the angle's step.
constexpr float box_muller_angle_step = 0x1p-32f * 6.2831855f;

// The fast Box-Muller's angle for word y: y as a signed word, in (-pi, pi),
// where the hardware sine's error is documented. It is the default's angle
// less a turn for y >= 2^31 (the same sine and cosine), rounded differently
// (one FMA, on every platform): test_box_muller_fast.cpp bounds the
// difference.
ROCDIST_HOST_DEVICE float box_muller_signed_angle(std::uint32_t y)
{
    return std::fma(static_cast<float>(static_cast<std::int32_t>(y)), box_muller_angle_step,
                    box_muller_angle_step / 2);
}

// Fast = true: ROCDIST_NORMAL_BOX_MULLER_FAST, the radius from the
// hardware's reciprocal square root estimate alone and the hardware's sine
// and cosine of the signed angle where a platform has them
// (ROCDIST_HAS_HARDWARE_SINCOSF); elsewhere the default's values.
template <bool Fast = false>
ROCDIST_HOST_DEVICE normal_pair<float> box_muller(std::uint32_t x, std::uint32_t y)
{
    // The angle is centred in its 2^-32 cell like the uniform. The product
    // is rounded before the add, as cuRAND's host generator rounds it, on
    // GPUs too (contracted into an FMA it moved angles by an ulp: 1.4x the
    // host/GPU tolerance near the zeros of sin and cos).
    constexpr float angle_step = box_muller_angle_step;
    const float     u          = uniform_float(x);
    float           s, sn, cs;
#if ROCDIST_HAS_HARDWARE_SINCOSF
    if constexpr(Fast)
    {
        s = box_muller_radius_estimate(u);
        ROCDIST_HARDWARE_SINCOSF(box_muller_signed_angle(y), sn, cs);
        return {s * sn, s * cs};
    }
#endif
    const float v = unfused_mul(static_cast<float>(y), angle_step) + angle_step / 2;
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
// of pi: sin(pi v) and cos(pi v) for v in (0, 2). Doubles have no fast form.
template <bool Fast = false>
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
