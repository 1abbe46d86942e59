// Batched categorical sampling's weight tiles (backend/host/simd/
// categorical_rows_tiles.cpp) under each Highway target that this build compiles and
// this CPU runs (the others are skipped, with the reason): the categories
// of a target without vector kernels, bit for bit, for weights spanning
// 1e-30 to 1 with zeros, -0 and (float) subnormals, k from 1 to beyond a
// tile and not a multiple of any vector; and every invalid weight refused
// wherever it lies (the vector body or the tail of a tile).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "backend/categorical_row_inputs.hpp"
#include "backend/host/simd/categorical_rows_tiles.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"
#include "rocdist/rocdist.h"
#include "support/categorical_rows_calls.hpp"
#include "support/host_vector_kernels.hpp"

namespace rocdist_test
{
namespace
{

template <class T>
std::vector<T> awkward_weights(size_t n)
{
    std::vector<T> w(n);
    for(size_t i = 0; i < n; ++i)
    {
        const unsigned r = static_cast<unsigned>((i * 2654435761u) >> 7);
        switch(r % 7)
        {
        case 0: w[i] = T(0); break;
        case 1: w[i] = -T(0); break;
        case 2: w[i] = std::numeric_limits<float>::denorm_min() * T(r % 5 + 1); break;
        default: w[i] = std::pow(T(10), -T(r % 31)) * T(1 + r % 13) / T(13);
        }
    }
    w[n / 2] = T(1); // no row of zeros
    for(size_t i = 0; i < n; i += 97)
        w[i] = T(0.5);
    return w;
}

// The weight tiles' two passes directly (categorical_rows_tiles.cpp is compiled into
// this test too): sums exactly those of the scalar arithmetic, for tiles
// whose fixed points reach 2^62 (k = 2), and the largest and validity as
// the weights' values say.
template <class T>
void check_weight_tile_passes()
{
    std::mt19937_64 rng(17);
    for(const size_t n : {size_t(1), size_t(7), size_t(64), size_t(100), size_t(1000), size_t(4096)})
    {
        for(const unsigned bits : {1u, 10u, 13u})
        {
            SCOPED_TRACE(::testing::Message() << n << " weights, bits " << bits);
            std::vector<T> w = awkward_weights<T>(n);
            for(T& x : w)
                x = rng() % 3 == 0 ? T(std::ldexp(double(rng() >> 11), -53)) : x;
            double largest = 0;
            ASSERT_TRUE(rocdist::host::simd::weight_tile_largest(w.data(), n, largest));
            EXPECT_EQ(largest, double(*std::max_element(w.begin(), w.end())));
            const auto scale = rocdist::distributions::weight_tile_scale(largest, bits);
            std::vector<std::uint64_t> runs((n + 63) / 64), expected(runs.size());
            std::uint64_t              sum = 0;
            for(size_t i = 0; i < n; ++i)
            {
                sum += sizeof(T) == sizeof(float)
                           ? static_cast<std::uint64_t>(static_cast<double>(w[i]) * (scale.first * scale.second))
                           : static_cast<std::uint64_t>((static_cast<double>(w[i]) * scale.first) * scale.second);
                if(i % 64 == 63 || i == n - 1)
                    expected[i / 64] = sum;
            }
            EXPECT_EQ(rocdist::host::simd::weight_run_sums(w.data(), n, scale, runs.data()), sum);
            EXPECT_EQ(runs, expected);
            for(const T bad : {T(-1), -std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::infinity(),
                               std::numeric_limits<T>::quiet_NaN()})
            {
                for(const size_t at : {size_t(0), n / 2, n - 1})
                {
                    std::vector<T> invalid = w;
                    invalid[at]            = bad;
                    EXPECT_FALSE(rocdist::host::simd::weight_tile_largest(invalid.data(), n, largest))
                        << bad << " at " << at;
                }
            }
        }
    }
}

// The logits' run sums and each logit's fixed point (a sample's walk)
// directly: each 2^h is the scalar distributions::logit_fixed_point's, for
// logits from the tile's largest down past the fixed point's last bit, -inf
// among them, at temperatures from 1e-3 to 1e3 and every bits width a call
// takes.
void check_logit_run_sums()
{
    std::mt19937_64 rng(23);
    for(const size_t n : {size_t(1), size_t(5), size_t(64), size_t(200), size_t(4096)})
        for(const double temperature : {1e-3, 0.7, 1.0, 1e3})
            for(const unsigned bits : {0u, 1u, 12u, 32u})
            {
                SCOPED_TRACE(::testing::Message() << n << " logits, temperature " << temperature << ", bits " << bits);
                std::vector<float> l(n);
                for(size_t i = 0; i < n; ++i)
                {
                    const double u = std::ldexp(double(rng() >> 11), -53);
                    l[i]           = rng() % 9 == 0 ? -std::numeric_limits<float>::infinity()
                                                    : static_cast<float>(5 - u * (rng() % 2 == 0 ? 40 : 4000) * temperature);
                }
                l[n / 2]                = 5.0f; // the tile's largest
                const double c          = 1.4426950408889634074 / temperature;
                const auto   scale      = rocdist::distributions::make_logit_tile_scale(5.0, c);
                std::vector<std::uint64_t> runs((n + 63) / 64), expected(runs.size());
                std::uint64_t              sum = 0;
                for(size_t i = 0; i < n; ++i)
                {
                    sum += rocdist::distributions::logit_fixed_point(l[i], scale, c, bits);
                    if(i % 64 == 63 || i == n - 1)
                        expected[i / 64] = sum;
                }
                EXPECT_EQ(rocdist::host::simd::logit_run_sums(l.data(), n, scale, c, bits, runs.data()), sum);
                EXPECT_EQ(runs, expected);
                std::vector<std::uint64_t> values(n), expected_values(n);
                for(size_t i = 0; i < n; ++i)
                    expected_values[i] = rocdist::distributions::logit_fixed_point(l[i], scale, c, bits);
                rocdist::host::simd::logit_fixed_points(l.data(), n, scale, c, bits, values.data());
                EXPECT_EQ(values, expected_values);
            }
}

// Each logit's fixed point against the scalar function's, over 2^17
// logits per case at bits widths from 4 to 24: the vector kernel takes most
// lanes from a double estimate (exp2_fixed_point_lanes.hpp) and the rest,
// where the estimate's error bound straddles the shift, from the integer
// products, so both ways are taken many times in every case.
void check_logit_fixed_point_sweep()
{
    std::mt19937_64 rng(29);
    const size_t    n = size_t(1) << 17;
    std::vector<float>         l(n);
    std::vector<std::uint64_t> values(n), expected(n);
    for(const unsigned bits : {4u, 8u, 10u, 12u, 16u, 20u, 24u})
        for(const double temperature : {0.37, 1.0})
            for(const double span : {16.0, 64.0})
            {
                SCOPED_TRACE(::testing::Message() << "bits " << bits << ", temperature " << temperature << ", span "
                                                  << span);
                for(float& x : l)
                    x = static_cast<float>(5 - std::ldexp(double(rng() >> 11), -53) * span);
                const double c     = 1.4426950408889634074 / temperature;
                const auto   scale = rocdist::distributions::make_logit_tile_scale(5.0, c);
                for(size_t i = 0; i < n; ++i)
                    expected[i] = rocdist::distributions::logit_fixed_point(l[i], scale, c, bits);
                rocdist::host::simd::logit_fixed_points(l.data(), n, scale, c, bits, values.data());
                size_t differ = 0, first = n;
                for(size_t i = 0; i < n; ++i)
                    if(values[i] != expected[i] && differ++ == 0)
                        first = i;
                EXPECT_EQ(differ, 0u) << "first at logit " << (first < n ? l[first] : 0.0f);
            }
}

// The logits' check and largest (logit_rows: NaN and +inf invalid, -inf
// not counted) against the definition, with the invalid value or the
// largest in the vector body and in the tail, and tiles of -inf only.
void check_logit_tile_largest()
{
    const float inf = std::numeric_limits<float>::infinity();
    for(const size_t n : {size_t(1), size_t(7), size_t(64), size_t(1000), size_t(4096)})
        for(const size_t at : {size_t(0), n / 2, n - 1})
            for(const float special : {7.5f, -inf, inf, std::numeric_limits<float>::quiet_NaN(), -0.0f})
                for(const bool all_minus_inf : {false, true})
                {
                    SCOPED_TRACE(::testing::Message() << n << " logits, " << special << " at " << at
                                                      << (all_minus_inf ? ", the rest -inf" : ""));
                    std::vector<float> l(n);
                    for(size_t i = 0; i < n; ++i)
                        l[i] = all_minus_inf ? -inf : static_cast<float>(std::sin(double(i)) * 5);
                    l[at] = special;
                    bool   valid    = true;
                    double expected = rocdist::backend::logit_rows::none;
                    for(const float x : l)
                    {
                        valid    = valid && rocdist::backend::logit_rows::valid(x);
                        expected = x > expected ? x : expected;
                    }
                    double largest = 0;
                    ASSERT_EQ(rocdist::host::simd::logit_tile_largest(l.data(), n, largest), valid);
                    if(valid)
                        EXPECT_EQ(largest, expected);
                }
}

TEST_P(host_vector_kernels, logit_tile_largest_exact)
{
    check_logit_tile_largest();
}

TEST_P(host_vector_kernels, logit_run_sums_exact)
{
    check_logit_run_sums();
}

TEST_P(host_vector_kernels, logit_fixed_points_exact)
{
    check_logit_fixed_point_sweep();
}

TEST_P(host_vector_kernels, weight_tile_passes_exact)
{
    check_weight_tile_passes<float>();
    check_weight_tile_passes<double>();
}

template <class T>
void compare_weight_tiles(std::int64_t target, std::int64_t scalar_target)
{
    struct shape
    {
        size_t rows, k, samples;
    };
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const shape c : {shape{3, 1, 5}, shape{5, 2, 7}, shape{7, 63, 50}, shape{4, 1000, 300}, shape{2, 4097, 1000},
                         shape{1, 9001, 2000}})
    {
        SCOPED_TRACE(::testing::Message() << c.rows << " rows of " << c.k);
        std::vector<T> w = awkward_weights<T>(c.rows * c.k);
        for(size_t r = 0; r < c.rows; ++r)
            w[r * c.k + (r * 31) % c.k] = T(0.75); // every row can be drawn
        ASSERT_EQ(rocdist_set_seed(gen, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> got = rocdist_test::rows_vector(rocdist_test::backend::host, gen, w, c.rows, c.samples);
        hwy::SetSupportedTargetsForTest(scalar_target);
        ASSERT_EQ(rocdist_set_seed(gen, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> expected
            = rocdist_test::rows_vector(rocdist_test::backend::host, gen, w, c.rows, c.samples);
        hwy::SetSupportedTargetsForTest(target);
        EXPECT_EQ(got, expected);
        for(const T bad : {T(-1), -std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::infinity(),
                           std::numeric_limits<T>::quiet_NaN()})
        {
            for(const size_t at : {size_t(0), c.k / 2, c.k - 1, c.rows * c.k - 1})
            {
                std::vector<T> invalid = w;
                invalid[at]            = bad;
                std::vector<unsigned int> out(c.rows * c.samples, 7u);
                EXPECT_EQ(rocdist_test::categorical_rows(gen, invalid.data(), c.rows, c.k, out.data(), c.samples),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << bad << " at " << at;
                EXPECT_EQ(out, std::vector<unsigned int>(c.rows * c.samples, 7u));
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

// Logits (some -inf) through the whole call, against the categories of a
// target without vector kernels; NaN and +inf refused wherever they lie.
void compare_logit_rows(std::int64_t target, std::int64_t scalar_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const size_t k : {size_t(1), size_t(63), size_t(1000), size_t(4097)})
    {
        SCOPED_TRACE(::testing::Message() << "3 rows of " << k << " logits");
        std::vector<float> l(3 * k);
        for(size_t i = 0; i < l.size(); ++i)
            l[i] = i % 11 == 5 && i % k != 0 ? -std::numeric_limits<float>::infinity()
                                             : static_cast<float>(std::sin(double(i)) * 30);
        ASSERT_EQ(rocdist_set_seed(gen, 9), ROCDIST_STATUS_SUCCESS);
        const auto got = rocdist_test::logits_vector(rocdist_test::backend::host, gen, l, 3, 0.5f, 40);
        hwy::SetSupportedTargetsForTest(scalar_target);
        ASSERT_EQ(rocdist_set_seed(gen, 9), ROCDIST_STATUS_SUCCESS);
        const auto expected = rocdist_test::logits_vector(rocdist_test::backend::host, gen, l, 3, 0.5f, 40);
        hwy::SetSupportedTargetsForTest(target);
        EXPECT_EQ(got, expected);
        for(const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()})
        {
            for(const size_t at : {size_t(0), k / 2, k - 1, 3 * k - 1})
            {
                std::vector<float> invalid = l;
                invalid[at]                = bad;
                std::vector<unsigned int> out(3 * 40, 7u);
                EXPECT_EQ(rocdist_generate_categorical_logits(gen, invalid.data(), 3, k, 0.5f, out.data(), 40),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << bad << " at " << at;
                EXPECT_EQ(out, std::vector<unsigned int>(3 * 40, 7u));
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, categorical_rows_bit_identical)
{
    // Every CPU runs the targets without vector kernels (SCALAR, EMU128).
    std::int64_t scalar_target = 0;
    for(const std::int64_t t : compiled_targets())
    {
        if((t & ROCDIST_HOST_SIMD_TARGETS) == 0)
            scalar_target = t;
    }
    if(scalar_target == 0)
        GTEST_SKIP() << "this build compiles no target without vector kernels to compare with (aarch64's "
                        "baseline is NEON); weight_tile_passes_exact checks the kernels on every target";
    compare_weight_tiles<float>(GetParam(), scalar_target);
    compare_weight_tiles<double>(GetParam(), scalar_target);
    compare_logit_rows(GetParam(), scalar_target);
}

} // namespace
} // namespace rocdist_test
