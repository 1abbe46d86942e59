// The stream contract of the Poisson, binomial and exponential calls, on
// every backend, for each method's region (Poisson inversion at lambda =
// 3.5 and PTRS at 700; binomial inversion at (50, 0.1), BTRS at (5000,
// 0.6) through the failures' count; exponential floats and doubles; the
// per-element forms with parameters mixed across the switches):
// - splits into calls of random lengths with misaligned outputs, and any
//   offset, give the elements of one call, bit for bit;
// - the fast ordering gives the same elements;
// - a GPU generator gives the host generator's elements bit for bit:
//   counts and exponentials alike (their decisions and logarithms are
//   reproducible:: arithmetic), at 32- and 64-lane warps on the emulated
//   platform;
// - element i of a per-element call is the one-parameter call's element i
//   for that element's parameters;
// - an exponential is -log(u) / rate for the uniform of its word(s), within
//   1.05 ulp of the long double value for floats, 1 ulp for doubles (and
//   the uniform's rounding); at a rate that is not a power of 2, the float
//   logarithm's error, divided, and the division's rounding.
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/count_calls.hpp"
#include "support/float_ulp_error.hpp"

namespace
{

using rocdist_test::backend;

constexpr size_t n = 6007;

// Element-wise parameters of the per-element calls: stream element i has
// entry i (the tests start at offset 0).
std::vector<double> mixed_lambdas()
{
    const double        choices[] = {0, 0.3, 3.5, 9.99, 10, 700, 1e9};
    std::mt19937_64     rng(1);
    std::vector<double> v(n);
    for(double& l : v)
        l = choices[rng() % 7];
    return v;
}
std::vector<unsigned int> mixed_trials()
{
    const unsigned int        choices[] = {0, 1, 50, 5000, 4294967295u};
    std::mt19937_64           rng(2);
    std::vector<unsigned int> v(n);
    for(unsigned int& t : v)
        t = choices[rng() % 5];
    return v;
}
std::vector<double> mixed_probabilities()
{
    const double        choices[] = {0, 1e-9, 0.1, 0.5, 0.6, 1};
    std::mt19937_64     rng(3);
    std::vector<double> v(n);
    for(double& p : v)
        p = choices[rng() % 6];
    return v;
}

// One call of a case: count elements from the generator's position, whose
// stream index is `first` (per-element parameters start there).
template <class T>
using call = std::function<std::vector<T>(backend, rocdist_generator, size_t first, size_t count, size_t misalign)>;

template <class T>
struct stream_case
{
    std::string name;
    call<T>     run;
};

std::vector<stream_case<unsigned int>> count_cases()
{
    using namespace rocdist_test;
    std::vector<stream_case<unsigned int>> cases;
    for(double lambda : {3.5, 700.0})
        cases.push_back({"poisson " + std::to_string(lambda), [=](backend b, rocdist_generator g, size_t, size_t c,
                                                                  size_t m) { return poisson_vector(b, g, c, lambda, m); }});
    cases.push_back({"binomial 50 0.1", [](backend b, rocdist_generator g, size_t, size_t c, size_t m) {
                         return binomial_vector(b, g, c, 50, 0.1, m);
                     }});
    cases.push_back({"binomial 5000 0.6", [](backend b, rocdist_generator g, size_t, size_t c, size_t m) {
                         return binomial_vector(b, g, c, 5000, 0.6, m);
                     }});
    cases.push_back({"poisson lambdas", [](backend b, rocdist_generator g, size_t f, size_t c, size_t m) {
                         const std::vector<double> all = mixed_lambdas();
                         return poisson_lambdas_vector(b, g, {all.begin() + f, all.begin() + f + c}, m);
                     }});
    cases.push_back({"binomial parameters", [](backend b, rocdist_generator g, size_t f, size_t c, size_t m) {
                         const std::vector<unsigned int> t = mixed_trials();
                         const std::vector<double>       p = mixed_probabilities();
                         return binomial_parameters_vector(b, g, {t.begin() + f, t.begin() + f + c},
                                                           {p.begin() + f, p.begin() + f + c}, m);
                     }});
    return cases;
}

class count_stream : public rocdist_test::backend_test
{
protected:
    template <class T>
    void expect_contract(const stream_case<T>& c)
    {
        SCOPED_TRACE(c.name);
        ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> reference = c.run(GetParam(), gen_, 0, n, 0);
        std::mt19937_64      rng(9);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        std::vector<T> pieces;
        while(pieces.size() < n)
        {
            const size_t         piece = std::min<size_t>(n - pieces.size(), 1 + rng() % 900);
            const std::vector<T> part  = c.run(GetParam(), gen_, pieces.size(), piece, rng() % 4);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, reference) << "split";
        for(size_t k : {1, 2, 3, 5, 1001})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, k), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(c.run(GetParam(), gen_, k, n - k, k % 3), std::vector<T>(reference.begin() + k, reference.end()))
                << "offset " << k;
        }
        ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(c.run(GetParam(), gen_, 0, n, 1), reference) << "fast ordering";
        ASSERT_EQ(rocdist_set_ordering(gen_, ROCDIST_ORDERING_REPRODUCIBLE), ROCDIST_STATUS_SUCCESS);

