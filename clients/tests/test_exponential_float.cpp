// The float exponential's logarithm (distributions::exponential_of_word,
// -log u for u = (w + 1/2) 2^-32 in float), against exact values (long
// double): every 4099th word (about a million), and the 2^12 words around
// each place its branches meet or its rounding changes binade: the ends,
// the halves' split at 2^31, the upper half's split at 1 - sqrt(1/2), and
// the lower half's binades of u and their splits at sqrt(1/2). Documented
// bound: 1.05 ulp (1.043 measured over all 2^32 words).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/exponential.hpp"

#include "support/float_ulp_error.hpp"

namespace
{

double error_at(std::uint32_t w)
{
    const long double u = (static_cast<long double>(w) + 0.5L) * 0x1p-32L;
    return rocdist_test::float_ulp_error(rocdist::distributions::exponential_of_word(w), -std::log(u));
}

// Words w whose u = (w + 1/2) 2^-32 is nearest x, from either half.
std::uint32_t word_near(long double x)
{
    return static_cast<std::uint32_t>(std::min(std::max(x * 0x1p32L - 0.5L, 0.0L), 0x1p32L - 1));
}

TEST(exponential_float, minus_log_u_within_documented_ulp)
{
    std::vector<std::uint32_t> centres = {0, 0x80000000u, 0xffffffffu,
                                          word_near(1 - std::sqrt(0.5L)), word_near(std::sqrt(0.5L))};
    for(int k = 1; k <= 33; ++k)
    {
        centres.push_back(word_near(std::ldexp(1.0L, -k)));
        centres.push_back(word_near(std::ldexp(std::sqrt(0.5L), -k)));
    }
    double worst = 0;
    for(std::uint64_t w = 0; w < (std::uint64_t{1} << 32); w += 4099)
        worst = std::max(worst, error_at(static_cast<std::uint32_t>(w)));
    for(const std::uint32_t c : centres)
        for(std::int64_t d = -2048; d < 2048; ++d)
        {
            const std::int64_t w = static_cast<std::int64_t>(c) + d;
            if(w >= 0 && w < (std::int64_t{1} << 32))
                worst = std::max(worst, error_at(static_cast<std::uint32_t>(w)));
        }
    EXPECT_LE(worst, 1.05);
    RecordProperty("worst_ulp", std::to_string(worst));
    std::printf("worst error: %.3f ulp\n", worst);
}

// The extremes: u = 2^-33 (w = 0 rounds up to it) and 1 - 2^-33 (the
// smallest value).
TEST(exponential_float, extremes)
{
    EXPECT_EQ(rocdist::distributions::exponential_of_word(0xffffffffu), static_cast<float>(-std::log1p(-0x1p-33L)));
    EXPECT_LE(error_at(0), 0.5);
    EXPECT_GT(rocdist::distributions::exponential_of_word(0xffffffffu), 0.0f);
}

} // namespace
