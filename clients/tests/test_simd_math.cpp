// The host backend's vector math (library/src/backend/host/simd/*_lanes.hpp)
// under each vector target this build compiles and this CPU runs (the others
// are skipped, with the reason), against the scalar functions it reproduces:
// log_unit and sincos_angle bit for bit (so their errors against exact values
// are those test_box_muller_radius.cpp and test_sincos_angle.cpp measure),
// the uint32 and uniform conversions bit for bit, and float Box-Muller within
// box_muller_bound_ulp of libm's (the scalar functor's) and within
// box_muller_exact_bound_ulp of exact values over 2^22 random word pairs,
// and the accurate double inverse CDF within inverse_cdf_double_bound_ulp
// of Boost.Math's normal quantile.
// This file is compiled once per Highway target (foreach_target.h), without
// FMA contraction, as the library's block kernels are.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "build_config.hpp" // before Highway: the targets it compiles

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "test_simd_math.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/count_pmf_lanes.hpp"
#include "backend/host/simd/inverse_cdf_lanes.hpp"
#include "backend/host/simd/log_unit_lanes.hpp"
#include "backend/host/simd/sincos_angle_lanes.hpp"
#include "backend/host/simd/small_integer_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"

// Every function below takes arrays whose length n is a multiple of the
// target's lanes (at most 64, for SVE's longest vectors).
HWY_BEFORE_NAMESPACE();
namespace rocdist_test::simd_math::HWY_NAMESPACE
{
namespace hn    = hwy::HWY_NAMESPACE;
namespace lanes = rocdist::host::simd::HWY_NAMESPACE;

void log_unit_array(const float* in, float* out, std::size_t n)
{
    const hn::ScalableTag<float> df;
    for(std::size_t i = 0; i < n; i += hn::Lanes(df))
        hn::StoreU(lanes::log_unit(df, hn::LoadU(df, in + i)), df, out + i);
}

void sincos_angle_array(const float* in, float* sine, float* cosine, std::size_t n)
{
    const hn::ScalableTag<float> df;
    for(std::size_t i = 0; i < n; i += hn::Lanes(df))
    {
        hn::Vec<decltype(df)> s, c;
        lanes::sincos_angle(df, hn::LoadU(df, in + i), s, c);
        hn::StoreU(s, df, sine + i);
        hn::StoreU(c, df, cosine + i);
    }
}

void uniform_float_array(const std::uint32_t* in, float* out, std::size_t n)
{
    const hn::ScalableTag<float>    df;
    const hn::ScalableTag<std::uint32_t> du;
    for(std::size_t i = 0; i < n; i += hn::Lanes(df))
        hn::StoreU(lanes::uniform_float(df, hn::LoadU(du, in + i)), df, out + i);
}

// x and y below 2^32, one per 64-bit element.
void uniform_double_array(const std::uint64_t* x, const std::uint64_t* y, double* out, std::size_t n)
{
    const hn::ScalableTag<double>   dd;
    const hn::ScalableTag<std::uint64_t> du;
    for(std::size_t i = 0; i < n; i += hn::Lanes(dd))
        hn::StoreU(lanes::uniform_double(dd, hn::LoadU(du, x + i), hn::LoadU(du, y + i)), dd, out + i);
}

void box_muller_array(const std::uint32_t* x, const std::uint32_t* y, float* first, float* second, std::size_t n)
{
    const hn::ScalableTag<float>    df;
    const hn::ScalableTag<std::uint32_t> du;
    for(std::size_t i = 0; i < n; i += hn::Lanes(df))
    {
        hn::Vec<decltype(df)> a, b;
        lanes::box_muller(df, hn::LoadU(du, x + i), hn::LoadU(du, y + i), a, b);
        hn::StoreU(a, df, first + i);
        hn::StoreU(b, df, second + i);
    }
}

// The 53 bits z of each element (below 2^53).
void inverse_cdf_double_array(const std::uint64_t* z, double* out, std::size_t n)
{
    const hn::ScalableTag<double>        dd;
    const hn::ScalableTag<std::uint64_t> du;
    for(std::size_t i = 0; i < n; i += hn::Lanes(dd))
        hn::StoreU(lanes::normal_inverse_cdf_accurate(dd, hn::LoadU(du, z + i)), dd, out + i);
}

// small_integer_lanes.hpp's conversions of each element: the double of a
// signed integer and of an unsigned one, the integer of a whole double, and
// the truncated integer of a double in [0, 2^63).
void integer_conversions_array(const std::int64_t* integers, const std::uint64_t* naturals, const double* wholes,
                               const double* reals, double* from_integers, double* from_naturals,
                               std::int64_t* of_wholes, std::uint64_t* truncated, std::size_t n)
{
    const hn::ScalableTag<double>        dd;
    const hn::ScalableTag<std::int64_t>  di;
    const hn::ScalableTag<std::uint64_t> du;
    for(std::size_t i = 0; i < n; i += hn::Lanes(dd))
    {
        hn::StoreU(lanes::double_of_small_integer(dd, hn::LoadU(di, integers + i)), dd, from_integers + i);
        hn::StoreU(lanes::double_of_small_unsigned(dd, hn::LoadU(du, naturals + i)), dd, from_naturals + i);
        hn::StoreU(lanes::small_integer_of_double(dd, hn::LoadU(dd, wholes + i)), di, of_wholes + i);
        hn::StoreU(lanes::truncated_unsigned_of_double(dd, hn::LoadU(dd, reals + i)), du, truncated + i);
    }
}

void deviance_array(const double* x, const double* m, double* out, std::size_t n)
{
    const hn::ScalableTag<double> dd;
    for(std::size_t i = 0; i < n; i += hn::Lanes(dd))
        hn::StoreU(lanes::deviance(dd, hn::LoadU(dd, x + i), hn::LoadU(dd, m + i)), dd, out + i);
}

} // namespace rocdist_test::simd_math::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

