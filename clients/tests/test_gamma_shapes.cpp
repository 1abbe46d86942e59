// Gamma variates with a shape per element (rocdist_generate_gamma_shapes):
// - element i is rocdist_generate_gamma's element i for shape shapes[i],
//   whatever the other elements' shapes: bit for bit, except for floats on
//   host generators, whose rocdist_generate_gamma runs on vector units;
// - with shapes mixed per element from {0.001, 0.1, 1, 2.5, 1e3, 1e6}, each
//   shape's elements pass Kolmogorov-Smirnov against Boost.Math's gamma CDF
//   of the variate rounded to the output type (ks_p_value_rounded; p-value
//   threshold p_threshold = 1e-4), 2^17 elements per shape, fixed seeds;
// - the stream contract: splits, offsets and misaligned outputs change
//   nothing, both orderings give the same stream, and the GPU generator
//   meets the host one within the platform tolerance (gamma_family_calls.hpp).
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <boost/math/distributions/gamma.hpp>
#include <gtest/gtest.h>

#include "support/gamma_calls.hpp"
#include "support/gamma_family_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::gamma_shapes_vector;

const double mixed_shapes[] = {0.001, 0.1, 1, 2.5, 1e3, 1e6};

// n shapes, element i's drawn from mixed_shapes by a fixed generator.
template <class T>
std::vector<T> mixed(size_t n, unsigned seed)
{
    std::mt19937                    rng(seed);
    std::uniform_int_distribution<> pick(0, 5);
    std::vector<T>                  shapes(n);
    for(T& s : shapes)
        s = T(mixed_shapes[pick(rng)]);
    return shapes;
}

class gamma_shapes : public rocdist_test::backend_test
{
protected:
    // rocdist_generate_gamma's values for one shape, bit for bit: on host
    // generators both calls run the same vector kernel, the parameters of
    // each element built with the same operations (in the lanes for a shape
    // per element, once in scalar code for one shape). The shapes take
    // each branch of make_gamma_params: tiny (a float's 1e-40 is
    // subnormal, its 1 / a infinite), boosted, either side of 1, large.
    template <class T>
    void expect_one_shape_is_gamma()
    {
        for(double shape : {1e-40, 0.3, 0.99999994, 1.0, 4.5, 1e6, 3e38})
            for(unsigned long long offset : {0ull, 3ull})
            {
                ASSERT_EQ(rocdist_set_seed(gen_, 11), ROCDIST_STATUS_SUCCESS);
                ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
                const std::vector<T> expected = rocdist_test::gamma_vector<T>(GetParam(), gen_, 1001, T(shape), T(2));
                ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
                const std::vector<T> x
                    = gamma_shapes_vector<T>(GetParam(), gen_, std::vector<T>(1001, T(shape)), T(2), 1);
                EXPECT_EQ(x, expected) << "shape " << shape << " offset " << offset;
            }
    }

