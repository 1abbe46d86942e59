// The host generator against the scalar gamma functors, element by
// element, through the public API, under each Highway target that this
// build compiles and this CPU runs (the others are skipped, with the
// reason): the gamma kernel (backend/host/simd/gamma_blocks.cpp), float and
// double, with one shape and a shape per element. Its vector targets may
// differ by their log, sincos and exp (docs/gamma.md), and a decision
// within those roundings of its boundary may flip (rarely); on a target
// without vector kernels they must be bit-identical. So must beta and
// Dirichlet with shapes below 1/2, which take the same kernel's logarithms.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/dirichlet_rows.hpp"
#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/rocdist.h"
#include "support/backend_buffers.hpp"
#include "support/gamma_calls.hpp"
#include "support/gamma_family_calls.hpp"
#include "support/host_vector_kernels.hpp"

namespace rocdist_test
{
namespace
{

namespace backend = rocdist::backend;

namespace blocks  = rocdist::blocks;
namespace engine  = rocdist::engine;

// Whether a and b are within the bound, counting a flipped decision (a
// value from another attempt: unrelated, so far beyond any rounding, 2^-10
// relative) as within it.
template <class T>
bool gamma_within_bound(T a, T b, T shape, T scale, double& worst, std::size_t& flips)
{
    const double err = gamma_error_units(a, b, shape, scale);
    if(err > gamma_bound_units<T> && std::fabs(double(a) - double(b)) > 0x1p-10 * std::max(double(a), double(b)))
    {
        ++flips;
        return true;
    }
    worst = std::max(worst, err);
    return err <= gamma_bound_units<T>;
}

template <class T>
void compare_gamma(bool vector_target)
{
    size_t differing = 0;
    for(const gamma_case& c : gamma_cases)
    {
        const T shape = T(c.shape), scale = T(c.scale);
        SCOPED_TRACE(::testing::Message() << "shape " << shape << " scale " << scale);
        double      worst    = 0;
        std::size_t elements = 0, flips = 0;
        compare<T>(
            [&](engine::philox_key k) {
                return blocks::gamma_functor<T>{k, rocdist::distributions::make_gamma_params(shape, scale)};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_gamma(g, out, n, shape, scale); },
            [&](T a, T b) {
                ++elements;
                differing += !same_bits(a, b);
                return vector_target ? gamma_within_bound(a, b, shape, scale, worst, flips) : same_bits(a, b);
            });
        // A flip needs a decision within a few ulp of its boundary (about
        // 1e-7 per element, docs/gamma.md); 2^-16 is the GPU test's allowance.
        EXPECT_LE(flips, elements >> 16) << "of " << elements;
        const std::string name = std::to_string(shape) + "_scale_" + std::to_string(scale);
        ::testing::Test::RecordProperty("max_units_shape_" + name, std::to_string(worst));
        ::testing::Test::RecordProperty("flips_shape_" + name, std::to_string(flips));
    }
    expect_vector_kernel_ran(vector_target, differing);
}

TEST_P(host_vector_kernels, gamma_float_within_bound) { compare_gamma<float>(vector_target()); }

TEST_P(host_vector_kernels, gamma_double_within_bound) { compare_gamma<double>(vector_target()); }

// Gamma with a shape per element (rocdist_generate_gamma_shapes): the
// kernel against the scalar functor, within the bound above, with shapes
// below and above 1 mixed in every vector, and a change of shape at every
// element.
template <class T>
void compare_gamma_shapes(bool vector_target)
{
    const T           shapes_used[] = {T(0.001), T(0.3), T(1), T(2.5), T(1e6)};
    size_t            differing = 0, elements = 0, flips = 0;
    double            worst     = 0;
    rocdist_generator gen       = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n);
        std::vector<T> shapes(q.n);
        for(size_t j = 0; j < q.n; ++j)
            shapes[j] = shapes_used[(q.offset + j) * 2654435761u % 5];
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> buffer(rocdist_test::backend::host, q.n, q.misalign);
        ASSERT_EQ(generate_gamma_shapes(gen, buffer.data(), q.n, shapes.data(), T(1)), ROCDIST_STATUS_SUCCESS);
        const std::vector<T>                   got = buffer.outputs();
        const std::vector<T> expected = rocdist_test::functor_outputs(
            blocks::gamma_shapes_functor<T>{engine::philox_key_from_seed(q.seed),
                                            {shapes.data(), q.offset, q.n, T(1), T(0)}},
            q.offset, q.n);
        size_t bad = 0;
        for(size_t j = 0; j < q.n && bad < 5; ++j)
        {
            const T a = got[j], b = expected[j];
            ++elements;
            differing += !same_bits(a, b);
            if(!(vector_target ? gamma_within_bound(a, b, shapes[j], T(1), worst, flips) : same_bits(a, b)))
            {
                ADD_FAILURE() << "element " << j << " shape " << shapes[j] << ": got " << a << ", functor " << b;
                ++bad;
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    EXPECT_LE(flips, elements >> 16) << "of " << elements;
    ::testing::Test::RecordProperty("max_units", std::to_string(worst));
    ::testing::Test::RecordProperty("flips", std::to_string(flips));
    expect_vector_kernel_ran(vector_target, differing);
}

TEST_P(host_vector_kernels, gamma_shapes_float_within_bound) { compare_gamma_shapes<float>(vector_target()); }

TEST_P(host_vector_kernels, gamma_shapes_double_within_bound) { compare_gamma_shapes<double>(vector_target()); }

// Beta and Dirichlet with a shape below 1/2, whose ratios the host forms
// from the gamma kernel's scaled logarithms (backend/host/
// gamma_family_host.cpp): against the scalar functor and
// backend::dirichlet_row, within the host/GPU tolerance of ratios
// (gamma_family_calls.hpp), one value in 2^16 allowed beyond it (a flipped
// decision); bit-identical on a target without vector kernels.
template <class T>
bool ratio_within_bound(T got, T expected, double ratio_log, bool vector_target, size_t& differing, size_t& flips)
{
    differing += !same_bits(got, expected);
    if(!vector_target)
        return same_bits(got, expected);
    flips += !rocdist_test::within_platform_tolerance(got, expected, ratio_log);
    return true;
}

template <class T>
void compare_beta_logs(bool vector_target)
{
    const struct
    {
        T a, b;
    } cases[] = {{T(0.2), T(3)}, {T(1e-3), T(0.4)}};
    size_t differing = 0;
    for(const auto& c : cases)
    {
        SCOPED_TRACE(::testing::Message() << "a " << c.a << " b " << c.b);
        const double ratio_log = rocdist_test::ratio_log_bound<T>(std::min(c.a, c.b));
        size_t       elements = 0, flips = 0;
        compare<T>(
            [&](engine::philox_key k) {
                return blocks::beta_functor<T>{k, {rocdist::distributions::make_gamma_params(c.a, T(1)),
                                                    rocdist::distributions::make_gamma_params(c.b, T(1))}};
            },
            [&](rocdist_generator g, T* out, size_t n) { return rocdist_test::generate_beta(g, out, n, c.a, c.b); },
            [&](T got, T expected) {
                ++elements;
                return ratio_within_bound(got, expected, ratio_log, vector_target, differing, flips);
            });
        EXPECT_LE(flips, elements >> 16) << "of " << elements;
    }
    expect_vector_kernel_ran(vector_target, differing);
}

TEST_P(host_vector_kernels, beta_small_shapes_float_within_bound) { compare_beta_logs<float>(vector_target()); }

TEST_P(host_vector_kernels, beta_small_shapes_double_within_bound) { compare_beta_logs<double>(vector_target()); }

// Rows of 1 to 70001 components (one piece and several per row, rows
// sharing a kernel call and not), from odd first rows.
template <class T>
void compare_dirichlet_logs(bool vector_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    size_t differing = 0, elements = 0, flips = 0;
    for(const size_t k : {size_t(1), size_t(3), size_t(10), size_t(4099), size_t(70001)})
    {
        std::vector<T> alpha(k);
        for(size_t j = 0; j < k; ++j)
            alpha[j] = T(std::array<double, 4>{1e-3, 0.3, 1, 50}[j % 4]);
        const double ratio_log = rocdist_test::ratio_log_bound<T>(1e-3);
        const size_t rows      = std::max<size_t>(2, 20000 / k);
        for(const unsigned long long first_row : {0ull, 7ull})
        {
            SCOPED_TRACE(::testing::Message() << "k " << k << " first row " << first_row);
            ASSERT_EQ(rocdist_set_seed(gen, 41), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(gen, first_row), ROCDIST_STATUS_SUCCESS);
            std::vector<T> got(rows * k), expected(k);
            ASSERT_EQ(rocdist_test::generate_dirichlet(gen, got.data(), rows, alpha.data(), k),
                      ROCDIST_STATUS_SUCCESS);
            size_t bad = 0;
            for(size_t r = 0; r < rows && bad < 5; ++r)
            {
                backend::dirichlet_row(engine::philox_key_from_seed(41), alpha.data(), k, first_row + r,
                                       expected.data());
                for(size_t j = 0; j < k && bad < 5; ++j)
                {
                    ++elements;
                    if(!ratio_within_bound(got[r * k + j], expected[j], ratio_log, vector_target, differing, flips))
                    {
                        ADD_FAILURE() << "row " << r << " component " << j << ": got " << got[r * k + j]
                                      << ", scalar " << expected[j];
                        ++bad;
                    }
                }
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    EXPECT_LE(flips, elements >> 16) << "of " << elements;
    expect_vector_kernel_ran(vector_target, differing);
}

TEST_P(host_vector_kernels, dirichlet_small_alpha_float_within_bound) { compare_dirichlet_logs<float>(vector_target()); }

TEST_P(host_vector_kernels, dirichlet_small_alpha_double_within_bound)
{
    compare_dirichlet_logs<double>(vector_target());
}

} // namespace
} // namespace rocdist_test
