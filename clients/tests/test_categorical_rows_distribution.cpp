// Batched categorical samples against their exact probabilities on every
// backend. With 1000 samples per row, Pearson's chi-square per row (runs of
// categories merged until each expects 20 draws), the rows' statistics
// summed: the sum's p-value must exceed rocdist_test::p_threshold (1e-4), and
// each row's its share of it, 1e-4 / rows (Bonferroni). With one sample per
// row, the randomised probability integral transform F(c-1) + V p(c) of each
// row's category c (V uniform from a fixed-seed std::mt19937_64) is uniform
// exactly when the rows are sampled right: chi-square over 32 equal bins,
// p-value above 1e-4. Weights for k = 2, 10, 1000 and 10^6, many rows and
// few; logits against softmax computed in long double; zero weights and
// -inf logits never drawn; one non-zero weight always drawn.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_rows_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::p_threshold;

// Rows of k weights, each row with its own profile: a share of the
// categories heavy, some tiny, some zero (when zeros is set).
std::vector<float> test_weights(size_t rows, size_t k, unsigned seed, bool zeros)
{
    std::mt19937_64                       rng(seed);
    std::uniform_real_distribution<float> u(0, 1);
    std::vector<float>                    w(rows * k);
    for(size_t r = 0; r < rows; ++r)
    {
        const float heavy = 0.05f + 0.3f * u(rng);
        for(size_t i = 0; i < k; ++i)
        {
            const float x = u(rng);
            w[r * k + i]  = x < heavy ? 10 + 40 * u(rng) : zeros && x > 0.9f ? 0.0f : 0.1f + u(rng);
        }
        w[r * k + r % k] += 1; // never a row of zeros
    }
    return w;
}

class categorical_rows_distribution : public rocdist_test::backend_test
{
protected:
    // Per-row chi-square of rows x 1000 samples against the rows' exact
    // probabilities p(r); zero-probability categories must never be drawn.
    template <class Probabilities>
    void expect_rows_fit(const std::vector<unsigned int>& s, size_t rows, size_t k, size_t samples_per_row,
                         Probabilities&& p)
    {
        rocdist_test::chi_square_statistic all;
        for(size_t r = 0; r < rows; ++r)
        {
            const std::vector<long double> probability = p(r);
            std::vector<double>            counts(k, 0);
            for(size_t j = 0; j < samples_per_row; ++j)
            {
                const unsigned int c = s[r * samples_per_row + j];
                ASSERT_LT(c, k) << "row " << r;
                ASSERT_GT(probability[c], 0) << "row " << r << " drew category " << c << " of probability 0";
                counts[c] += 1;
            }
            const auto row = rocdist_test::binned_chi_square(counts, probability, double(samples_per_row), 20);
            if(row.degrees > 0) // a row that one category dominates makes one run
                EXPECT_GT(rocdist_test::chi_square_p_value(row), p_threshold / rows) << "row " << r;
            all.statistic += row.statistic;
            all.degrees += row.degrees;
        }
        EXPECT_GT(rocdist_test::chi_square_p_value(all), p_threshold);
    }

    // The randomised PIT of one sample per row, over 32 equal bins.
    template <class Probabilities>
    void expect_single_samples_fit(const std::vector<unsigned int>& s, size_t rows, size_t k, Probabilities&& p)
    {
        std::mt19937_64                        rng(77);
        std::uniform_real_distribution<double> v(0, 1);
        constexpr size_t                       bins = 32;
        std::vector<double>                    observed(bins, 0), expected(bins, double(rows) / bins);
        for(size_t r = 0; r < rows; ++r)
        {
            const std::vector<long double> probability = p(r);
            ASSERT_LT(s[r], k) << "row " << r;
            ASSERT_GT(probability[s[r]], 0) << "row " << r << " drew category " << s[r] << " of probability 0";
            long double below = 0;
            for(unsigned int i = 0; i < s[r]; ++i)
                below += probability[i];
            const double u = static_cast<double>(below + v(rng) * probability[s[r]]);
            observed[std::min(bins - 1, static_cast<size_t>(u * bins))] += 1;
        }
        EXPECT_GT(rocdist_test::chi_square_p_value(observed, expected), p_threshold);
    }

    void weights_fit(size_t rows, size_t k, size_t samples_per_row, unsigned long long seed)
    {
        SCOPED_TRACE(testing::Message() << rows << " rows of " << k << ", " << samples_per_row << " samples each");
        ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        const std::vector<float>        w = test_weights(rows, k, static_cast<unsigned>(seed), true);
        const std::vector<unsigned int> s = rocdist_test::rows_vector(GetParam(), gen_, w, rows, samples_per_row);
        const auto p = [&](size_t r) { return rocdist_test::row_probabilities(w, k, r); };
        if(samples_per_row == 1)
            expect_single_samples_fit(s, rows, k, p);
        else
            expect_rows_fit(s, rows, k, samples_per_row, p);
    }
};

TEST_P(categorical_rows_distribution, k_2_and_10)
{
    weights_fit(4096, 2, 1, 1);
    weights_fit(4096, 10, 1, 2);
    weights_fit(8, 2, 1000, 3);
    weights_fit(8, 10, 1000, 4);
}

TEST_P(categorical_rows_distribution, k_1000)
{
    weights_fit(4096, 1000, 1, 5);
    weights_fit(8, 1000, 1000, 6);
}

TEST_P(categorical_rows_distribution, k_million)
{
    // Few rows only (a row is 4 MB): 2 rows of 1000 samples; one sample
    // from each of 2 rows is checked against the definition by
    // test_categorical_rows_stream.cpp.
    weights_fit(2, 1000000, 1000, 7);
}