    // Element i's value does not depend on its neighbours' shapes.
    template <class T>
    void expect_elements_independent_of_other_shapes()
    {
        const size_t         n      = 4099;
        const std::vector<T> shapes = mixed<T>(n, 3);
        ASSERT_EQ(rocdist_set_seed(gen_, 12), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> x = gamma_shapes_vector<T>(GetParam(), gen_, shapes, T(1));
        for(double shape : mixed_shapes)
        {
            ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
            const std::vector<T> one = rocdist_test::gamma_vector<T>(GetParam(), gen_, n, T(shape), T(1));
            for(size_t i = 0; i < n; ++i)
                if(shapes[i] == T(shape))
                    ASSERT_EQ(x[i], one[i]) << "element " << i << " shape " << shape << ": " << x[i] << " against " << one[i];
        }
    }

    template <class T>
    void expect_chunk_and_offset_invariance()
    {
        const size_t         n      = 5003;
        const std::vector<T> shapes = mixed<T>(n, 4);
        ASSERT_EQ(rocdist_set_seed(gen_, 13), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = gamma_shapes_vector<T>(GetParam(), gen_, shapes, T(3));
        std::mt19937_64      rng(6);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        while(pieces.size() < n)
        {
            const size_t         piece = std::min<size_t>(n - pieces.size(), 1 + rng() % 700);
            const auto           from  = shapes.begin() + static_cast<std::ptrdiff_t>(pieces.size());
            const std::vector<T> these(from, from + static_cast<std::ptrdiff_t>(piece));
            const std::vector<T> part = gamma_shapes_vector<T>(GetParam(), gen_, these, T(3), rng() % 4);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, reference);
        for(unsigned long long k : {1ull, 2ull, 7ull, 1001ull})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(gamma_shapes_vector<T>(GetParam(), gen_, std::vector<T>(shapes.begin() + k, shapes.end()), T(3),
                                             k % 3),
                      std::vector<T>(reference.begin() + k, reference.end()))
                << "offset " << k;
        }
        // The fast ordering has no other layout for per-element shapes.
        ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(gamma_shapes_vector<T>(GetParam(), gen_, shapes, T(3)), reference);
    }

    template <class T>
    void expect_host_agreement()
    {
        if(GetParam() == backend::host)
            GTEST_SKIP() << "compares the GPU generator with the host one";
        const std::vector<T> shapes = mixed<T>(1 << 14, 5);
        rocdist_generator    host   = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(host, 14), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(gen_, 14), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> h = gamma_shapes_vector<T>(backend::host, host, shapes, T(1));
        const std::vector<T> g = gamma_shapes_vector<T>(backend::gpu, gen_, shapes, T(1));
        EXPECT_LE(rocdist_test::platform_flips(h, g), 1u);
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    }
};

TEST_P(gamma_shapes, one_shape_is_gamma_float) { expect_one_shape_is_gamma<float>(); }
TEST_P(gamma_shapes, one_shape_is_gamma_double) { expect_one_shape_is_gamma<double>(); }
TEST_P(gamma_shapes, independent_of_other_shapes_float) { expect_elements_independent_of_other_shapes<float>(); }
TEST_P(gamma_shapes, independent_of_other_shapes_double) { expect_elements_independent_of_other_shapes<double>(); }
TEST_P(gamma_shapes, stream_contract_float) { expect_chunk_and_offset_invariance<float>(); }
TEST_P(gamma_shapes, stream_contract_double) { expect_chunk_and_offset_invariance<double>(); }
TEST_P(gamma_shapes, gpu_matches_host_float) { expect_host_agreement<float>(); }
TEST_P(gamma_shapes, gpu_matches_host_double) { expect_host_agreement<double>(); }

ROCDIST_INSTANTIATE_BACKENDS(gamma_shapes);

// Goodness of fit, host generator: each shape's elements against its CDF.
template <class T>
void expect_mixed_shapes_fit(unsigned long long seed)
{
    const size_t         per_shape = size_t{1} << 17;
    const std::vector<T> shapes    = mixed<T>(6 * per_shape, 7);
    rocdist_generator    gen       = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen, seed), ROCDIST_STATUS_SUCCESS);
    const std::vector<T> x = gamma_shapes_vector<T>(backend::host, gen, shapes, T(1));
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    for(double wanted : mixed_shapes)
    {
        const double   shape = T(wanted);
        std::vector<T> sample;
        for(size_t i = 0; i < x.size(); ++i)
            if(shapes[i] == T(wanted))
            {
                ASSERT_TRUE(std::isfinite(x[i]) && x[i] >= 0) << "element " << i << " = " << x[i];
                sample.push_back(x[i]);
            }
        double       bracket = 0;
        const double pv      = rocdist_test::ks_p_value_rounded(
            sample,
            [&](long double v) {
                return boost::math::cdf(boost::math::gamma_distribution<long double>(shape, 1.0L), v);
            },
            bracket, 0);
        EXPECT_GT(pv, rocdist_test::p_threshold) << "shape " << shape << ", " << sample.size() << " elements";
        }
}

TEST(gamma_shapes_distribution, mixed_shapes_float) { expect_mixed_shapes_fit<float>(2024); }
TEST(gamma_shapes_distribution, mixed_shapes_double) { expect_mixed_shapes_fit<double>(2025); }

} // namespace
