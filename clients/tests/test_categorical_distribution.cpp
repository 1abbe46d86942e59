// Categorical samples against their weights on every backend: Pearson's
// chi-square for k = 2, 10, 1000 and 10^6 (binned), zero weights never drawn,
// one non-zero weight always drawn, weights spanning 1e-30 to 1.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::categorical_vector;
using rocdist_test::make_table;

class categorical_distribution : public rocdist_test::backend_test
{
protected:
    // Chi-square p-value of n samples against w, categories grouped into
    // `bins` runs of equal length (k divisible by bins).
    double p_value(const std::vector<double>& w, size_t n, size_t bins, unsigned long long seed)
    {
        EXPECT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        rocdist_categorical table = make_table(GetParam(), gen_, w);
        const std::vector<unsigned int> s = categorical_vector(GetParam(), gen_, table, n);
        EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
        const size_t        width = w.size() / bins;
        std::vector<double> observed(bins, 0), expected(bins, 0);
        double              total = 0;
        for(double x : w)
            total += x;
        for(size_t j = 0; j < w.size(); ++j)
            expected[j / width] += n * w[j] / total;
        for(unsigned int c : s)
        {
            EXPECT_LT(c, w.size());
            if(c < w.size())
                observed[c / width] += 1;
        }
        return rocdist_test::chi_square_p_value(observed, expected);
    }
};

TEST_P(categorical_distribution, chi_square_small_k)
{
    EXPECT_GT(p_value({1.0, 3.0}, 100000, 2, 11), rocdist_test::p_threshold);
    std::vector<double> ten;
    for(int j = 0; j < 10; ++j)
        ten.push_back(1 + j * j);
    EXPECT_GT(p_value(ten, 200000, 10, 12), rocdist_test::p_threshold);
}

TEST_P(categorical_distribution, chi_square_k_1000)
{
    std::mt19937_64                        rng(2024);
    std::uniform_real_distribution<double> u(0.25, 4.0);
    std::vector<double>                    w(1000);
    for(double& x : w)
        x = u(rng);
    EXPECT_GT(p_value(w, 1000000, 1000, 13), rocdist_test::p_threshold);
}

TEST_P(categorical_distribution, chi_square_k_million_binned)
{
    // A skewed profile so that the bins differ: weight grows with the index.
    std::vector<double> w(1000000);
    for(size_t j = 0; j < w.size(); ++j)
        w[j] = 1.0 + static_cast<double>(j % 997) + static_cast<double>(j) * 1e-5;
    EXPECT_GT(p_value(w, 2000000, 1000, 14), rocdist_test::p_threshold);
}

TEST_P(categorical_distribution, one_category)
{
    rocdist_categorical table = make_table(GetParam(), gen_, std::vector<float>{0.5f});
    for(unsigned int c : categorical_vector(GetParam(), gen_, table, 10000))
        ASSERT_EQ(c, 0u);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

TEST_P(categorical_distribution, zero_weights_never_drawn)
{
    std::vector<float> w(64, 0.0f);
    for(size_t j = 0; j < w.size(); j += 3)
        w[j] = 1.0f + j;
    rocdist_categorical table = make_table(GetParam(), gen_, w);
    std::vector<size_t> seen(w.size(), 0);
    for(unsigned int c : categorical_vector(GetParam(), gen_, table, 200000))
    {
        ASSERT_LT(c, w.size());
        ++seen[c];
    }
    for(size_t j = 0; j < w.size(); ++j)
    {
        if(w[j] == 0)
            EXPECT_EQ(seen[j], 0u) << "category " << j;
        else
            EXPECT_GT(seen[j], 0u) << "category " << j;
    }
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

TEST_P(categorical_distribution, single_nonzero_weight_always_drawn)
{
    for(size_t only : {size_t(0), size_t(500), size_t(999)})
    {
        std::vector<double> w(1000, 0.0);
        w[only]                   = 1e-300;
        rocdist_categorical table = make_table(GetParam(), gen_, w);
        for(unsigned int c : categorical_vector(GetParam(), gen_, table, 50000))
            ASSERT_EQ(c, only);
        EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    }
}

TEST_P(categorical_distribution, weights_spanning_1e_minus_30_to_1)
{
    // Eleven weights 1, 1e-3, ..., 1e-30: chi-square of {1} against the rest
    // (1e-3, 1e-6 and below expect 2000 and 2 samples of 2e6), and the weights
    // of 1e-9 and below, which expect 2e-3 samples together, at most twice
    // (P(more) < 2e-9).
    std::vector<double> w;
    for(int e = 0; e <= 30; e += 3)
        w.push_back(std::pow(10.0, -e));
    rocdist_categorical table = make_table(GetParam(), gen_, w);
    const size_t        n     = 2000000;
    std::vector<double> observed(2, 0);
    size_t              tiny = 0;
    for(unsigned int c : categorical_vector(GetParam(), gen_, table, n))
    {
        ASSERT_LT(c, w.size());
        observed[c == 0 ? 0 : 1] += 1;
        tiny += c >= 3 ? 1 : 0;
    }
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    double total = 0;
    for(double x : w)
        total += x;
    const std::vector<double> expected{n * w[0] / total, n * (total - w[0]) / total};
    EXPECT_GT(rocdist_test::chi_square_p_value(observed, expected), rocdist_test::p_threshold);
    EXPECT_LE(tiny, 2u);
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_distribution);

} // namespace
