// ROCDIST_NORMAL_BOX_MULLER_FAST's arithmetic (distributions/box_muller.hpp)
// against the default Box-Muller's: its signed angle is the default's angle
// less a turn for the upper half of the words, to within the bound below;
// and with an exact sine and cosine of that angle and the kernels' radius,
// its normals stay within the documented 2^-17 + 2^-20 |z| of the default's
// (libm's) with room to spare for the hardware's error that CUDA documents:
// the sine's and cosine's (2^-21.41 and 2^-21.19 on [-pi, pi]) times the
// largest radius, and the reciprocal square root estimate's (2 ulp, 2^-22
// relative) times |z|. A GPU run checks the hardware itself
// (test_normal_stream.cpp).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/box_muller_radius.hpp"
#include "rocdist/rocdist.h"

namespace
{

using rocdist::distributions::box_muller;
using rocdist::distributions::box_muller_angle_step;
using rocdist::distributions::box_muller_signed_angle;

constexpr long double two_pi = 6.283185307179586476925286766559L;

// The default's angle for y, as the host rounds it (product, then sum).
float default_angle(std::uint32_t y)
{
    volatile float product = static_cast<float>(y) * box_muller_angle_step;
    return product + box_muller_angle_step / 2;
}

long double angle_difference(std::uint32_t y)
{
    const long double turn = y >= 0x80000000u ? two_pi : 0.0L;
    return std::fabs(static_cast<long double>(box_muller_signed_angle(y)) - (default_angle(y) - turn));
}

// Every 61st word, both ends of each half, and the worst word of an
// exhaustive search over all 2^32 (y = 2734262401, 6.517e-7).
std::vector<std::uint32_t> angle_words()
{
    std::vector<std::uint32_t> ys;
    for(std::uint64_t y = 0; y < (std::uint64_t{1} << 32); y += 61)
        ys.push_back(static_cast<std::uint32_t>(y));
    for(std::uint32_t y : {0u, 1u, 0x7ffffffeu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu,
                           2734262400u, 2734262401u, 2734262402u})
        ys.push_back(y);
    return ys;
}

TEST(box_muller_fast, signed_angle_is_the_default_angle_less_a_turn)
{
    long double worst = 0;
    for(std::uint32_t y : angle_words())
    {
        const float a = box_muller_signed_angle(y);
        ASSERT_GE(a, -3.14159274f) << y;
        ASSERT_LE(a, 3.14159274f) << y;
        worst = std::max(worst, angle_difference(y));
    }
    EXPECT_LE(worst, std::ldexp(1.0L, -20) / std::sqrt(2.0L)); // 2^-20.5
    EXPECT_GE(worst, 6.5e-7L); // the exhaustive search's worst word is in the set
    RecordProperty("worst_angle_difference", std::to_string(static_cast<double>(worst)));
}

// Radii from the smallest u (the largest radius, 6.76) to u = 1, each with
// the words whose angles differ most and a spread of others.
TEST(box_muller_fast, normals_within_the_bound_with_room_for_the_hardware_error)
{
    std::vector<std::uint32_t> xs = {0u, 1u, 2u, 1000u, 1u << 20, 1u << 31, 0xfffffff0u, 0xffffffffu};
    for(std::uint32_t x = 12345; xs.size() < 64; x = x * 1664525u + 1013904223u)
        xs.push_back(x);
    std::vector<std::uint32_t> ys;
    for(std::uint32_t y : angle_words())
        if(angle_difference(y) > 5e-7L || y % 4099 == 0)
            ys.push_back(y);
    ASSERT_GT(ys.size(), 1000u);

    // CUDA's documented bounds of __sincosf on [-pi, pi], times the radius,
    // and of the reciprocal square root estimate, relative.
    const double hardware_sine = std::ldexp(1.0, -21) * std::pow(2.0, -0.19);
    const double hardware_rsqrt = 0x1p-22;
    double       worst_share    = 0;
    for(std::uint32_t x : xs)
    {
        const float s = rocdist::distributions::box_muller_radius_estimate(rocdist::distributions::uniform_float(x));
        for(std::uint32_t y : ys)
        {
            const auto   reference = box_muller(x, y);
            const double a         = box_muller_signed_angle(y);
            const float  sn = static_cast<float>(std::sin(a)), cs = static_cast<float>(std::cos(a));
            const double z[2] = {double(s * sn), double(s * cs)};
            const double r[2] = {reference.first, reference.second};
            for(int k = 0; k < 2; ++k)
            {
                const double bound = 0x1p-17 + 0x1p-20 * std::fabs(r[k]);
                const double used  = std::fabs(z[k] - r[k]) + s * hardware_sine + std::fabs(z[k]) * hardware_rsqrt;
                ASSERT_LE(used, bound) << "x " << x << " y " << y;
                worst_share = std::max(worst_share, used / bound);
            }
        }
    }
    RecordProperty("worst_share_of_bound", std::to_string(worst_share));
}

// On the host (no hardware sine), the fast form is the default's.
TEST(box_muller_fast, host_form_is_the_default)
{
    for(std::uint32_t x : {0u, 77u, 0x80000000u, 0xffffffffu})
        for(std::uint32_t y : {0u, 5u, 0x80000000u, 2734262401u, 0xffffffffu})
        {
            EXPECT_EQ(box_muller<true>(x, y).first, box_muller(x, y).first);
            EXPECT_EQ(box_muller<true>(x, y).second, box_muller(x, y).second);
        }
}

// Through the API: a host generator's fast Box-Muller gives the default's
// values, float, double, log-normal and half alike.
TEST(box_muller_fast, host_generator_gives_the_default_values)
{
    const size_t n = 100003;
    auto values = [&](rocdist_normal_method m, auto zero, auto generate) {
        rocdist_generator g = nullptr;
        EXPECT_EQ(rocdist_create_generator_host(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_seed(g, 17), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_offset(g, 3), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_normal_method(g, m), ROCDIST_STATUS_SUCCESS);
        std::vector<decltype(zero)> out(n);
        EXPECT_EQ(generate(g, out.data()), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
        return out;
    };
    auto both = [&](auto zero, auto generate) {
        EXPECT_EQ(values(ROCDIST_NORMAL_BOX_MULLER_FAST, zero, generate),
                  values(ROCDIST_NORMAL_BOX_MULLER, zero, generate));
    };
    both(0.0f, [&](rocdist_generator g, float* out) { return rocdist_generate_normal(g, out, n, 1.0f, 2.0f); });
    both(0.0f, [&](rocdist_generator g, float* out) { return rocdist_generate_log_normal(g, out, n, 0.5f, 0.25f); });
    both(0.0, [&](rocdist_generator g, double* out) { return rocdist_generate_normal_double(g, out, n, 1.0, 2.0); });
    both(std::uint16_t{0},
         [&](rocdist_generator g, std::uint16_t* out) { return rocdist_generate_normal_half(g, out, n, 0.0f, 1.0f); });
}

} // namespace
