// The host generator's Poisson and binomial kernels
// (backend/host/simd/count_blocks.cpp) against the scalar functors, count
// for count, under each Highway target that this build compiles and this
// CPU runs, over the requests of host_vector_kernels.hpp (seeds, offsets,
// sizes, misalignments): inversion through the call's table, the first
// attempts of PTRS and BTRS in the lanes with their log tests, and the
// scalar retries, on both sides of each method's boundary, with the
// binomial's flip (p above 1/2); and the per-element calls
// (count_element_blocks.cpp), both methods mixed in every span. And the
// inversion tables: complete, within
// their capacity, across both samplers' domains.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

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

// Below 10 inversion (tables of 2 to 47 sums, each lane counting the sums
// below its u), from 10 on PTRS (whose log tests need log k! below k = 16
// at lambda = 10; up to lambda near 4e4 the tests keep their log
// probabilities in a window of counts, which at 10^4 starts above 0), up
// to the largest lambda.
TEST_P(host_vector_kernels, poisson_counts_bit_identical)
{
    for(double lambda : {1e-6, 0.3, 1.0, 2.5, 9.99, 10.0, 1000.0, 1e4, 2147483648.0})
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

// Runs `call` on each request of requests() with parameters made for its
// n by `make`, and compares every count with the functor's (made from the
// key, the request's offset and its parameters).
template <class Make, class Functor, class Call>
void compare_per_element(Make make, Functor functor, Call call)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n);
        const auto parameters = make(q.n);
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        backend_buffer<unsigned int> buffer(backend::host, q.n, q.misalign);
        ASSERT_EQ(call(gen, buffer.data(), q.n, parameters), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> got = buffer.outputs();
        const std::vector<unsigned int> expected = rocdist_test::functor_outputs(
            functor(rocdist::engine::philox_key_from_seed(q.seed), q.offset, q.n, parameters), q.offset, q.n);
        size_t bad = 0;
        for(size_t j = 0; j < q.n && bad < 5; ++j)
            if(got[j] != expected[j])
            {
                ADD_FAILURE() << "element " << j << ": got " << got[j] << ", functor " << expected[j];
                ++bad;
            }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

// A uniform in [0, 1) of j, without a generator's state.
double mixed(size_t j, unsigned long long salt)
{
    return static_cast<double>(((j + salt) * 0x9E3779B97F4A7C15ull) >> 11) * 0x1p-53;
}

// A lambda per element: lambdas log-uniform over [1e-3, 2e9] with 0, both
// sides of 10 and the largest mixed in, so every span holds both methods,
// each slot with its own lambda; the elements an attempt rejects, retried
// in the lanes, keep theirs.
TEST_P(host_vector_kernels, poisson_lambdas_counts_bit_identical)
{
    compare_per_element(
        [](size_t n) {
            std::vector<double> lambdas(n);
            const double        special[] = {0.0, 9.99, 10.0, 2147483648.0};
            for(size_t j = 0; j < n; ++j)
                lambdas[j] = j % 7 == 3 ? special[j / 7 % 4] : std::exp(-6.9 + 28.3 * mixed(j, 0));
            return lambdas;
        },
        [](rocdist::engine::philox_key k, unsigned long long offset, size_t n, const std::vector<double>& lambdas) {
            return blocks::count_functor<blocks::lambda_array>{k, {lambdas.data(), offset, n}};
        },
        [](rocdist_generator g, unsigned int* out, size_t n, const std::vector<double>& lambdas) {
            return rocdist_generate_poisson_lambdas(g, out, n, lambdas.data());
        });
}

// (trials, p) per element: trials log-uniform over [1, 2^32 - 1] and p
// uniform in [0, 1), with trials 0 and p in {0, 1/2, 1} mixed in: both
// methods, both sides of p = 1/2 (the flip) and BTRS's proposals of 0 and n.
TEST_P(host_vector_kernels, binomial_parameters_counts_bit_identical)
{
    struct parameters
    {
        std::vector<unsigned int> trials;
        std::vector<double>       p;
    };
    compare_per_element(
        [](size_t n) {
            parameters x{std::vector<unsigned int>(n), std::vector<double>(n)};
            const double special[] = {0.0, 0.5, 1.0};
            for(size_t j = 0; j < n; ++j)
            {
                x.trials[j] = j % 11 == 5 ? 0u : static_cast<unsigned int>(std::exp(22.18 * mixed(j, 1)));
                x.p[j]      = j % 5 == 2 ? special[j / 5 % 3] : mixed(j, 2);
            }
            return x;
        },
        [](rocdist::engine::philox_key k, unsigned long long offset, size_t n, const parameters& x) {
            return blocks::count_functor<blocks::binomial_arrays>{k, {x.trials.data(), x.p.data(), offset, n}};
        },
        [](rocdist_generator g, unsigned int* out, size_t n, const parameters& x) {
            return rocdist_generate_binomial_parameters(g, out, n, x.trials.data(), x.p.data());
        });
}

// Inversion (n p' below 10, flipped above p = 1/2; for n of 1 and 5 the
// search ends at k = n, a u above every sum counting n), BTRS with
// failures below 16 on either side, with its log probabilities kept in a
// window of counts (which at (40000, 0.3) starts above 0), and the largest
// n.
TEST_P(host_vector_kernels, binomial_counts_bit_identical)
{
    const struct
    {
        unsigned int trials;
        double       p;
    } cases[] = {{1, 0.5}, {5, 0.8}, {20, 0.3}, {20, 0.7}, {40, 0.5}, {1000, 0.99}, {40000, 0.3}, {2147483647u, 0.5}};
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
