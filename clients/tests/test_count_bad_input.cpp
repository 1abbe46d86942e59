// Bad arguments of the Poisson, binomial and exponential calls: the exact
// status, nothing written, the position unchanged, on every backend. A bad
// value anywhere in a parameter array (the first, a middle and the last
// element) is refused before anything is written, and a GPU generator
// refuses host memory for its output and for its parameter arrays.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/count_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::backend_weights;

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

const double bad_lambdas[]       = {-1e-300, -1, 0x1p31 * (1 + 0x1p-52), 1e300, inf, -inf, nan, -nan};
const double bad_probabilities[] = {-1e-300, -0.5, 1 + 0x1p-52, 2, inf, -inf, nan};
const double bad_rates[]         = {0, -0.0, -1, 1e-320 * -1, inf, -inf, nan};

class count_bad_input : public rocdist_test::backend_test
{
protected:
    // The next good call starts where the stream stood before: element 0.
    void expect_position_at_start()
    {
        const std::vector<unsigned int> next = rocdist_test::poisson_vector(GetParam(), gen_, 5, 20.0);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(next, rocdist_test::poisson_vector(GetParam(), gen_, 5, 20.0));
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    }
};

TEST_P(count_bad_input, bad_scalar_parameters_are_refused_even_for_n_0)
{
    backend_buffer<unsigned int> out(GetParam(), 16);
    backend_buffer<float>        f(GetParam(), 16);
    backend_buffer<double>       d(GetParam(), 16);
    for(size_t n : {size_t{16}, size_t{0}})
    {
        for(double bad : bad_lambdas)
            EXPECT_EQ(rocdist_generate_poisson(gen_, out.data(), n, bad), ROCDIST_STATUS_INVALID_VALUE) << bad;
        for(double bad : bad_probabilities)
            EXPECT_EQ(rocdist_generate_binomial(gen_, out.data(), n, 10, bad), ROCDIST_STATUS_INVALID_VALUE) << bad;
        for(double bad : bad_rates)
        {
            EXPECT_EQ(rocdist_generate_exponential(gen_, f.data(), n, static_cast<float>(bad)),
                      ROCDIST_STATUS_INVALID_VALUE)
                << bad;
            EXPECT_EQ(rocdist_generate_exponential_double(gen_, d.data(), n, bad), ROCDIST_STATUS_INVALID_VALUE)
                << bad;
        }
    }
    // The largest good parameters pass.
    EXPECT_EQ(rocdist_generate_poisson(gen_, out.data(), 1, 0x1p31), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_binomial(gen_, out.data(), 1, 4294967295u, 1.0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_exponential(gen_, f.data(), 1, std::numeric_limits<float>::max()),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_exponential(gen_, f.data(), 1, std::numeric_limits<float>::denorm_min()),
              ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    backend_buffer<unsigned int> clean(GetParam(), 16);
    for(double bad : bad_lambdas)
        EXPECT_EQ(rocdist_generate_poisson(gen_, clean.data(), 16, bad), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_TRUE(clean.untouched());
    expect_position_at_start();
}

TEST_P(count_bad_input, a_bad_value_anywhere_in_a_parameter_array_is_refused)
{
    backend_buffer<unsigned int> out(GetParam(), 16);
    for(size_t at : {size_t{0}, size_t{7}, size_t{15}})
    {
        for(double bad : bad_lambdas)
        {
            std::vector<double> lambdas(16, 3.0);
            lambdas[at] = bad;
            const backend_weights<double> in(GetParam(), lambdas);
            EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, out.data(), 16, in.data()), ROCDIST_STATUS_INVALID_VALUE)
                << bad << " at " << at;
        }
        const backend_weights<unsigned int> trials(GetParam(), std::vector<unsigned int>(16, 30));
        for(double bad : bad_probabilities)
        {
            std::vector<double> p(16, 0.25);
            p[at] = bad;
            const backend_weights<double> in(GetParam(), p);
            EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, out.data(), 16, trials.data(), in.data()),
                      ROCDIST_STATUS_INVALID_VALUE)
                << bad << " at " << at;
        }
    }
    EXPECT_TRUE(out.untouched());
    expect_position_at_start();
}

// Long enough for the host to check it on several threads: a bad value in
// any thread's part is refused.
TEST_P(count_bad_input, a_bad_value_in_a_long_parameter_array_is_refused)
{
    const size_t                 n = (size_t{1} << 19) + 3;
    backend_buffer<unsigned int> out(GetParam(), n);
    for(size_t at : {size_t{0}, n / 2 + 1, n - 1})
        for(double bad : {-1.0, nan})
        {
            std::vector<double> lambdas(n, 3.0);
            lambdas[at] = bad;
            const backend_weights<double> in(GetParam(), lambdas);
            EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, out.data(), n, in.data()), ROCDIST_STATUS_INVALID_VALUE)
                << bad << " at " << at;
        }
    EXPECT_TRUE(out.untouched());
    expect_position_at_start();
}