TEST_P(categorical_rows_distribution, double_weights)
{
    ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
    const size_t              rows = 4, k = 5000, n = 1000; // two tiles a row
    const std::vector<float>  f    = test_weights(rows, k, 8, true);
    const std::vector<double> w(f.begin(), f.end());
    const std::vector<unsigned int> s = rocdist_test::rows_vector(GetParam(), gen_, w, rows, n);
    expect_rows_fit(s, rows, k, n, [&](size_t r) { return rocdist_test::row_probabilities(w, k, r); });
}

TEST_P(categorical_rows_distribution, logits_against_softmax)
{
    // Logits over a wide range (-inf included), at three temperatures.
    const size_t       rows = 8, k = 700, n = 1000;
    std::mt19937_64    rng(9);
    std::normal_distribution<float> z(0, 3);
    std::vector<float> logits(rows * k);
    for(size_t i = 0; i < logits.size(); ++i)
        logits[i] = i % 17 == 3 ? -INFINITY : z(rng) + (i % k < 5 ? 6.0f : 0.0f);
    for(float temperature : {0.5f, 1.0f, 3.0f})
    {
        SCOPED_TRACE(temperature);
        ASSERT_EQ(rocdist_set_seed(gen_, 10), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> s
            = rocdist_test::logits_vector(GetParam(), gen_, logits, rows, temperature, n);
        expect_rows_fit(s, rows, k, n,
                        [&](size_t r) { return rocdist_test::softmax_probabilities(logits, k, r, temperature); });
    }
    // Many rows, one sample each.
    const size_t       many = 4096, small = 10;
    std::vector<float> row_logits(many * small);
    for(float& l : row_logits)
        l = z(rng);
    ASSERT_EQ(rocdist_set_seed(gen_, 11), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> s = rocdist_test::logits_vector(GetParam(), gen_, row_logits, many, 0.7f, 1);
    expect_single_samples_fit(s, many, small,
                              [&](size_t r) { return rocdist_test::softmax_probabilities(row_logits, small, r, 0.7f); });
}

TEST_P(categorical_rows_distribution, zero_weights_and_minus_infinity_logits_never_drawn)
{
    // Every third category zero, in rows of one tile and of three.
    for(size_t k : {size_t(64), size_t(9000)})
    {
        SCOPED_TRACE(k);
        const size_t       rows = 3, n = 20000;
        std::vector<float> w(rows * k, 0.0f), logits(rows * k, -INFINITY);
        for(size_t i = 0; i < w.size(); i += 3)
        {
            w[i]      = 1.0f + (i % 7);
            logits[i] = static_cast<float>(i % 7) * 0.1f;
        }
        for(const std::vector<unsigned int>& s : {rocdist_test::rows_vector(GetParam(), gen_, w, rows, n),
                                                  rocdist_test::logits_vector(GetParam(), gen_, logits, rows, 1.0f, n)})
            for(size_t q = 0; q < s.size(); ++q) // sample q is of row q / n
                ASSERT_EQ((q / n * k + s[q]) % 3, 0u) << "sample " << q << ", category " << s[q];
    }
}

TEST_P(categorical_rows_distribution, one_non_zero_weight_always_drawn)
{
    // Anywhere in a row of 10000 (three tiles), the smallest positive double
    // or float included; the other rows of the call differ.
    const size_t        k = 10000, n = 2000;
    std::vector<double> w(3 * k, 0.0);
    const size_t        only[3] = {0, 5000, 9999};
    w[only[0]]                  = 1e-300;
    w[k + only[1]]              = 4.9e-324;
    w[2 * k + only[2]]          = 1e300;
    const std::vector<unsigned int> s = rocdist_test::rows_vector(GetParam(), gen_, w, 3, n);
    for(size_t q = 0; q < s.size(); ++q)
        ASSERT_EQ(s[q], only[q / n]) << "sample " << q;
    std::vector<float> l(k, -INFINITY);
    l[4097] = -3e38f;
    for(unsigned int c : rocdist_test::logits_vector(GetParam(), gen_, l, 1, 1e-30f, n))
        ASSERT_EQ(c, 4097u);
}

TEST_P(categorical_rows_distribution, weights_spanning_1e_minus_30_to_1)
{
    // Eleven weights 1, 1e-3, ..., 1e-30 in each of two rows, the second in
    // reverse: chi-square of {1} against the rest (1e-3 expects 2000 of 2e6
    // draws), and the weights of 1e-9 and below, which expect 2e-3 draws
    // together, at most twice (P(more) < 2e-9).
    std::vector<float> w;
    for(int e = 0; e <= 30; e += 3)
        w.push_back(static_cast<float>(std::pow(10.0, -e)));
    w.insert(w.end(), w.rbegin(), w.rend());
    const size_t                    k = 11, n = 1000000;
    const std::vector<unsigned int> s = rocdist_test::rows_vector(GetParam(), gen_, w, 2, n);
    long double                     total = 0;
    for(size_t i = 0; i < k; ++i)
        total += w[i];
    for(size_t r = 0; r < 2; ++r)
    {
        std::vector<double> observed(2, 0);
        size_t              tiny = 0;
        for(size_t j = 0; j < n; ++j)
        {
            const unsigned int c = r == 0 ? s[j] : static_cast<unsigned int>(k - 1 - s[n + j]);
            ASSERT_LT(c, k);
            observed[c == 0 ? 0 : 1] += 1;
            tiny += c >= 3 ? 1 : 0;
        }
        const std::vector<double> expected{static_cast<double>(n * w[0] / total),
                                           static_cast<double>(n * (total - w[0]) / total)};
        EXPECT_GT(rocdist_test::chi_square_p_value(observed, expected), p_threshold) << "row " << r;
        EXPECT_LE(tiny, 2u) << "row " << r;
    }
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_rows_distribution);

} // namespace
