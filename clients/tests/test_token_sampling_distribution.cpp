// Token sampling against the exact truncated distribution, computed in long
// double from the logits without the library: softmax at the temperature,
// the order by (logit, index), top-k, top-p on the top-k distribution, min-p
// against the largest probability, renormalised.
//
// 1. For the whole grid of vocabularies {2, 1000, 32000, 151936}, top_k
//    {0, 1, 50, vocab}, top_p {1, 0.9, 1e-6}, min_p {0, 0.05} and
//    temperatures {0, 0.3, 1, 3}, on logits with ties and -inf: the
//    definition keeps exactly the tokens the exact distribution keeps, and
//    gives each its probability within the stated bound
//    (docs/token_sampling.md). test_token_sampling.cpp shows that both
//    backends draw the definition's tokens, token for token.
// 2. Chi-square of the host generator's tokens against the exact truncated
//    distribution: every case of the grid with randomness left at
//    vocabularies 2 (10^5 tokens) and 1000 (5000 tokens), a few at 32000
//    and 151936 (1000 and 300 tokens: a row there costs milliseconds);
//    each p-value above 1e-4 / cases (Bonferroni over the cases).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/goodness_of_fit.hpp"
#include "support/token_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::token_params;

// Normal logits at quarter steps (so many tie), every 9th -inf.
std::vector<float> tied_logits(size_t vocab, unsigned seed)
{
    std::mt19937_64                 rng(seed);
    std::normal_distribution<float> z(0, 2.5f);
    std::vector<float>              l(vocab);
    for(size_t i = 0; i < vocab; ++i)
        l[i] = i % 9 == 4 && vocab > 2 ? -INFINITY : std::round(4 * z(rng)) / 4;
    return l;
}

// The exact truncated distribution: each token's probability, 0 where cut,
// and in *kept the tokens the cuts keep (-inf ones too, when no cut removes
// them).
std::vector<long double> exact_truncated(const std::vector<float>& x, const rocdist_token_params& p,
                                         std::vector<std::uint32_t>* kept = nullptr)
{
    const size_t               vocab = x.size();
    std::vector<std::uint32_t> order(vocab);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return x[a] > x[b] || (x[a] == x[b] && a < b); });
    std::vector<long double> q(vocab, 0.0L), out(vocab, 0.0L);
    if(p.temperature == 0)
    {
        out[order[0]] = 1;
        if(kept != nullptr)
            *kept = {order[0]};
        return out;
    }
    const long double largest = x[order[0]];
    for(size_t i = 0; i < vocab; ++i)
        q[i] = std::isinf(x[i]) ? 0.0L : std::exp((x[i] - largest) / static_cast<long double>(p.temperature));
    size_t n = p.top_k == 0 || p.top_k >= vocab ? vocab : p.top_k;
    if(p.top_p < 1)
    {
        long double sum = 0, through = 0;
        for(size_t j = 0; j < n; ++j)
            sum += q[order[j]];
        for(size_t j = 0; j < n; ++j)
            if((through += q[order[j]]) >= p.top_p * sum)
            {
                n = j + 1;
                break;
            }
    }
    long double total = 0;
    for(size_t j = 0; j < n; ++j)
        if(q[order[j]] >= p.min_p) // q of the largest is 1
        {
            out[order[j]] = q[order[j]];
            total += q[order[j]];
            if(kept != nullptr)
                kept->push_back(order[j]);
        }
    if(kept != nullptr)
        std::sort(kept->begin(), kept->end());
    for(long double& v : out)
        v /= total;
    return out;
}

std::vector<rocdist_token_params> issue_grid(size_t vocab)
{
    std::vector<rocdist_token_params> grid;
    for(const float t : {0.0f, 0.3f, 1.0f, 3.0f})
        for(const unsigned k : {0u, 1u, 50u, static_cast<unsigned>(vocab)})
            for(const float top_p : {1.0f, 0.9f, 1e-6f})
                for(const float min_p : {0.0f, 0.05f})
                    grid.push_back(token_params(t, k, top_p, min_p));
    return grid;
}

constexpr size_t vocabularies[] = {2, 1000, 32000, 151936};

