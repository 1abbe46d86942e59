// rocdist.hpp: the generator owns its handle (destroyed on scope exit,
// moved not copied), members forward to the C calls, and a failing call
// throws rocdist_cpp::error carrying the exact status.
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/rocdist.hpp"
#include "rocdist/rocdist_version.h"

namespace
{

static_assert(!std::is_copy_constructible_v<rocdist_cpp::generator>);
static_assert(std::is_nothrow_move_constructible_v<rocdist_cpp::generator>);
static_assert(!std::is_copy_constructible_v<rocdist_cpp::categorical>);
static_assert(std::is_nothrow_move_constructible_v<rocdist_cpp::categorical>);

TEST(cpp_wrappers, bad_argument_throws_its_status)
{
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    std::vector<float>     x(8);
    try
    {
        gen.generate_normal(x.data(), x.size(), 0.0f, -1.0f);
        FAIL() << "a negative stddev did not throw";
    }
    catch(const rocdist_cpp::error& e)
    {
        EXPECT_EQ(e.status(), ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_STREQ(e.what(), rocdist_get_status_string(ROCDIST_STATUS_INVALID_VALUE));
    }
    try
    {
        gen.generate_uniform(static_cast<double*>(nullptr), 4);
        FAIL() << "a NULL output did not throw";
    }
    catch(const rocdist_cpp::error& e)
    {
        EXPECT_EQ(e.status(), ROCDIST_STATUS_INVALID_POINTER);
    }
}

TEST(cpp_wrappers, handle_is_destroyed_at_scope_exit_and_moves)
{
    rocdist_generator handle = nullptr;
    {
        rocdist_cpp::generator first(rocdist_cpp::backend::host);
        handle = first.get();
        rocdist_cpp::generator second(std::move(first));
        EXPECT_EQ(first.get(), nullptr);
        EXPECT_EQ(second.get(), handle);
        EXPECT_EQ(rocdist_set_seed(handle, 1), ROCDIST_STATUS_SUCCESS);
    }
    EXPECT_EQ(rocdist_set_seed(handle, 1), ROCDIST_STATUS_INVALID_HANDLE);
}

TEST(cpp_wrappers, members_forward_to_the_c_calls)
{
    constexpr std::size_t n = 1001;
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    gen.set_seed(77);
    gen.set_offset(5);
    gen.set_normal_method(ROCDIST_NORMAL_POLAR);
    std::vector<double> wrapped(n), direct(n);
    gen.generate_log_normal(wrapped.data(), n, 0.5, 0.25);

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 77), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(c, 5), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_normal_method(c, ROCDIST_NORMAL_POLAR), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_log_normal_double(c, direct.data(), n, 0.5, 0.25), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(wrapped, direct);
}

// Each 16-bit member, called in turn on one generator, against the C calls
// in the same order on another.
TEST(cpp_wrappers, sixteen_bit_members_forward_to_the_c_calls)
{
    constexpr std::size_t n = 257;
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    gen.set_seed(78);
    std::vector<unsigned short> wrapped(6 * n), direct(6 * n);
    gen.generate_uniform_half(wrapped.data(), n);
    gen.generate_normal_half(wrapped.data() + n, n, 1.0f, 2.0f);
    gen.generate_log_normal_half(wrapped.data() + 2 * n, n, 0.0f, 0.5f);
    gen.generate_uniform_bfloat16(wrapped.data() + 3 * n, n);
    gen.generate_normal_bfloat16(wrapped.data() + 4 * n, n, -1.0f, 3.0f);
    gen.generate_log_normal_bfloat16(wrapped.data() + 5 * n, n, 0.5f, 0.25f);

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 78), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_uniform_half(c, direct.data(), n), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_normal_half(c, direct.data() + n, n, 1.0f, 2.0f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_log_normal_half(c, direct.data() + 2 * n, n, 0.0f, 0.5f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_uniform_bfloat16(c, direct.data() + 3 * n, n), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_normal_bfloat16(c, direct.data() + 4 * n, n, -1.0f, 3.0f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_log_normal_bfloat16(c, direct.data() + 5 * n, n, 0.5f, 0.25f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(wrapped, direct);
    EXPECT_THROW(gen.generate_normal_half(wrapped.data(), n, 0.0f, -1.0f), rocdist_cpp::error);
}

TEST(cpp_wrappers, gamma_and_categorical_forward_and_own_their_table)
{
    constexpr std::size_t n = 777;
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    gen.set_seed(5);
    std::vector<float> gamma(n), gamma_direct(n);
    gen.generate_gamma(gamma.data(), n, 2.5f, 0.5f);
    std::vector<unsigned int> picks(n);
    const double              weights[] = {0.0, 3.0, 0.0, 1.0};
    rocdist_categorical       handle    = nullptr;
    {
        rocdist_cpp::categorical table(gen, weights, 4);
        handle = table.get();
        rocdist_cpp::categorical moved(std::move(table));
        EXPECT_EQ(table.get(), nullptr);
        gen.generate_categorical(moved.get(), picks.data(), n);
        EXPECT_EQ(moved.view().k, 4u);
        EXPECT_THROW(table.view(), rocdist_cpp::error); // moved from: no table
    }
    unsigned int probe = 0;
    EXPECT_EQ(rocdist_generate_categorical(gen.get(), handle, &probe, 1), ROCDIST_STATUS_INVALID_HANDLE);
    for(unsigned int c : picks)
        EXPECT_TRUE(c == 1 || c == 3) << c;

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 5), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_gamma(c, gamma_direct.data(), n, 2.5f, 0.5f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(gamma, gamma_direct);

    try
    {
        rocdist_cpp::categorical bad(gen, weights, 0);
        FAIL() << "k = 0 did not throw";
    }
    catch(const rocdist_cpp::error& e)
    {
        EXPECT_EQ(e.status(), ROCDIST_STATUS_INVALID_VALUE);
    }
}

TEST(cpp_wrappers, batched_categorical_forward_to_the_c_calls)
{
    constexpr std::size_t rows = 3, k = 50, n = 200;
    std::vector<float>    w(rows * k), logits(rows * k);
    for(std::size_t i = 0; i < w.size(); ++i)
    {
        w[i]      = static_cast<float>(i % 7);
        logits[i] = static_cast<float>(i % 5) - 2.0f;
    }
    const std::vector<double> wd(w.begin(), w.end());
    rocdist_cpp::generator    gen(rocdist_cpp::backend::host);
    gen.set_seed(3);
    std::vector<unsigned int> single(rows * n), twice(rows * n), soft(rows * n);
    gen.generate_categorical_rows(w.data(), rows, k, single.data(), n);
    gen.generate_categorical_rows(wd.data(), rows, k, twice.data(), n);
    gen.generate_categorical_logits(logits.data(), rows, k, 0.5f, soft.data(), n);

    rocdist_generator c = nullptr;
    std::vector<unsigned int> direct(rows * n);
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 3), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_categorical_rows(c, w.data(), rows, k, direct.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(single, direct);
    ASSERT_EQ(rocdist_generate_categorical_rows_double(c, wd.data(), rows, k, direct.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(twice, direct);
    ASSERT_EQ(rocdist_generate_categorical_logits(c, logits.data(), rows, k, 0.5f, direct.data(), n),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(soft, direct);
    // bfloat16 logits: the float values' upper halves (these are exact).
    std::vector<std::uint16_t> halves(logits.size());
    for(std::size_t i = 0; i < logits.size(); ++i)
    {
        std::uint32_t bits;
        std::memcpy(&bits, &logits[i], sizeof bits);
        halves[i] = static_cast<std::uint16_t>(bits >> 16);
    }
    gen.generate_categorical_logits(halves.data(), ROCDIST_VALUE_BFLOAT16, rows, k, 0.5f, soft.data(), n);
    ASSERT_EQ(rocdist_generate_categorical_logits_typed(c, halves.data(), ROCDIST_VALUE_BFLOAT16, rows, k, 0.5f,
                                                        direct.data(), n),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(soft, direct);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    try
    {
        gen.generate_categorical_logits(logits.data(), rows, k, 0.0f, soft.data(), n);
        FAIL() << "a zero temperature did not throw";
    }
    catch(const rocdist_cpp::error& e)
    {
        EXPECT_EQ(e.status(), ROCDIST_STATUS_INVALID_VALUE);
    }
}

TEST(cpp_wrappers, token_sampling_forwards_to_the_c_calls)
{
    constexpr std::size_t                   rows = 4, vocab = 300;
    std::vector<float>                      logits(rows * vocab);
    for(std::size_t i = 0; i < logits.size(); ++i)
        logits[i] = static_cast<float>(i % 13) / 4.0f;
    const std::vector<rocdist_token_params> params(rows, {0.7f, 20, 0.9f, 0.0f});
    rocdist_cpp::generator                  gen(rocdist_cpp::backend::host);
    gen.set_seed(8);
    gen.reserve_token_scratch(rows, vocab);
    std::vector<unsigned int> wrapped(rows), direct(rows);
    gen.sample_tokens(logits.data(), ROCDIST_VALUE_FLOAT, rows, vocab, params.data(), wrapped.data());
    EXPECT_EQ(gen.deferred_status(), ROCDIST_STATUS_SUCCESS);

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 8), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_sample_tokens(c, logits.data(), ROCDIST_VALUE_FLOAT, rows, vocab, params.data(), nullptr,
                                    nullptr, direct.data()),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(wrapped, direct);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);

    std::vector<rocdist_token_params> bad = params;
    bad[2].top_p                          = 0.0f;
    gen.sample_tokens(logits.data(), ROCDIST_VALUE_FLOAT, rows, vocab, bad.data(), wrapped.data());
    EXPECT_EQ(wrapped[2], ROCDIST_INVALID_TOKEN);
    EXPECT_EQ(gen.deferred_status(), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(gen.deferred_status(), ROCDIST_STATUS_SUCCESS);
    try
    {
        gen.sample_tokens(logits.data(), ROCDIST_VALUE_FLOAT, rows, 0, params.data(), wrapped.data());
        FAIL() << "a vocabulary of 0 did not throw";
    }
    catch(const rocdist_cpp::error& e)
    {
        EXPECT_EQ(e.status(), ROCDIST_STATUS_INVALID_VALUE);
    }
}

// The status a member throws, or success.
template <class Call>
rocdist_status thrown_status(Call&& call)
{
    try
    {
        call();
    }
    catch(const rocdist_cpp::error& e)
    {
        return e.status();
    }
    return ROCDIST_STATUS_SUCCESS;
}

// Each count and exponential member, called in turn on one generator,
// against the C calls in the same order on another. Refused calls between
// them throw their exact status, write nothing and leave the position where
// it was, or the later members would not match.
TEST(cpp_wrappers, count_and_exponential_members_forward_to_the_c_calls)
{
    constexpr std::size_t     n = 513;
    std::vector<double>       lambdas(n), p(n);
    std::vector<unsigned int> trials(n);
    for(std::size_t i = 0; i < n; ++i)
    {
        lambdas[i] = 0.75 * double(i % 40); // inversion below 10, PTRS above
        trials[i]  = static_cast<unsigned int>(i * 37 % 1000);
        p[i]       = double(i % 11) / 10;
    }
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    gen.set_seed(79);
    gen.set_offset(3);
    std::vector<unsigned int> counts(4 * n), counts_direct(4 * n), untouched(n, 0xA5A5A5A5u);
    std::vector<float>        xf(n), xf_direct(n), untouched_f(n, -1.0f);
    std::vector<double>       xd(n), xd_direct(n);
    gen.generate_poisson(counts.data(), n, 12.5);
    EXPECT_EQ(thrown_status([&] { gen.generate_poisson(untouched.data(), n, -0.5); }), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(thrown_status([&] { gen.generate_poisson_lambdas(untouched.data(), n, nullptr); }),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(thrown_status([&] { gen.generate_binomial(untouched.data(), n, 10, 1.5); }),
              ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(thrown_status([&] { gen.generate_binomial_parameters(untouched.data(), n, trials.data(), nullptr); }),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(thrown_status([&] { gen.generate_exponential(untouched_f.data(), n, 0.0f); }),
              ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(untouched, std::vector<unsigned int>(n, 0xA5A5A5A5u));
    EXPECT_EQ(untouched_f, std::vector<float>(n, -1.0f));
    gen.generate_poisson_lambdas(counts.data() + n, n, lambdas.data());
    gen.generate_binomial(counts.data() + 2 * n, n, 60, 0.25);
    gen.generate_binomial_parameters(counts.data() + 3 * n, n, trials.data(), p.data());
    gen.generate_exponential(xf.data(), n, 1.5f);
    gen.generate_exponential(xd.data(), n, 0.125);

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 79), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(c, 3), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_poisson(c, counts_direct.data(), n, 12.5), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_poisson_lambdas(c, counts_direct.data() + n, n, lambdas.data()), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_binomial(c, counts_direct.data() + 2 * n, n, 60, 0.25), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_binomial_parameters(c, counts_direct.data() + 3 * n, n, trials.data(), p.data()),
              ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_exponential(c, xf_direct.data(), n, 1.5f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_exponential_double(c, xd_direct.data(), n, 0.125), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(counts, counts_direct);
    EXPECT_EQ(xf, xf_direct);
    EXPECT_EQ(xd, xd_direct);
}

TEST(cpp_wrappers, version_matches_the_header)
{
    EXPECT_EQ(rocdist_cpp::version(),
              ROCDIST_VERSION_MAJOR * 10000 + ROCDIST_VERSION_MINOR * 100 + ROCDIST_VERSION_PATCH);
}

} // namespace

TEST(cpp_wrappers, gamma_family_forwards)
{
    constexpr std::size_t     n      = 301;
    const std::vector<double> shapes = [] {
        std::vector<double> s(n);
        for(std::size_t i = 0; i < n; ++i)
            s[i] = 0.25 + double(i % 9);
        return s;
    }();
    const float            alpha[] = {0.5f, 1.0f, 3.0f};
    rocdist_cpp::generator gen(rocdist_cpp::backend::host);
    gen.set_seed(6);
    std::vector<double> gamma(n), gamma_direct(n);
    std::vector<float>  beta(n), beta_direct(n), rows(3 * n), rows_direct(3 * n);
    gen.generate_gamma_shapes(gamma.data(), n, shapes.data(), 2.0);
    gen.generate_beta(beta.data(), n, 0.5f, 4.0f);
    gen.generate_dirichlet(rows.data(), n, alpha, 3);

    rocdist_generator c = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&c, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(c, 6), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_gamma_shapes_double(c, gamma_direct.data(), n, shapes.data(), 2.0),
              ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_beta(c, beta_direct.data(), n, 0.5f, 4.0f), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_dirichlet(c, rows_direct.data(), n, alpha, 3), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(c), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(gamma, gamma_direct);
    EXPECT_EQ(beta, beta_direct);
    EXPECT_EQ(rows, rows_direct);
    EXPECT_THROW(gen.generate_dirichlet(rows.data(), n, alpha, 0), rocdist_cpp::error);
    EXPECT_THROW(gen.generate_beta(beta.data(), n, -1.0f, 1.0f), rocdist_cpp::error);
}