TEST_P(count_bad_input, bad_pointers_and_lengths_are_refused)
{
    backend_buffer<unsigned int>        out(GetParam(), 16);
    const backend_weights<double>       lambdas(GetParam(), std::vector<double>(16, 3.0));
    const backend_weights<double>       p(GetParam(), std::vector<double>(16, 0.5));
    const backend_weights<unsigned int> trials(GetParam(), std::vector<unsigned int>(16, 30));
    auto* misaligned_out     = reinterpret_cast<unsigned int*>(reinterpret_cast<char*>(out.data()) + 2);
    auto* misaligned_lambdas = reinterpret_cast<const double*>(reinterpret_cast<const char*>(lambdas.data()) + 4);
    auto* misaligned_trials  = reinterpret_cast<const unsigned int*>(reinterpret_cast<const char*>(trials.data()) + 1);
    constexpr auto invalid_pointer = ROCDIST_STATUS_INVALID_POINTER;

    EXPECT_EQ(rocdist_generate_poisson(gen_, nullptr, 3, 2.0), invalid_pointer);
    EXPECT_EQ(rocdist_generate_poisson(gen_, misaligned_out, 3, 2.0), invalid_pointer);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, out.data(), 3, nullptr), invalid_pointer);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, out.data(), 3, misaligned_lambdas), invalid_pointer);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, nullptr, 3, lambdas.data()), invalid_pointer);
    EXPECT_EQ(rocdist_generate_binomial(gen_, misaligned_out, 3, 5, 0.5), invalid_pointer);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, out.data(), 3, nullptr, p.data()), invalid_pointer);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, out.data(), 3, trials.data(), nullptr), invalid_pointer);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, out.data(), 3, misaligned_trials, p.data()),
              invalid_pointer);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, nullptr, 3, trials.data(), p.data()), invalid_pointer);
    EXPECT_EQ(rocdist_generate_exponential(gen_, nullptr, 3, 1.0f), invalid_pointer);
    EXPECT_EQ(rocdist_generate_exponential_double(
                  gen_, reinterpret_cast<double*>(reinterpret_cast<char*>(out.data()) + 4), 3, 1.0),
              invalid_pointer);
    // n = 0 touches no pointer.
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, nullptr, 0, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, nullptr, 0, nullptr, nullptr), ROCDIST_STATUS_SUCCESS);
    // Past the stream's end.
    ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 2), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_poisson(gen_, out.data(), 5, 2.0), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gen_, out.data(), 5, lambdas.data()), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(rocdist_generate_binomial(gen_, out.data(), 5, 5, 0.5), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gen_, out.data(), 5, trials.data(), p.data()),
              ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_TRUE(out.untouched());
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_poisson(nullptr, out.data(), 5, 2.0), ROCDIST_STATUS_INVALID_HANDLE);
    expect_position_at_start();
}

TEST(count_backends, gpu_generators_refuse_host_memory)
{
    rocdist_generator gpu = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    const std::vector<double>           lambdas(8, 3.0), p(8, 0.5);
    const std::vector<unsigned int>     trials(8, 10);
    std::vector<unsigned int>           host_out(8, 7u);
    const backend_weights<double>       device_lambdas(backend::gpu, lambdas), device_p(backend::gpu, p);
    const backend_weights<unsigned int> device_trials(backend::gpu, trials);
    backend_buffer<unsigned int>        device_out(backend::gpu, 8);
    constexpr auto                      wrong = ROCDIST_STATUS_WRONG_MEMORY;
    EXPECT_EQ(rocdist_generate_poisson(gpu, host_out.data(), 8, 2.0), wrong);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gpu, device_out.data(), 8, lambdas.data()), wrong);
    EXPECT_EQ(rocdist_generate_poisson_lambdas(gpu, host_out.data(), 8, device_lambdas.data()), wrong);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gpu, device_out.data(), 8, trials.data(), device_p.data()), wrong);
    EXPECT_EQ(rocdist_generate_binomial_parameters(gpu, device_out.data(), 8, device_trials.data(), p.data()), wrong);
    EXPECT_TRUE(device_out.untouched());
    EXPECT_EQ(host_out, std::vector<unsigned int>(8, 7u));
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
}

ROCDIST_INSTANTIATE_BACKENDS(count_bad_input);

} // namespace
