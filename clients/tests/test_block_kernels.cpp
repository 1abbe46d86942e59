// The host generator against the scalar block functors it must reproduce,
// element by element, through the public API, under each Highway target
// that this build compiles and this CPU runs (the others are skipped, with
// the reason): the block kernels (backend/host/simd/block_kernels.cpp) with
// the edges around them. Seeds, offsets (odd ones, groups of blocks that
// straddle a subsequence wrap, the stream's end), sizes from 1 past one
// thread's share, and every misalignment. Words, uniform floats and doubles,
// ziggurat normals (float and double), exponentials (float and double, at
// rates 1, 3.7, 2^-100 and 2^100) and categorical variates (the double stream's layout)
// must be bit-identical; Box-Muller may differ by the vector kernel's log and
// sincos, up to the bound measured in docs/normal.md, and must be
// bit-identical on a target without vector kernels (so the test also shows
// that the target override reaches the library). The inverse CDF and polar
// normals likewise, within the bounds below.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/host/alias_table_host.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/exponential_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/rocdist.h"
#include "support/box_muller_error.hpp"
#include "support/host_vector_kernels.hpp"

namespace rocdist_test
{
namespace
{

namespace blocks = rocdist::blocks;
namespace engine = rocdist::engine;

// The suite's one instantiation, for the tests of test_compacted_kernels.cpp,
// test_gamma_blocks.cpp, test_count_blocks.cpp and test_categorical_rows_tiles.cpp too.
INSTANTIATE_TEST_SUITE_P(targets, host_vector_kernels, ::testing::ValuesIn(compiled_targets()), target_name);

TEST_P(host_vector_kernels, words_bit_identical)
{
    compare<unsigned int>([](engine::philox_key k) { return blocks::bits_functor{k}; },
                          [](rocdist_generator g, unsigned int* out, size_t n) { return rocdist_generate(g, out, n); },
                          same_bits<unsigned int>);
}

TEST_P(host_vector_kernels, uniform_floats_bit_identical)
{
    compare<float>([](engine::philox_key k) { return blocks::uniform_float_functor{k}; },
                   [](rocdist_generator g, float* out, size_t n) { return rocdist_generate_uniform(g, out, n); },
                   same_bits<float>);
}

TEST_P(host_vector_kernels, uniform_doubles_bit_identical)
{
    compare<double>([](engine::philox_key k) { return blocks::uniform_double_functor{k}; },
                    [](rocdist_generator g, double* out, size_t n) { return rocdist_generate_uniform_double(g, out, n); },
                    same_bits<double>);
}

TEST_P(host_vector_kernels, exponentials_bit_identical)
{
    // 1 and the powers of 2 take a product with 1 / rate (the smaller
    // makes float subnormals), 3.7 a division.
    for(double rate : {1.0, 3.7, 0x1p-100, 0x1p100})
    {
        compare<float>([rate](engine::philox_key k) { return blocks::exponential_functor<float>{k, float(rate)}; },
                       [rate](rocdist_generator g, float* out, size_t n) {
                           return rocdist_generate_exponential(g, out, n, float(rate));
                       },
                       same_bits<float>);
        compare<double>([rate](engine::philox_key k) { return blocks::exponential_functor<double>{k, rate}; },
                        [rate](rocdist_generator g, double* out, size_t n) {
                            return rocdist_generate_exponential_double(g, out, n, rate);
                        },
                        same_bits<double>);
    }
}

TEST_P(host_vector_kernels, categorical_bit_identical)
{
    // A few heavy categories among many light ones, so that both halves of
    // the lookup (threshold and alias) are taken.
    std::vector<float> w(1000);
    for(size_t i = 0; i < w.size(); ++i)
        w[i] = i % 17 == 0 ? 30.0f + float(i % 5) : 0.25f + float(i % 7) / 8;
    const auto k       = static_cast<std::uint32_t>(w.size());
    double     largest = 0;
    ASSERT_EQ(rocdist::host::largest_weight(w.data(), k, largest), ROCDIST_STATUS_SUCCESS);
    std::vector<rocdist::distributions::alias_entry> entries(k);
    rocdist::host::build_alias_table(w.data(), k, largest, entries.data());
    rocdist_generator probe = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&probe, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    rocdist_categorical table = nullptr;
    ASSERT_EQ(rocdist_create_categorical(probe, w.data(), w.size(), &table), ROCDIST_STATUS_SUCCESS);
    compare<unsigned int>(
        [&](engine::philox_key key) { return blocks::categorical_functor{key, entries.data(), k}; },
        [&](rocdist_generator g, unsigned int* out, size_t n) { return rocdist_generate_categorical(g, table, out, n); },
        same_bits<unsigned int>);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(probe), ROCDIST_STATUS_SUCCESS);
}

template <rocdist_normal_method Method, class T = float, class Check>
void compare_normals(Check check)
{
    for(const normal_case& c : normal_cases)
    {
        SCOPED_TRACE(::testing::Message() << "mean " << c.mean << " stddev " << c.stddev << " log " << c.log_normal);
        compare<T>(
            [&](engine::philox_key k) {
                return blocks::normal_functor<Method, T>{k, {c.mean, c.stddev, c.log_normal}};
            },
            [&](rocdist_generator g, T* out, size_t n) {
                if(rocdist_set_normal_method(g, Method) != ROCDIST_STATUS_SUCCESS)
                    return ROCDIST_STATUS_INTERNAL_ERROR;
                return generate_normals(g, out, n, c);
            },
            [&](T a, T b) { return check(c, a, b); });
    }
}

TEST_P(host_vector_kernels, ziggurat_bit_identical)
{
    compare_normals<ROCDIST_NORMAL_ZIGGURAT>([](const normal_case&, float a, float b) { return same_bits(a, b); });
}

// Measured on AVX2 and AVX-512 over these requests: at most 3 ulp
// (accurate) and 5 ulp (fast), both inside the host/GPU tolerance (2^-20
// relative, 8 ulp).
TEST_P(host_vector_kernels, inverse_cdf_within_bound)
{
    normal_within_bound check(4, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF>([&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

TEST_P(host_vector_kernels, inverse_cdf_fast_within_bound)
{
    normal_within_bound check(6, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF_FAST>(
        [&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

// The fast inverse CDF in double: Highway's Log and Log1p (4 and 2 ulp) for
// libm's; measured on AVX2 and AVX-512 over these requests: at most
// 4 ulp, far inside the host/GPU tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, inverse_cdf_fast_double_within_bound)
{
    normal_within_bound<double> check(6, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF_FAST, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// The accurate inverse CDF in double: Wichura's AS 241 on the lanes (the
// scalar path refines Giles' polynomial with Halley steps on libm's erf and
// erfc); measured on AVX2 and AVX-512 over these requests: at most 6 ulp,
// far inside the host/GPU tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, inverse_cdf_double_within_bound)
{
    normal_within_bound<double> check(8, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// Float polar, reproducible ordering: first attempts and substream retries.
TEST_P(host_vector_kernels, polar_within_bound)
{
    normal_within_bound check(polar_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_POLAR>([&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

// Double polar, reproducible ordering: the same decisions, the factor
// through Highway's Log (4 ulp); measured on AVX2 and AVX-512 over these
// requests: at most 3 ulp (docs/normal.md), far inside the host/GPU
// tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, polar_double_within_bound)
{
    normal_within_bound<double> check(polar_double_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_POLAR, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// Double Box-Muller: the scalar code's uniform and angle, then Highway's
// Log, Sin and Cos (and for log-normals Exp) instead of libm's; within
// box_muller_double_bound_ulp of the largest term (box_muller_error.hpp).
TEST_P(host_vector_kernels, box_muller_double_within_bound)
{
    normal_within_bound<double> check(rocdist_test::box_muller_double_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_BOX_MULLER, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// Box-Muller log-normals whose logarithm runs past the vector Exp's valid
// range (104 float, 706 double) and past exp's overflow (88.7, 709.8):
// those lanes take libm's exp, so each value is the scalar path's within
// the bound, or both overflow (a value at the overflow threshold may round
// either way: the other is then within a factor 4 of the largest finite).
template <class T>
void log_normal_beyond_exp_range(bool vector_target, T mean, T stddev)
{
    const normal_case      c{float(mean), float(stddev), true}; // both exact in float
    normal_within_bound<T> check(sizeof(T) == sizeof(float) ? rocdist_test::box_muller_bound_ulp
                                                            : rocdist_test::box_muller_double_bound_ulp,
                                 vector_target);
    std::size_t            overflowed = 0;
    compare<T>(
        [&](engine::philox_key k) {
            return blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER, T>{k, {mean, stddev, true}};
        },
        [&](rocdist_generator g, T* out, size_t n) { return generate_normals(g, out, n, c); },
        [&](T a, T b) {
            overflowed += std::isinf(b);
            if(std::isinf(a) || std::isinf(b))
                return a == b || std::min(a, b) > std::numeric_limits<T>::max() / 4;
            return check(c, a, b);
        });
    check.finish();
    EXPECT_GT(overflowed, 0u) << "no value overflowed: the test does not reach the range it is about";
}

TEST_P(host_vector_kernels, box_muller_log_normal_beyond_exp_range)
{
    log_normal_beyond_exp_range<float>(vector_target(), 96.0f, 6.0f);
    log_normal_beyond_exp_range<double>(vector_target(), 705.0, 3.0);
}

TEST_P(host_vector_kernels, ziggurat_double_bit_identical)
{
    compare_normals<ROCDIST_NORMAL_ZIGGURAT, double>(
        [](const normal_case&, double a, double b) { return same_bits(a, b); });
}

TEST_P(host_vector_kernels, box_muller_within_bound)
{
    double      worst[std::size(normal_cases)] = {};
    std::size_t differing                      = 0;
    compare_normals<ROCDIST_NORMAL_BOX_MULLER>([&](const normal_case& c, float a, float b) {
        differing += !same_bits(a, b);
        if(!vector_target())
            return same_bits(a, b);
        // Log-normal: compare the logarithms, where the kernel's error lives,
        // allowing 2^-23 for expf's own rounding of each value.
        const double x = c.log_normal ? std::log(double(a)) : a;
        const double y = c.log_normal ? std::log(double(b)) : b;
        const double err = rocdist_test::box_muller_error_ulp(x, y, c.mean, c.log_normal ? 0x1p-23 : 0.0);
        double& w = worst[&c - normal_cases];
        w         = std::max(w, err);
        return err <= rocdist_test::box_muller_bound_ulp;
    });
    expect_vector_kernel_ran(vector_target(), differing);
    for(size_t i = 0; i < std::size(normal_cases); ++i)
        RecordProperty("max_ulp_case_" + std::to_string(i), std::to_string(worst[i]));
}

} // namespace
} // namespace rocdist_test