        if(GetParam() == backend::gpu)
        {
            rocdist_generator host = nullptr;
            ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_seed(host, 31), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(c.run(backend::host, host, 0, n, 0), reference) << "the host generator's elements";
            EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
        }
    }
};

TEST_P(count_stream, counts_keep_the_contract)
{
    for(const stream_case<unsigned int>& c : count_cases())
        expect_contract(c);
}

TEST_P(count_stream, exponentials_keep_the_contract)
{
    expect_contract(stream_case<float>{"exponential float", [](backend b, rocdist_generator g, size_t, size_t c,
                                                               size_t m) {
        return rocdist_test::exponential_vector<float>(b, g, c, 2.0f, m);
    }});
    expect_contract(stream_case<double>{"exponential double", [](backend b, rocdist_generator g, size_t, size_t c,
                                                                 size_t m) {
        return rocdist_test::exponential_vector<double>(b, g, c, 0.5, m);
    }});
}

TEST_P(count_stream, per_element_calls_are_the_one_parameter_calls)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 32), ROCDIST_STATUS_SUCCESS);
    const std::vector<double>       lambdas = mixed_lambdas();
    const std::vector<unsigned int> x       = rocdist_test::poisson_lambdas_vector(GetParam(), gen_, lambdas);
    for(double lambda : {0.0, 0.3, 3.5, 9.99, 10.0, 700.0, 1e9})
    {
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> one = rocdist_test::poisson_vector(GetParam(), gen_, n, lambda);
        for(size_t i = 0; i < n; ++i)
            if(lambdas[i] == lambda)
                ASSERT_EQ(x[i], one[i]) << "element " << i << " lambda " << lambda;
    }
    const std::vector<unsigned int> trials = mixed_trials();
    const std::vector<double>       p      = mixed_probabilities();
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> y = rocdist_test::binomial_parameters_vector(GetParam(), gen_, trials, p);
    for(unsigned int t : {0u, 1u, 50u, 5000u, 4294967295u})
        for(double q : {0.0, 1e-9, 0.1, 0.5, 0.6, 1.0})
        {
            ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
            const std::vector<unsigned int> one = rocdist_test::binomial_vector(GetParam(), gen_, n, t, q);
            for(size_t i = 0; i < n; ++i)
                if(trials[i] == t && p[i] == q)
                    ASSERT_EQ(y[i], one[i]) << "element " << i << " trials " << t << " p " << q;
        }
}

TEST_P(count_stream, exponentials_are_minus_log_u_over_rate)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 33), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> xf = rocdist_test::exponential_vector<float>(GetParam(), gen_, n, 2.0f);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> xf3 = rocdist_test::exponential_vector<float>(GetParam(), gen_, n, 3.0f);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<double> xd = rocdist_test::exponential_vector<double>(GetParam(), gen_, n, 0.5);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> words = rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, n);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    const std::vector<double> u = rocdist_test::generate_vector<double>(GetParam(), gen_, n);
    for(size_t i = 0; i < n; ++i)
    {
        // Rate 2 scales exactly: the float logarithm's bound alone.
        const long double uf = (static_cast<long double>(words[i]) + 0.5L) * 0x1p-32L;
        EXPECT_LE(rocdist_test::float_ulp_error(xf[i], -std::log(uf) / 2), 1.05) << "float element " << i;
        // Rate 3: that error divided by 3, and the quotient's rounding.
        const long double e    = -std::log(uf);
        const auto        ulp  = [](long double v) {
            const float r = static_cast<float>(v);
            return static_cast<long double>(std::nextafter(r, INFINITY) - r);
        };
        EXPECT_LE(std::fabs(xf3[i] - e / 3), 1.05L * ulp(e) / 3 + 0.5L * ulp(e / 3)) << "float element " << i;
        // u[i] is the 53-bit uniform rounded to double (in the upper half
        // it moves by up to 2^-54, which the element does not: it takes the
        // exact complement), so the bound is 1 ulp plus that rounding's
        // effect on -log(u) / rate.
        const long double wd = -std::log(static_cast<long double>(u[i])) / 0.5L;
        EXPECT_LE(std::fabs(xd[i] - wd), (std::nextafter(static_cast<double>(wd), INFINITY) - static_cast<double>(wd))
                                             + 0x1p-54 / (u[i] * 0.5))
            << "double element " << i;
    }
}

ROCDIST_INSTANTIATE_BACKENDS(count_stream);

} // namespace
