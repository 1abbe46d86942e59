// The host generator's Poisson and binomial kernels
// (backend/host/simd/count_blocks.cpp) against the scalar functors, count
// for count, under each Highway target that this build compiles and this
// CPU runs, over the requests of host_vector_kernels.hpp (seeds, offsets,
// sizes, misalignments): inversion through the call's table, the first
// attempts of PTRS and BTRS in the lanes with their log tests, and the
// scalar retries, on both sides of each method's boundary, with the
// binomial's flip (p above 1/2). And the inversion tables: complete, within
// their capacity, across both samplers' domains.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>

#include <gtest/gtest.h>

#include "backend/host/inversion_table.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/rocdist.h"
#include "support/host_vector_kernels.hpp"

namespace rocdist_test
{
namespace
{

namespace blocks        = rocdist::blocks;
namespace distributions = rocdist::distributions;

bool same_count(unsigned int a, unsigned int b)
{
    return a == b;
}

// Below 10 inversion, from 10 on PTRS (whose log tests need log k! below
// k = 16 at lambda = 10), up to the largest lambda.
TEST_P(host_vector_kernels, poisson_counts_bit_identical)
{
    for(double lambda : {0.3, 9.99, 10.0, 1000.0, 2147483648.0})
    {
        SCOPED_TRACE(::testing::Message() << "lambda " << lambda);
        compare<unsigned int>(
            [lambda](rocdist::engine::philox_key k) {
                return blocks::count_functor<blocks::one_lambda>{k, {distributions::make_poisson_params(lambda)}};
            },
            [lambda](rocdist_generator g, unsigned int* out, size_t n) {
                return rocdist_generate_poisson(g, out, n, lambda);
            },
            same_count);
    }
}

// Inversion (n p' below 10, flipped above p = 1/2), BTRS with failures
// below 16 on either side, and the largest n.
TEST_P(host_vector_kernels, binomial_counts_bit_identical)
{
    const struct
    {
        unsigned int trials;
        double       p;
    } cases[] = {{20, 0.3}, {20, 0.7}, {40, 0.5}, {1000, 0.99}, {2147483647u, 0.5}};
    for(const auto& c : cases)
    {
        SCOPED_TRACE(::testing::Message() << "trials " << c.trials << " p " << c.p);
        compare<unsigned int>(
            [c](rocdist::engine::philox_key k) {
                return blocks::count_functor<blocks::one_binomial>{k, {distributions::make_binomial_params(c.trials, c.p)}};
            },
            [c](rocdist_generator g, unsigned int* out, size_t n) {
                return rocdist_generate_binomial(g, out, n, c.trials, c.p);
            },
            same_count);
    }
}

// The longest searches: lambda up to just below 10, and n p' up to just
// below 10 for n from 1 to 2^32 - 1 (47 sums at most, of 64).
TEST(count_inversion_tables, complete_across_both_domains)
{
    unsigned longest = 0;
    for(double lambda = 1e-6; lambda < 10; lambda = lambda * 1.01 + 1e-4)
    {
        const auto t = rocdist::host::poisson_inversion(distributions::make_poisson_params(lambda));
        ASSERT_TRUE(t.complete) << "lambda " << lambda;
        longest = std::max(longest, t.size);
    }
    EXPECT_TRUE(rocdist::host::poisson_inversion(distributions::make_poisson_params(std::nextafter(10.0, 0.0))).complete);
    for(unsigned int n : {1u, 2u, 19u, 20u, 21u, 100u, 1000u, 1000000u, 2147483647u, 4294967295u})
        for(double p = 1e-12; p <= 1; p *= 1.05)
        {
            const auto b = distributions::make_binomial_params(n, p);
            if(!b.inversion)
                continue;
            const auto t = rocdist::host::binomial_inversion(b);
            ASSERT_TRUE(t.complete) << "n " << n << " p " << p;
            longest = std::max(longest, t.size);
        }
    EXPECT_LE(longest, 47u);
    EXPECT_GE(longest, 40u) << "the scan no longer reaches the longest searches";
}

} // namespace
} // namespace rocdist_test
