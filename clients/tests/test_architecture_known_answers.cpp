// Known answers that hold on every CPU architecture: the outputs rocdist
// promises bit for bit (raw words, uniform floats and doubles, categories
// drawn from a table, Poisson and binomial counts, exponentials, whose
// arithmetic rounds the same everywhere) at fixed seeds, offsets and
// lengths, as FNV-1a digests
// of their bytes. The digests were taken on x86-64, where words and
// uniforms are also checked against cuRAND (test_curand_identity.cpp);
// .ci/run runs this test on aarch64 under qemu-user too. Lengths and offsets
// not multiples of 4 take the host backend's edge paths as well as its
// vector kernels.
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/rocdist.h"

namespace
{

template <class T>
std::uint64_t fnv1a(const std::vector<T>& values)
{
    std::vector<unsigned char> bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    std::uint64_t h = 0xcbf29ce484222325ull;
    for(unsigned char b : bytes)
        h = (h ^ b) * 0x100000001b3ull;
    return h;
}

class architecture_known_answers : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(rocdist_create_generator_host(&gen_, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    }
    void TearDown() override { EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS); }

    void at(unsigned long long seed, unsigned long long offset)
    {
        ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
    }

    rocdist_generator gen_ = nullptr;
};

constexpr std::size_t n = (1 << 16) + 3;

TEST_F(architecture_known_answers, words)
{
    std::vector<unsigned int> v(n);
    at(1234, 0);
    ASSERT_EQ(rocdist_generate(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0xa9ef97c3528a33bcull);
    at(1234, 5);
    ASSERT_EQ(rocdist_generate(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0xaa7a0a819b3b615aull);
}

TEST_F(architecture_known_answers, uniform_floats)
{
    std::vector<float> v(n);
    at(99, 0);
    ASSERT_EQ(rocdist_generate_uniform(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0x6036e78cf01c5c2aull);
    at(99, 7);
    ASSERT_EQ(rocdist_generate_uniform(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0x7bbcbd543a7c8112ull);
}

TEST_F(architecture_known_answers, uniform_doubles)
{
    std::vector<double> v(n);
    at(2024, 0);
    ASSERT_EQ(rocdist_generate_uniform_double(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0x7e26a5d681ad9d4dull);
    at(2024, 3);
    ASSERT_EQ(rocdist_generate_uniform_double(gen_, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0xa7b37105d251b0b7ull);
}

// Weights over six orders of magnitude, some zero: the table's fixed-point
// masses come from floating-point sums, which must round alike everywhere.
TEST_F(architecture_known_answers, categories)
{
    std::vector<double> weights(1000);
    for(std::size_t i = 0; i < weights.size(); ++i)
        weights[i] = i % 17 == 0 ? 0.0 : static_cast<double>((i * 7919) % 1000 + 1) * (i % 3 == 0 ? 1e-6 : 1.0);
    rocdist_categorical table = nullptr;
    at(7, 0);
    ASSERT_EQ(rocdist_create_categorical_double(gen_, weights.data(), weights.size(), &table), ROCDIST_STATUS_SUCCESS);
    std::vector<unsigned int> v(n);
    ASSERT_EQ(rocdist_generate_categorical(gen_, table, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0xc97f7af69850485eull);
    at(7, 1);
    ASSERT_EQ(rocdist_generate_categorical(gen_, table, v.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(fnv1a(v), 0x128d8bab15038f92ull);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

// Counts at each method's region (Poisson inversion and PTRS, binomial
// inversion and BTRS, p above 1/2), per-element parameters, and
// exponentials: their decisions and logarithms are reproducible::
// arithmetic, so every CPU gives these bits.
TEST_F(architecture_known_answers, counts_and_exponentials)
{
    std::vector<unsigned int> v(n);
    std::vector<std::uint64_t> digests;
    for(double lambda : {0.3, 9.99, 10.0, 1e3, 1e9})
    {
        at(11, 3);
        ASSERT_EQ(rocdist_generate_poisson(gen_, v.data(), n, lambda), ROCDIST_STATUS_SUCCESS);
        digests.push_back(fnv1a(v));
    }
    for(double p : {0.01, 0.3, 0.7})
    {
        at(12, 1);
        ASSERT_EQ(rocdist_generate_binomial(gen_, v.data(), n, 5000, p), ROCDIST_STATUS_SUCCESS);
        digests.push_back(fnv1a(v));
    }
    std::vector<double>       lambdas(n), p(n);
    std::vector<unsigned int> trials(n);
    for(std::size_t i = 0; i < n; ++i)
    {
        lambdas[i] = static_cast<double>(i % 97) * 3.7;
        trials[i]  = static_cast<unsigned int>(i % 1000) * 31;
        p[i]       = static_cast<double>(i % 11) / 10.0;
    }
    at(13, 0);
    ASSERT_EQ(rocdist_generate_poisson_lambdas(gen_, v.data(), n, lambdas.data()), ROCDIST_STATUS_SUCCESS);
    digests.push_back(fnv1a(v));
    ASSERT_EQ(rocdist_generate_binomial_parameters(gen_, v.data(), n, trials.data(), p.data()),
              ROCDIST_STATUS_SUCCESS);
    digests.push_back(fnv1a(v));
    std::vector<float>  f(n);
    std::vector<double> d(n);
    at(14, 5);
    ASSERT_EQ(rocdist_generate_exponential(gen_, f.data(), n, 1.5f), ROCDIST_STATUS_SUCCESS);
    digests.push_back(fnv1a(f));
    ASSERT_EQ(rocdist_generate_exponential_double(gen_, d.data(), n, 1.5), ROCDIST_STATUS_SUCCESS);
    digests.push_back(fnv1a(d));
    const std::vector<std::uint64_t> expected
        = {0x80150b5859410496ull, 0xf038722c3c89ab07ull, 0x3220be47153d9f29ull, 0xdffe1c8427f11d55ull,
           0xe2f743696f74cfb6ull, 0x3938f7d172372e47ull, 0xe3d874a01c15c8deull, 0x52f47bea783acbf5ull,
           0xe47e1736adcf8026ull, 0x9f75c25d63c50cbaull, 0x09b17521a03a1a6aull, 0xea9c3c325448332cull};
    EXPECT_EQ(digests, expected);
}

} // namespace
