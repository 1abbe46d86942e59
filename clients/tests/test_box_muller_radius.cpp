// log_unit and box_muller_radius (distributions/box_muller_radius.hpp), the
// radius GPU kernels use for float Box-Muller, against exact values (long
// double): over every 7th float of [2^-33, 1] (about 40 million) and every
// float of [1 - 2^-12, 1], where log u cancels to its smallest values.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/box_muller_radius.hpp"

#include "support/float_ulp_error.hpp"

namespace
{

struct worst
{
    double log = 0, radius = 0;
    void   check(float u)
    {
        const long double exact_log = std::log(static_cast<long double>(u));
        if(u < 1.0f)
            log = std::max(log, rocdist_test::float_ulp_error(rocdist::distributions::log_unit(u), exact_log));
        else
            EXPECT_EQ(rocdist::distributions::log_unit(u), 0.0f);
        radius = std::max(radius, rocdist_test::float_ulp_error(rocdist::distributions::box_muller_radius(u), std::sqrt(-2 * exact_log)));
    }
};

std::uint32_t bits_of(float x)
{
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

float float_of(std::uint32_t b)
{
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

TEST(box_muller_radius, log_and_radius_within_documented_ulp_on_the_unit_interval)
{
    worst w;
    for(std::uint32_t b = bits_of(0x1p-33f); b <= bits_of(1.0f); b += 7)
        w.check(float_of(b));
    for(std::uint32_t b = bits_of(1.0f - 0x1p-12f); b <= bits_of(1.0f); ++b)
        w.check(float_of(b));
    w.check(0x1p-33f);
    w.check(1.0f);
    EXPECT_EQ(rocdist::distributions::box_muller_radius(1.0f), 0.0f);
    EXPECT_LE(w.log, 1.25);
    EXPECT_LE(w.radius, 1.25);
    RecordProperty("worst_log_ulp", std::to_string(w.log));
    RecordProperty("worst_radius_ulp", std::to_string(w.radius));
    std::printf("worst error: log %.3f ulp, radius %.3f ulp\n", w.log, w.radius);
}

} // namespace