#include <boost/math/distributions/normal.hpp>

#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/box_muller_radius.hpp"
#include "rocdist/device/distributions/count_pmf.hpp"
#include "rocdist/device/distributions/sincos_angle.hpp"
#include "rocdist/device/distributions/uniform.hpp"
#include "support/box_muller_error.hpp"
#include "support/float_ulp_error.hpp"
#include "support/highway_targets.hpp"

namespace rocdist_test::simd_math
{

HWY_EXPORT(log_unit_array);
HWY_EXPORT(sincos_angle_array);
HWY_EXPORT(uniform_float_array);
HWY_EXPORT(uniform_double_array);
HWY_EXPORT(box_muller_array);
HWY_EXPORT(inverse_cdf_double_array);
HWY_EXPORT(integer_conversions_array);
HWY_EXPORT(deviance_array);

namespace
{

namespace distributions = rocdist::distributions;

// Inputs are handed to the vector code in batches of this many (a multiple
// of every target's lanes).
constexpr std::size_t batch = 1 << 16;

// The error of the vector Box-Muller against exact values, in float ulp of
// each normal: the radius's (half of log_unit's, then the square root's
// rounding), sincos_angle's 1.47 and the product's 0.5, each in ulp of its
// own binade. Measured on AVX2 and AVX-512 (2026-11-25): at most 3.07 ulp
// over this test's 2^22 pairs, 3.58 over 2^28, and 3.0 ulp from libm over
// both (box_muller_bound_ulp allows 5).
constexpr double box_muller_exact_bound_ulp = 3.6;

// The accurate double inverse CDF on the lanes against the exact quantile,
// in double ulp of the quantile (inverse_cdf_double_near_exact).
constexpr double inverse_cdf_double_bound_ulp = 8;

template <class T>
bool same_bits(T a, T b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

float from_bits(std::uint32_t b)
{
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
}

std::uint32_t to_bits(float f)
{
    std::uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    return b;
}

class simd_math : public highway_target_test
{
};

// The vector targets this build compiles.
INSTANTIATE_TEST_SUITE_P(targets, simd_math, ::testing::ValuesIn(compiled_targets(ROCDIST_HOST_SIMD_TARGETS)),
                         target_name);

// Calls check(inputs, count) with the inputs next() gives, a batch at a time
// (a short last batch is padded with its last input).
template <class T, class Next, class Check>
void in_batches(Next&& next, Check&& check)
{
    std::vector<T> in(batch);
    for(;;)
    {
        std::size_t count = 0;
        while(count < batch && next(in[count]))
            ++count;
        if(count == 0)
            return;
        std::fill(in.begin() + count, in.end(), in[count - 1]);
        check(in, count);
        if(count < batch)
            return;
    }
}

TEST_P(simd_math, log_unit_bit_identical)
{
    // Every 7th float of [2^-33, 1], then every float of [1 - 2^-12, 1].
    std::uint32_t bits = to_bits(0x1p-33f), mismatches = 0;
    const std::uint32_t dense = to_bits(1.0f - 0x1p-12f), last = to_bits(1.0f);
    std::vector<float>  out(batch);
    in_batches<float>(
        [&](float& u) {
            if(bits > last)
                return false;
            u = from_bits(bits);
            bits += bits < dense ? 7 : 1;
            return true;
        },
        [&](const std::vector<float>& in, std::size_t count) {
            HWY_DYNAMIC_DISPATCH(log_unit_array)(in.data(), out.data(), batch);
            for(std::size_t i = 0; i < count; ++i)
                if(!same_bits(out[i], distributions::log_unit(in[i])) && ++mismatches <= 5)
                    ADD_FAILURE() << "log_unit(" << in[i] << "): vector " << out[i] << ", scalar "
                                  << distributions::log_unit(in[i]);
        });
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, sincos_angle_bit_identical)
{
    // Every 97th float of [2^-30, 2 pi], then the 8192 floats around each
    // multiple of pi/2, where the reduction cancels.
    const float         turn = 6.28318548f;
    std::uint32_t       bits = to_bits(0x1p-30f), mismatches = 0;
    int                 quarter = 0, near = 0;
    float               x       = 0;
    std::vector<float>  sine(batch), cosine(batch);
    in_batches<float>(
        [&](float& v) {
            if(from_bits(bits) <= turn)
            {
                v = from_bits(bits);
                bits += 97;
                return true;
            }
            if(near == 0)
            {
                if(++quarter > 4)
                    return false;
                x = static_cast<float>(quarter * 1.5707963267948966L);
                for(int i = 0; i < 4096; ++i)
                    x = std::nextafter(x, 0.0f);
            }
            v    = std::min(x, turn);
            x    = std::nextafter(x, INFINITY);
            near = (near + 1) % 8192;
            return true;
        },
        [&](const std::vector<float>& in, std::size_t count) {
            HWY_DYNAMIC_DISPATCH(sincos_angle_array)(in.data(), sine.data(), cosine.data(), batch);
            for(std::size_t i = 0; i < count; ++i)
            {
                float s, c;
                distributions::sincos_angle(in[i], s, c);
                if((!same_bits(sine[i], s) || !same_bits(cosine[i], c)) && ++mismatches <= 5)
                    ADD_FAILURE() << "sincos_angle(" << in[i] << "): vector " << sine[i] << ", " << cosine[i]
                                  << ", scalar " << s << ", " << c;
            }
        });
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, uniform_float_bit_identical)
{
    // Every 97th word, and the 2^12 words at each end.
    std::uint64_t      w          = 0;
    std::uint32_t      mismatches = 0;
    std::vector<float> out(batch);
    in_batches<std::uint32_t>(
        [&](std::uint32_t& x) {
            if(w > 0xffffffffu)
                return false;
            x = static_cast<std::uint32_t>(w);
            w += w < 4096 || w >= 0xffffffffu - 4096 ? 1 : 97;
            return true;
        },
        [&](const std::vector<std::uint32_t>& in, std::size_t count) {
            HWY_DYNAMIC_DISPATCH(uniform_float_array)(in.data(), out.data(), batch);
            for(std::size_t i = 0; i < count; ++i)
                if(!same_bits(out[i], distributions::uniform_float(in[i])) && ++mismatches <= 5)
                    ADD_FAILURE() << "uniform_float(" << in[i] << "): vector " << out[i];
        });
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, integer_conversions_exact)
{
    // Their ranges' ends, powers of 2 and their neighbours, and 2^16 random
    // values of every magnitude; reals with fractions, and at the split of
    // truncated_unsigned_of_double (2^26).
    std::mt19937_64            rng(20261207);
    std::vector<std::int64_t>  integers;
    std::vector<std::uint64_t> naturals;
    std::vector<double>        wholes, reals;
    const std::int64_t         small = (std::int64_t{1} << 51) - 1;
    for(const std::int64_t v : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, small, -small})
        integers.push_back(v);
    for(const std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, (std::uint64_t{1} << 52) - 1})
        naturals.push_back(v);
    for(int e = 0; e < 63; ++e)
        for(const double d : {-1.0, 0.0, 1.0})
            reals.push_back(std::ldexp(1.0, e) + d);
    reals.push_back(0x1.fffffffffffffp62);
    reals.push_back(0.75);
    reals.push_back(0x1p26 - 0.5);
    while(reals.size() < (std::size_t(1) << 16))
    {
        const std::uint64_t r = rng();
        reals.push_back(std::ldexp(double(r >> 11), -53 + int(rng() % 63)));
    }
    while(integers.size() < reals.size())
    {
        const int          bits = 1 + int(rng() % 51);
        const std::int64_t v    = std::int64_t(rng() >> (64 - bits));
        integers.push_back(rng() % 2 == 0 ? v : -v);
    }
    while(naturals.size() < reals.size())
        naturals.push_back(rng() >> (12 + rng() % 52));
    for(const std::int64_t v : integers)
        wholes.push_back(double(v));
    const std::size_t         n = reals.size();
    std::vector<double>        from_integers(n), from_naturals(n);
    std::vector<std::int64_t>  of_wholes(n);
    std::vector<std::uint64_t> truncated(n);
    HWY_DYNAMIC_DISPATCH(integer_conversions_array)(integers.data(), naturals.data(), wholes.data(), reals.data(),
                                                    from_integers.data(), from_naturals.data(), of_wholes.data(),
                                                    truncated.data(), n);
    std::size_t mismatches = 0;
    for(std::size_t i = 0; i < n; ++i)
    {
        const bool ok = same_bits(from_integers[i], double(integers[i]))
                        && same_bits(from_naturals[i], double(naturals[i])) && of_wholes[i] == integers[i]
                        && truncated[i] == std::uint64_t(reals[i]);
        if(!ok && ++mismatches <= 5)
            ADD_FAILURE() << "integers " << integers[i] << ", naturals " << naturals[i] << ", real " << reals[i]
                          << ": " << from_integers[i] << ", " << from_naturals[i] << ", " << of_wholes[i] << ", "
                          << truncated[i];
    }
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, deviance_bit_identical)
{
    // x from 1e-3 to 1e9 and m = x (1 + delta) or x / (1 + delta), delta
    // log-uniform in [1e-16, 10]: the series (|x - m| < 0.3 (x + m), delta
    // below 0.857) at its every length, and the logarithm (6% of the
    // lanes), both in many a vector.
    std::mt19937_64                        rng(20261207);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t                      n = std::size_t(1) << 18;
    std::vector<double>                    x(n), m(n), out(n);
    for(std::size_t i = 0; i < n; ++i)
    {
        x[i]               = std::pow(10.0, -3 + 12 * unit(rng));
        const double delta = std::pow(10.0, 1 - 17 * unit(rng));
        m[i]               = rng() % 2 == 0 ? x[i] * (1 + delta) : x[i] / (1 + delta);
    }
    HWY_DYNAMIC_DISPATCH(deviance_array)(x.data(), m.data(), out.data(), n);
    std::size_t mismatches = 0;
    for(std::size_t i = 0; i < n; ++i)
        if(!same_bits(out[i], distributions::deviance(x[i], m[i])) && ++mismatches <= 5)
            ADD_FAILURE() << "deviance(" << x[i] << ", " << m[i] << "): vector " << out[i] << ", scalar "
                          << distributions::deviance(x[i], m[i]);
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, uniform_double_bit_identical)
{
    // 2^20 random pairs after the extremes of both words.
    std::mt19937_64            rng(20261125);
    const std::uint32_t        extremes[] = {0, 1, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
    std::vector<std::uint64_t> x, y;
    for(std::uint32_t a : extremes)
        for(std::uint32_t b : extremes)
        {
            x.push_back(a);
            y.push_back(b);
        }
    while(x.size() < (std::size_t(1) << 20))
    {
        const std::uint64_t r = rng();
        x.push_back(r & 0xffffffffu);
        y.push_back(r >> 32);
    }
    std::vector<double> out(x.size());
    HWY_DYNAMIC_DISPATCH(uniform_double_array)(x.data(), y.data(), out.data(), x.size());
    std::uint32_t mismatches = 0;
    for(std::size_t i = 0; i < x.size(); ++i)
    {
        const double expected = distributions::uniform_double(static_cast<std::uint32_t>(x[i]),
                                                              static_cast<std::uint32_t>(y[i]));
        if(!same_bits(out[i], expected) && ++mismatches <= 5)
            ADD_FAILURE() << "uniform_double(" << x[i] << ", " << y[i] << "): vector " << out[i] << ", scalar "
                          << expected;
    }
    EXPECT_EQ(mismatches, 0u);
}

TEST_P(simd_math, box_muller_within_bounds)
{
    std::mt19937               rng(5);
    constexpr std::size_t      pairs = std::size_t(1) << 22;
    std::vector<std::uint32_t> x(batch), y(batch);
    std::vector<float>         first(batch), second(batch);
    // The angle the vector code uses is the scalar code's, bit for bit
    // (distributions::box_muller): the exact values are those of that float.
    constexpr float angle_step = 0x1p-32f * 6.2831855f;
    double          vs_libm = 0, vs_exact = 0;
    for(std::size_t done = 0; done < pairs; done += batch)
    {
        for(std::size_t i = 0; i < batch; ++i)
        {
            x[i] = rng();
            y[i] = rng();
        }
        HWY_DYNAMIC_DISPATCH(box_muller_array)(x.data(), y.data(), first.data(), second.data(), batch);
        for(std::size_t i = 0; i < batch; ++i)
        {
            const auto        libm  = distributions::box_muller(x[i], y[i]);
            const float       v     = unfused_mul(static_cast<float>(y[i]), angle_step) + angle_step / 2;
            const long double u     = distributions::uniform_float(x[i]);
            const long double r     = std::sqrt(-2 * std::log(u));
            const long double angle = v;
            vs_libm  = std::max({vs_libm, box_muller_error_ulp(first[i], libm.first, 0),
                                 box_muller_error_ulp(second[i], libm.second, 0)});
            vs_exact = std::max({vs_exact, float_ulp_error(first[i], r * std::sin(angle)),
                                 float_ulp_error(second[i], r * std::cos(angle))});
        }
    }
    EXPECT_LE(vs_libm, box_muller_bound_ulp);
    EXPECT_LE(vs_exact, box_muller_exact_bound_ulp);
    RecordProperty("max_ulp_vs_libm", std::to_string(vs_libm));
    RecordProperty("max_ulp_vs_exact", std::to_string(vs_exact));
    std::printf("worst error: %.3f ulp from libm, %.3f ulp from exact\n", vs_libm, vs_exact);
}

} // namespace
// The accurate double inverse CDF on the lanes (Wichura's AS 241) against
// Boost.Math's normal quantile in long double, in ulp of the exact value:
// the words nearest 0, 1/2 and 1 and at every power of two from either end
// (the far tails, where the approximation switches at q = 0.075 and
// sqrt(-log q) = 5), then 2^20 random ones. Measured on AVX2 and AVX-512:
// at most 5.08 ulp (the scalar path, Halley steps on libm's erf and erfc:
// 2.8 ulp over 2^22 generated elements).
TEST_P(simd_math, inverse_cdf_double_near_exact)
{
    constexpr std::uint64_t    top = (std::uint64_t{1} << 53) - 1;
    std::vector<std::uint64_t> z;
    for(std::uint64_t k = 0; k < 64; ++k)
    {
        z.push_back(k);
        z.push_back(top - k);
        z.push_back((std::uint64_t{1} << 52) + k);
        z.push_back((std::uint64_t{1} << 52) - 1 - k);
    }
    for(int b = 0; b < 53; ++b)
        for(std::uint64_t step : {std::uint64_t{0}, std::uint64_t{1}})
        {
            z.push_back((std::uint64_t{1} << b) + step);
            z.push_back(top - (std::uint64_t{1} << b) - step);
        }
    std::mt19937_64 rng(20261126);
    while(z.size() < (std::size_t(1) << 20) || z.size() % 64 != 0)
        z.push_back(rng() >> 11);
    std::vector<double> out(z.size());
    HWY_DYNAMIC_DISPATCH(inverse_cdf_double_array)(z.data(), out.data(), z.size());
    const boost::math::normal_distribution<long double> normal;
    double                                              worst = 0;
    for(std::size_t i = 0; i < z.size(); ++i)
    {
        const long double exact = boost::math::quantile(normal, (static_cast<long double>(z[i]) + 0.5L) * 0x1p-53L);
        const double      ulp   = std::ldexp(1.0, std::ilogb(static_cast<double>(exact)) - 52);
        const double      err   = static_cast<double>(std::fabs(out[i] - exact) / ulp);
        worst                   = std::max(worst, err);
        if(err > inverse_cdf_double_bound_ulp)
            ADD_FAILURE() << "z " << z[i] << ": vector " << out[i] << ", exact " << static_cast<double>(exact);
    }
    RecordProperty("max_ulp", std::to_string(worst));
}

} // namespace rocdist_test::simd_math

#endif // HWY_ONCE
