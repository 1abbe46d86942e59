// erfinv accuracy over (-1, 1) against Boost.Math's erf_inv in long double:
// 2^22 evenly spaced points plus points approaching +-1 geometrically down
// to 1 - 2^-60 (rounded to the argument's type). The bounds asserted are the
// maxima measured and documented in docs/normal.md.
#include <cmath>
#include <cstdint>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <gtest/gtest.h>

#include "rocdist/device/distributions/erfinv.hpp"
#include "rocdist/device/distributions/inverse_cdf.hpp"

namespace
{

namespace dist = rocdist::distributions;

// Relative errors of the three approximations at x.
struct errors
{
    double giles = 0, winitzki = 0, dbl = 0;
};

template <class Visit>
void for_each_grid_point(Visit&& visit)
{
    const long n = 1L << 22;
    for(long k = 0; k < n; ++k)
        visit(-1 + (k + 0.5) * 2.0 / n);
    for(int e = 1; e <= 60; ++e)
        for(int j = 0; j < 64; ++j)
            for(int sign : {-1, 1})
                visit(sign * (1 - std::ldexp(1 + j / 64.0, -e)));
}

errors max_relative_errors()
{
    errors worst;
    for_each_grid_point([&](double x) {
        const float xf = static_cast<float>(x);
        if(xf > -1 && xf < 1 && xf != 0)
        {
            const long double exact = boost::math::erf_inv(static_cast<long double>(xf));
            worst.giles    = std::max(worst.giles, double(std::fabs((dist::erfinv_giles(xf) - exact) / exact)));
            worst.winitzki = std::max(worst.winitzki, double(std::fabs((dist::erfinv_winitzki(xf) - exact) / exact)));
        }
        if(x > -1 && x < 1 && x != 0)
        {
            const long double exact = boost::math::erf_inv(static_cast<long double>(x));
            worst.dbl = std::max(worst.dbl, double(std::fabs((dist::erfinv_double(x) - exact) / exact)));
        }
    });
    return worst;
}

TEST(erfinv, maximum_relative_errors)
{
    const errors e = max_relative_errors();
    RecordProperty("giles_float", std::to_string(e.giles));
    RecordProperty("winitzki_float", std::to_string(e.winitzki));
    RecordProperty("giles_halley_double", std::to_string(e.dbl));
    EXPECT_LT(e.giles, 2.6e-7);     // measured 2.57e-7: about 2.2 float ulp
    EXPECT_LT(e.winitzki, 1.96e-3); // measured 1.95e-3, near |x| = 0.9996
    EXPECT_LT(e.dbl, 2.6e-16);      // measured 2.57e-16: 1.2 double ulp
}

TEST(erfinv, odd_and_exact_at_zero)
{
    for(float x : {1e-30f, 1e-8f, 0.25f, 0.5f, 0.9f, 0.999999f})
    {
        EXPECT_EQ(dist::erfinv_giles(-x), -dist::erfinv_giles(x));
        EXPECT_EQ(dist::erfinv_winitzki(-x), -dist::erfinv_winitzki(x));
        EXPECT_EQ(dist::erfinv_double(-double(x)), -dist::erfinv_double(double(x)));
    }
    EXPECT_EQ(dist::erfinv_giles(0.0f), 0.0f);
    EXPECT_EQ(dist::erfinv_winitzki(0.0f), 0.0f);
    EXPECT_EQ(dist::erfinv_double(0.0), 0.0);
}

// The accurate inverse-CDF sampler against the exact quantile of its uniform,
// (x + 1/2) 2^-32 (float) or (z + 1/2) 2^-53 (double), over the words nearest
// both tails and the median and a stride through the rest: the far tails are
// where the folding onto q and the refinement beyond Giles' range matter.
TEST(inverse_cdf_sampler, accuracy_against_the_exact_quantile)
{
    const boost::math::normal_distribution<long double> normal;
    double worst_float = 0, worst_double = 0;
    for(std::uint64_t k = 0; k < (1u << 18); ++k)
    {
        for(std::uint32_t x : {static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(0xffffffffu - k),
                               static_cast<std::uint32_t>(0x80000000u - 1 - k), static_cast<std::uint32_t>(0x80000000u + k),
                               static_cast<std::uint32_t>(k * 16381)})
        {
            const long double exact = boost::math::quantile(normal, (x + 0.5L) * 0x1p-32L);
            const float       z     = dist::normal_inverse_cdf<dist::erfinv_kind::giles>(x);
            worst_float = std::max(worst_float, double(std::fabs((z - exact) / exact)));
        }
        const std::uint64_t top = (std::uint64_t{1} << 53) - 1;
        for(std::uint64_t z : {std::uint64_t{k}, top - k, top / 2 - k, top / 2 + 1 + k, (k * std::uint64_t{34359738367}) & top})
        {
            // Words whose cuRAND combination x0 ^ (x1 << 21) is z.
            const auto          x0    = static_cast<std::uint32_t>(z);
            const auto          x1    = static_cast<std::uint32_t>((z ^ x0) >> 21);
            const long double   exact = boost::math::quantile(normal, (z + 0.5L) * 0x1p-53L);
            const double        v     = dist::normal_inverse_cdf<dist::erfinv_kind::giles>(x0, x1);
            worst_double = std::max(worst_double, double(std::fabs((v - exact) / exact)));
        }
    }
    RecordProperty("float_sampler", std::to_string(worst_float));
    RecordProperty("double_sampler", std::to_string(worst_double));
    EXPECT_LT(worst_float, 3.2e-7);   // measured 3.19e-7
    EXPECT_LT(worst_double, 3.6e-16); // measured 3.54e-16
}

} // namespace