TEST(token_sampling_distribution, the_definition_keeps_the_exact_tokens_within_the_bound)
{
    for(const size_t vocab : vocabularies)
    {
        const std::vector<float> x = tied_logits(vocab, static_cast<unsigned>(vocab));
        for(const rocdist_token_params& p : issue_grid(vocab))
        {
            const rocdist_test::reference_token_row row(x.data(), vocab, p);
            std::vector<std::uint32_t>              exact_kept;
            const std::vector<long double>          exact = exact_truncated(x, p, &exact_kept);
            ASSERT_EQ(row.kept(), exact_kept) << "vocab " << vocab << " temperature " << p.temperature << " top_k "
                                              << p.top_k << " top_p " << p.top_p << " min_p " << p.min_p;
            if(p.temperature == 0)
                continue;
            // Each weight carries the rounding of its exponent, relatively
            // 2^-52 of 1 + |l - max| / (t ln 2), and of its fixed point
            // (7 units), and the total carries its weights' errors: the
            // bound of docs/token_sampling.md.
            const long double total   = std::accumulate(row.weights().begin(), row.weights().end(), 0.0L);
            const long double largest = *std::max_element(x.begin(), x.end());
            const auto        spread  = [&](std::uint32_t i) {
                return std::isinf(x[i]) ? 0.0L : 1 + (largest - x[i]) / (p.temperature * 0.6931471805599453L);
            };
            long double widest = 0;
            for(const std::uint32_t i : row.kept())
                widest = std::max(widest, spread(i));
            const auto kept = static_cast<long double>(row.kept().size());
            for(size_t j = 0; j < row.kept().size(); ++j)
            {
                const std::uint32_t i = row.kept()[j];
                if(std::isinf(x[i]))
                {
                    EXPECT_EQ(row.weights()[j], 0u) << "vocab " << vocab << " token " << i;
                    continue;
                }
                const long double bound
                    = 0x1p-52L * (spread(i) + widest) * exact[i] + (7 + 7 * kept * exact[i]) / total + 0x1p-64L;
                EXPECT_NEAR(static_cast<double>(row.weights()[j] / total), static_cast<double>(exact[i]),
                            static_cast<double>(bound))
                    << "vocab " << vocab << " token " << i;
            }
        }
    }
}

// The cases with randomness left (not greedy, not top-k 1; top-p 1e-6
// keeps only the largest too), and how many tokens each draws: every such
// case of the grid at the small vocabularies; at the large ones, where a
// row costs milliseconds, a few, with few tokens.
struct chi_square_case
{
    rocdist_token_params p;
    size_t               tokens;
};

std::vector<chi_square_case> random_cases(size_t vocab)
{
    std::vector<chi_square_case> cases;
    for(const rocdist_token_params& p : issue_grid(vocab))
    {
        if(p.temperature == 0 || p.top_k == 1 || p.top_p == 1e-6f)
            continue;
        if(vocab <= 2)
            cases.push_back({p, 100000});
        else if(vocab <= 1000)
            cases.push_back({p, 5000});
        else if(p.temperature == 1 && p.top_p == 0.9f && (vocab <= 32000 || p.top_k == 0))
            cases.push_back({p, vocab <= 32000 ? size_t(1000) : size_t(300)});
    }
    return cases;
}

TEST(token_sampling_distribution, host_tokens_follow_the_exact_truncated_distribution)
{
    rocdist_generator g = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    size_t cases = 0;
    for(const size_t vocab : vocabularies)
        cases += random_cases(vocab).size();
    constexpr size_t batch = 50;
    for(const size_t vocab : vocabularies)
    {
        const std::vector<float> x = tied_logits(vocab, static_cast<unsigned>(vocab) + 1);
        std::vector<float>       logits;
        for(size_t r = 0; r < batch; ++r)
            logits.insert(logits.end(), x.begin(), x.end());
        for(const chi_square_case& c : random_cases(vocab))
        {
            const rocdist_token_params& p = c.p;
            std::vector<double>         counts(vocab, 0.0);
            for(size_t first = 0; first < c.tokens; first += batch)
            {
                const std::vector<unsigned int> tokens = rocdist_test::sample_tokens_vector(
                    backend::host, g, logits, std::vector<rocdist_token_params>(batch, p));
                for(size_t r = 0; r < batch && first + r < c.tokens; ++r)
                    counts[tokens[r]] += 1;
            }
            const std::vector<long double> exact = exact_truncated(x, p);
            for(size_t i = 0; i < vocab; ++i)
                if(exact[i] == 0)
                    EXPECT_EQ(counts[i], 0) << "vocab " << vocab << ": token " << i << " was cut";
            const auto statistic
                = rocdist_test::binned_chi_square(counts, exact, static_cast<double>(c.tokens), 10);
            if(statistic.degrees < 1) // one token kept: the check above is all there is
                continue;
            EXPECT_GT(rocdist_test::chi_square_p_value(statistic), rocdist_test::p_threshold / cases)
                << "vocab " << vocab << " temperature " << p.temperature << " top_k " << p.top_k << " top_p "
                << p.top_p << " min_p " << p.min_p;
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
}

} // namespace
