// The fixed point of batched categorical sampling, without sampling: 2^x in
// fixed point against exp2l (64-bit long double), and each row's integer
// masses against the exact values they stand for, which is what the
// per-category bias bound of docs/categorical_rows.md rests on:
//   |m_i - v_i| < 2, with v_i = w_i 2^(64 - b - R) exactly (R the row's
//   reference), 0 <= sum(v) - W < 2E with E = sum(min(1, v_i)), zero
//   weights mass 0, so that |m_i / W - p_i| < (2 + 2E p_i) / W;
// for k from 1 to 2^32 - 1 (the largest by its tile sums alone) and weights
// spanning 1e-30 to 1. Logits: each fixed-point weight against the exact
// 2^(h + 63 - b) of its exponent h, and the masses against softmax.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/fixed_point_exp2.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"
#include "support/categorical_rows_calls.hpp"

namespace
{

namespace d = rocdist::distributions;
using rocdist::backend::logit_rows;
using rocdist::backend::weight_rows;
__extension__ typedef unsigned __int128 uint128;

TEST(categorical_rows_fixed_point, exp2_table_is_2_to_the_sixty_fourths)
{
    for(unsigned i = 0; i < 64; ++i)
    {
        const long double exact = std::exp2l(i / 64.0L) * 0x1p63L;
        EXPECT_LE(std::fabs(static_cast<long double>(d::exp2_sixty_fourths[i]) - exact), 1.0L) << i;
    }
}

TEST(categorical_rows_fixed_point, exp2_fraction_within_4)
{
    // 2^20 random fractions, and both ends of each of the 64 table intervals.
    std::mt19937_64            rng(1);
    std::vector<std::uint64_t> x;
    for(int i = 0; i < (1 << 20); ++i)
        x.push_back(rng());
    for(std::uint64_t i = 0; i < 64; ++i)
    {
        x.push_back(i << 58);
        x.push_back((i << 58) + ((std::uint64_t(1) << 58) - 1));
    }
    long double worst = 0;
    for(std::uint64_t v : x)
    {
        const std::uint64_t f = d::exp2_fraction(v);
        ASSERT_GE(f, std::uint64_t(1) << 63) << v;
        // exp2l is within an ulp (1 at this scale) of 2^f 2^63.
        const long double exact = std::exp2l(static_cast<long double>(v) * 0x1p-64L) * 0x1p63L;
        worst                   = std::max(worst, std::fabs(static_cast<long double>(f) - exact));
    }
    EXPECT_LE(worst, 4.0L);
    RecordProperty("largest_error", std::to_string(static_cast<double>(worst)));
}

TEST(categorical_rows_fixed_point, exp2_fixed_point_is_the_shifted_fraction)
{
    std::mt19937_64                        rng(2);
    std::uniform_real_distribution<double> u(-70, 1);
    for(int i = 0; i < 100000; ++i)
    {
        const double   h    = i % 100 == 0 ? -std::ldexp(1.0, i % 1000) : u(rng);
        const unsigned bits = static_cast<unsigned>(rng() % 33);
        if(!(h < 1))
            continue;
        const long double exact = std::exp2l(static_cast<long double>(h) + 63 - bits);
        const auto        a     = static_cast<long double>(d::exp2_fixed_point(h, bits));
        const double      whole = std::floor(h);
        const long double shift = bits - whole;
        EXPECT_LE(std::fabs(a - std::floor(exact)), 1 + 4 * std::exp2l(-std::min(shift, 64.0L)))
            << "h " << h << " bits " << bits;
    }
    EXPECT_LE(d::exp2_fixed_point(0.0, 0) - (std::uint64_t(1) << 63), 4u); // 2^0 2^63, from above
    EXPECT_EQ(d::exp2_fixed_point(-1.0, 1), std::uint64_t(1) << 61);
    EXPECT_EQ(d::exp2_fixed_point(-1e300, 5), 0u);
    // Just below 0, where h - floor(h) rounds to 1: 2^0 (the fuzzer's find).
    for(double h : {-1e-20, -0x1p-54, -4.2e-39})
        EXPECT_EQ(d::exp2_fixed_point(h, 3), d::exp2_fixed_point(0.0, 3)) << h;
}

TEST(categorical_rows_fixed_point, a_tile_scale_splits_below_1)
{
    // m c tiny and negative: its fraction would round to 1, and is taken as
    // the integer above instead.
    const double c = 1.4426950408889634074 / 3.4e38;
    for(double m : {-1.0, -1e-30, -3.4e38 * 1e-50})
    {
        const d::logit_tile_scale s = d::make_logit_tile_scale(m, c);
        EXPECT_GE(s.fraction, 0) << m;
        EXPECT_LT(s.fraction, 1) << m;
        EXPECT_EQ(d::logit_reference(m, c), 1) << m;
    }
}

TEST(categorical_rows_fixed_point, category_bits)
{
    EXPECT_EQ(d::category_bits(1), 0u);
    EXPECT_EQ(d::category_bits(2), 1u);
    EXPECT_EQ(d::category_bits(3), 2u);
    EXPECT_EQ(d::category_bits(4096), 12u);
    EXPECT_EQ(d::category_bits(4097), 13u);
    EXPECT_EQ(d::category_bits(0xffffffffull), 32u);
}

// Row 0 of w: the masses against the exact values and probabilities.
template <class T>
void expect_weight_masses_within_the_bound(const std::vector<T>& w)
{
    const size_t                              k = w.size();
    const rocdist_test::reference_rows<weight_rows<T>> row(weight_rows<T>{w.data(), 0}, k, 0);
    const std::vector<std::uint64_t>&         m = row.cumulative();
    const unsigned                            b = d::category_bits(k);
    // The row's reference: the largest tile's, that is the largest weight's.
    T largest = 0;
    for(T x : w)
        largest = std::max(largest, x);
    const int         reference = static_cast<int>(d::weight_reference(largest));
    const long double scale     = std::ldexp(1.0L, 64 - static_cast<int>(b) - reference);
    long double       exact_total = 0, weight_total = 0, capped = 0;
    for(size_t i = 0; i < k; ++i)
    {
        exact_total += w[i] * scale; // exact: a float or double times a power of 2 in long double
        weight_total += w[i];
        capped += std::min(1.0L, w[i] * scale);
    }
    const long double W = static_cast<long double>(row.total());
    ASSERT_GT(row.total(), 0u);
    EXPECT_GE(W, std::ldexp(1.0L, 63 - static_cast<int>(b)) - 2) << "k " << k;
    EXPECT_GE(exact_total - W, 0) << "k " << k;
    EXPECT_LT(exact_total - W, 2 * capped) << "k " << k;
    for(size_t i = 0; i < k; ++i)
    {
        const std::uint64_t mass = m[i] - (i == 0 ? 0 : m[i - 1]);
        ASSERT_GE(m[i], i == 0 ? 0 : m[i - 1]);
        if(w[i] == 0)
            ASSERT_EQ(mass, 0u) << "zero weight " << i;
        ASSERT_LT(std::fabs(mass - w[i] * scale), 2.0L) << "category " << i << " of " << k;
        const long double p = w[i] / weight_total;
        ASSERT_LT(std::fabs(mass / W - p), (2 + 2 * capped * p) / W) << "category " << i << " of " << k;
    }
}

TEST(categorical_rows_fixed_point, weight_masses_within_the_bound)
{
    std::mt19937_64                       rng(3);
    std::uniform_real_distribution<float> u(0, 1);
    for(size_t k : {size_t(1), size_t(2), size_t(10), size_t(1000), size_t(4096), size_t(4097), size_t(20000)})
    {
        SCOPED_TRACE(k);
        std::vector<float> w(k);
        for(float& x : w)
            x = u(rng) < 0.2f ? 0.0f : u(rng) < 0.1f ? 1e6f * u(rng) : u(rng);
        w[k / 2] = 0.5f;
        expect_weight_masses_within_the_bound(w);
        expect_weight_masses_within_the_bound(std::vector<double>(w.begin(), w.end()));
    }
    // Weights spanning 1e-30 to 1, within a tile and in tiles of their own;
    // subnormal and largest finite weights.
    std::vector<float> span;
    for(int i = 0; i < 9000; ++i)
        span.push_back(static_cast<float>(std::pow(10.0, -(i % 31))) * (i < 4096 ? 1.0f : 1e-30f));
    expect_weight_masses_within_the_bound(span);
    expect_weight_masses_within_the_bound(std::vector<double>{4.9e-324, 1e-310, 2.5e-320});
    expect_weight_masses_within_the_bound(std::vector<float>{3.4e38f, 3.4e38f, 1.0f, 1e-45f});
}

TEST(categorical_rows_fixed_point, k_up_to_2_to_the_32_stays_below_2_to_the_64)
{
    // The largest row: k = 2^32 - 1 weights, all the largest float. A tile's
    // values are below 2^(64 - 32), its sum below 2^44; the row's total,
    // summed from its 2^20 tiles' shifted sums, below 2^64.
    const std::uint64_t k    = 0xffffffffull;
    const unsigned      bits = d::category_bits(k);
    const float         w    = 0x1.fffffep127f;
    const weight_rows<float> in{&w, bits};
    const auto               scale = in.scale(w);
    const std::uint64_t      a     = in.fixed_point(w, scale);
    EXPECT_LT(a, std::uint64_t(1) << (64 - bits));
    EXPECT_GE(a, std::uint64_t(1) << (63 - bits));
    const std::uint64_t tiles = (k + d::row_tile_size - 1) / d::row_tile_size;
    uint128             total = 0;
    for(std::uint64_t t = 0; t < tiles; ++t)
    {
        const std::uint64_t n   = std::min<std::uint64_t>(d::row_tile_size, k - t * d::row_tile_size);
        const uint128       sum = static_cast<uint128>(a) * n;
        ASSERT_LT(sum, static_cast<uint128>(1) << 64);
        total += d::shifted_mass(static_cast<std::uint64_t>(sum), d::tile_shift(in.reference(w), in.reference(w)));
    }
    EXPECT_LT(total, static_cast<uint128>(1) << 64);
    EXPECT_EQ(total, static_cast<uint128>(a) * k);
    // Tiles far below the largest shift out; a tile 63 orders below keeps its top bit.
    EXPECT_EQ(d::shifted_mass(~0ull, d::tile_shift(1, -99)), 0u);
    EXPECT_EQ(d::shifted_mass(~0ull, d::tile_shift(0, -63)), 1u);
    EXPECT_EQ(d::shifted_mass(~0ull, d::tile_shift(5, d::no_reference)), 0u);
}

TEST(categorical_rows_fixed_point, logit_weights_and_masses)
{
    // Each logit's fixed point against 2^(h + 63 - b) for its exponent h
    // computed as the definition computes it (within 1 + 4 / 2^shift), and
    // each category's mass share against softmax in long double: the bound
    // of the weights with p_i, plus 2^-40 p_i for the rounding of h.
    std::mt19937_64                 rng(4);
    std::normal_distribution<float> z(0, 5);
    for(size_t k : {size_t(3), size_t(700), size_t(9000)})
        for(float temperature : {0.1f, 1.0f, 7.0f})
        {
            SCOPED_TRACE(testing::Message() << k << " logits at " << temperature);
            std::vector<float> l(k);
            for(size_t i = 0; i < k; ++i)
                l[i] = i % 11 == 4 ? -INFINITY : z(rng) + (i > 8192 ? 30.0f : 0.0f);
            const double                              c = 1.4426950408889634074 / static_cast<double>(temperature);
            const unsigned                            b = d::category_bits(k);
            const logit_rows                          in{l.data(), b, c};
            const rocdist_test::reference_rows<logit_rows> row(in, k, 0);
            for(size_t t = 0; t * d::row_tile_size < k; ++t)
            {
                const size_t end     = std::min(k, (t + 1) * d::row_tile_size);
                float        largest = -INFINITY;
                for(size_t i = t * d::row_tile_size; i < end; ++i)
                    largest = std::max(largest, l[i]);
                const auto scale = in.scale(largest);
                for(size_t i = t * d::row_tile_size; i < end; ++i)
                {
                    if(l[i] == -INFINITY)
                    {
                        ASSERT_EQ(in.fixed_point(l[i], scale), 0u);
                        continue;
                    }
                    const double h = unfused_mul(static_cast<double>(l[i]) - scale.largest, c) + scale.fraction;
                    const long double exact = std::exp2l(static_cast<long double>(h) + 63 - b);
                    const long double shift = b - std::floor(h);
                    ASSERT_LE(std::fabs(in.fixed_point(l[i], scale) - std::floor(exact)),
                              1 + 4 * std::exp2l(-std::min(shift, 64.0L)))
                        << "logit " << i;
                }
            }
            const std::vector<long double> p = rocdist_test::softmax_probabilities(l, k, 0, temperature);
            const long double              W = static_cast<long double>(row.total());
            const size_t                   tiles = (k + d::row_tile_size - 1) / d::row_tile_size;
            for(size_t i = 0; i < k; ++i)
            {
                const std::uint64_t mass = row.cumulative()[i] - (i == 0 ? 0 : row.cumulative()[i - 1]);
                ASSERT_LT(std::fabs(mass / W - p[i]), (2 + (k + tiles) * p[i]) / W + 0x1p-40L * p[i])
                    << "category " << i;
            }
        }
}

} // namespace
