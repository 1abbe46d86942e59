// The host generator's fast ordering against the scalar samplers'
// candidates, chunk by chunk, under each Highway target that this build
// compiles and this CPU runs (the others are skipped, with the reason): the
// chunk kernels (backend/host/simd/compacted_kernels.cpp) of polar normals and
// gamma (float and double), within the bounds of the reproducible
// ordering's kernels (test_block_kernels.cpp, test_gamma_blocks.cpp); a
// gamma decision within those roundings of its boundary may flip, rarely,
// and shift the rest of its chunk.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/compacted_round.hpp"
#include "backend/rejection_samplers.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/rocdist.h"
#include "support/gamma_calls.hpp"
#include "support/host_vector_kernels.hpp"

namespace rocdist_test
{
namespace
{

namespace backend = rocdist::backend;
namespace engine  = rocdist::engine;

// The fast ordering: for each request, the generator's output (`call`
// makes it; seed and offset set here) and the scalar sampler's candidates
// run one after another, chunk by chunk (backend::fill_chunk), handed to
// check(got, expected).
template <class T, class MakeSampler, class Call, class Check>
void compare_fast(rocdist_generator gen, MakeSampler make_sampler, Call call, Check check)
{
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n);
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        std::vector<T> got(q.n), expected(q.n);
        ASSERT_EQ(call(gen, got.data(), q.n), ROCDIST_STATUS_SUCCESS);
        const auto s = make_sampler(engine::philox_key_from_seed(q.seed));
        for(size_t begin = 0; begin < q.n; begin += backend::compacted_chunk_size)
            backend::fill_chunk(s, q.offset + begin, expected.data() + begin,
                                std::min<size_t>(backend::compacted_chunk_size, q.n - begin));
        check(got, expected);
    }
}

// Each element of got against expected's by `ok`; the first few failures
// reported.
template <class T, class Ok>
void expect_each(const std::vector<T>& got, const std::vector<T>& expected, Ok ok)
{
    size_t bad = 0;
    for(size_t j = 0; j < got.size() && bad < 5; ++j)
    {
        if(!ok(got[j], expected[j]))
        {
            ADD_FAILURE() << "element " << j << ": got " << got[j] << ", candidates " << expected[j];
            ++bad;
        }
    }
}

// A generator in the fast ordering with a normal method.
rocdist_generator fast_generator(rocdist_normal_method method)
{
    rocdist_generator gen = nullptr;
    EXPECT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_ordering(gen, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_normal_method(gen, method), ROCDIST_STATUS_SUCCESS);
    return gen;
}

// The fast ordering's polar: the generator against the scalar sampler's
// candidates, chunk by chunk, within the bound of the reproducible
// ordering's kernel (measured on AVX2 and AVX-512: 3.03 ulp in float, 3.5 in
// double).
template <class T>
void compare_fast_polar(bool vector_target, double bound)
{
    rocdist_generator      gen = fast_generator(ROCDIST_NORMAL_POLAR);
    normal_within_bound<T> check(bound, vector_target);
    for(const normal_case& c : normal_cases)
    {
        SCOPED_TRACE(::testing::Message() << "mean " << c.mean << " log " << c.log_normal);
        compare_fast<T>(
            gen,
            [&](engine::philox_key key) {
                return backend::polar_sampler<T>{key, {T(c.mean), T(c.stddev), c.log_normal}};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_normals(g, out, n, c); },
            [&](const std::vector<T>& got, const std::vector<T>& expected) {
                expect_each(got, expected, [&](T a, T b) { return check(c, a, b); });
            });
    }
    check.finish();
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, fast_ordering_polar_float_within_bound)
{
    compare_fast_polar<float>(vector_target(), polar_bound_ulp);
}

TEST_P(host_vector_kernels, fast_ordering_polar_double_within_bound)
{
    compare_fast_polar<double>(vector_target(), polar_double_bound_ulp);
}

// The fast ordering's gamma: the generator against the scalar sampler's
// candidates, chunk by chunk, within the bound of the reproducible
// kernel's test (test_gamma_blocks.cpp); a flipped decision drops or adds an output and
// shifts the rest of its chunk, so a chunk is compared up to its first
// value beyond the bound, and such chunks must be rare.
template <class T>
void compare_fast_gamma(bool vector_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_ordering(gen, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    size_t differing = 0;
    for(const gamma_case& c : gamma_cases)
    {
        const T shape = T(c.shape), scale = T(c.scale);
        SCOPED_TRACE(::testing::Message() << "shape " << shape << " scale " << scale);
        size_t elements = 0, flipped_chunks = 0;
        double worst    = 0;
        compare_fast<T>(
            gen,
            [&](engine::philox_key key) {
                return backend::gamma_sampler<T>{key, rocdist::distributions::make_gamma_params(shape, scale)};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_gamma(g, out, n, shape, scale); },
            [&](const std::vector<T>& got, const std::vector<T>& expected) {
                if(!vector_target)
                    return expect_each(got, expected, same_bits<T>);
                for(size_t begin = 0; begin < got.size(); begin += backend::compacted_chunk_size)
                {
                    const size_t end = std::min(got.size(), begin + backend::compacted_chunk_size);
                    for(size_t j = begin; j < end; ++j)
                    {
                        ++elements;
                        differing += !same_bits(got[j], expected[j]);
                        const double err = gamma_error_units(got[j], expected[j], shape, scale);
                        if(err > gamma_bound_units<T>)
                        {
                            ++flipped_chunks;
                            break;
                        }
                        worst = std::max(worst, err);
                    }
                }
            });
        EXPECT_LE(flipped_chunks, elements >> 16) << "of " << elements << " elements";
        const std::string name = std::to_string(shape) + "_scale_" + std::to_string(scale);
        ::testing::Test::RecordProperty("fast_max_units_shape_" + name, std::to_string(worst));
        ::testing::Test::RecordProperty("fast_flipped_chunks_shape_" + name, std::to_string(flipped_chunks));
    }
    expect_vector_kernel_ran(vector_target, differing);
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, fast_ordering_gamma_float_within_bound) { compare_fast_gamma<float>(vector_target()); }

TEST_P(host_vector_kernels, fast_ordering_gamma_double_within_bound) { compare_fast_gamma<double>(vector_target()); }

} // namespace
} // namespace rocdist_test
