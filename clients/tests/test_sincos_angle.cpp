// sincos_angle (distributions/sincos_angle.hpp), the sine and cosine GPU
// kernels use for Box-Muller's angle, against exact values (long double):
// at most 1.5 ulp over a sweep of the floats of [2^-30, 2 pi] and every
// float within 2^12 ulp of each multiple of pi/2, where the reduction
// cancels. (The vendors' sincosf: 2 ulp, CUDA's documented bound.)
#include <cmath>
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/sincos_angle.hpp"

#include "support/float_ulp_error.hpp"

namespace
{

float next_up(float x) { return std::nextafter(x, INFINITY); }

struct worst
{
    double sine = 0, cosine = 0;
    void   check(float x)
    {
        float s, c;
        rocdist::distributions::sincos_angle(x, s, c);
        sine   = std::max(sine, rocdist_test::float_ulp_error(s, std::sin(static_cast<long double>(x))));
        cosine = std::max(cosine, rocdist_test::float_ulp_error(c, std::cos(static_cast<long double>(x))));
    }
};

TEST(sincos_angle, within_one_and_a_half_ulp_over_a_full_turn)
{
    const float turn = 6.28318548f; // 2 pi rounded up: the largest angle Box-Muller makes
    worst       w;
    std::uint32_t bits;
    const float   first = 0x1p-30f;
    std::memcpy(&bits, &first, sizeof bits);
    for(float x = first; x <= turn;)
    {
        w.check(x);
        bits += 31; // a prime stride: about 35 million floats
        std::memcpy(&x, &bits, sizeof x);
    }
    for(int quarter = 1; quarter <= 4; ++quarter)
    {
        float x = static_cast<float>(quarter * 1.5707963267948966L);
        for(int i = 0; i < 4096; ++i)
            x = std::nextafter(x, 0.0f);
        for(int i = 0; i < 8192 && x <= turn; ++i, x = next_up(x))
            w.check(x);
    }
    EXPECT_LE(w.sine, 1.5);
    EXPECT_LE(w.cosine, 1.5);
    RecordProperty("worst_sine_ulp", std::to_string(w.sine));
    RecordProperty("worst_cosine_ulp", std::to_string(w.cosine));
    std::printf("worst error: sine %.3f ulp, cosine %.3f ulp\n", w.sine, w.cosine);
}

} // namespace
