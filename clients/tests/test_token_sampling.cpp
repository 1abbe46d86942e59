// Token sampling's contract on both backends: each row's token is the one the
// definition gives (support/token_calls.hpp), for every combination of
// temperature, top-k, top-p and min-p on rows with ties, zeros of both signs
// and -inf logits; a row's token depends only on its own stream element,
// logits and parameters; half and bfloat16 logits give their float values'
// tokens; unfiltered rows of one tile are batched categorical sampling's
// draws. Host and GPU (the emulated one at 32 and 64 lanes in CI) are held
// to the same definition, so they give identical tokens.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/half_formats.hpp"
#include "support/categorical_rows_calls.hpp"
#include "support/gpu_test_support.hpp"
#include "support/token_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::reference_tokens;
using rocdist_test::row_streams;
using rocdist_test::sample_tokens_vector;
using rocdist_test::token_params;

// rows x vocab logits: normal, with rows whose logits are rounded to
// quarters (many ties), -inf among them, and zeros of both signs.
std::vector<float> test_logits(size_t rows, size_t vocab, unsigned seed)
{
    std::mt19937_64                 rng(seed);
    std::normal_distribution<float> z(0, 3);
    std::vector<float>              l(rows * vocab);
    for(size_t r = 0; r < rows; ++r)
        for(size_t i = 0; i < vocab; ++i)
        {
            float x = z(rng);
            if(r % 3 == 1)
                x = std::round(4 * x) / 4;
            if(r % 3 == 2 && i % 7 == 3)
                x = -INFINITY;
            if(r % 5 == 4 && i % 11 == 0)
                x = i % 2 == 0 ? 0.0f : -0.0f;
            l[r * vocab + i] = x;
        }
    return l;
}

// Every combination of the filters' interesting values, vocab-relative k included.
std::vector<rocdist_token_params> parameter_grid(size_t vocab)
{
    std::vector<rocdist_token_params> p;
    for(const float t : {0.0f, 0.3f, 1.0f, 3.0f, INFINITY})
        for(const unsigned k : {0u, 1u, 50u, static_cast<unsigned>(vocab), static_cast<unsigned>(vocab) + 5})
            for(const float top_p : {1.0f, 0.9f, 0.5f, 1e-6f})
                for(const float min_p : {0.0f, 0.05f, 0.5f})
                    p.push_back(token_params(t, k, top_p, min_p));
    return p;
}

class token_sampling : public rocdist_test::backend_test
{
};

TEST_P(token_sampling, tokens_are_the_definitions)
{
    constexpr unsigned long long seed = 0x70c3e5, offset = 12345;
    for(const size_t vocab : {size_t(1), size_t(2), size_t(37), size_t(1000), size_t(5000)})
    {
        const std::vector<rocdist_token_params> p      = parameter_grid(vocab);
        const std::vector<float>                logits = test_logits(p.size(), vocab, static_cast<unsigned>(vocab));
        ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(sample_tokens_vector(GetParam(), gen_, logits, p), reference_tokens(logits, p, seed, offset))
            << "vocab " << vocab;
    }
}

TEST_P(token_sampling, a_row_token_depends_only_on_its_stream_logits_and_parameters)
{
    // Rows with their own streams, sampled in one batch, in reverse order,
    // and one by one: the same tokens, and the definition's.
    constexpr size_t                  rows = 24, vocab = 3000;
    const std::vector<float>          logits = test_logits(rows, vocab, 5);
    std::vector<rocdist_token_params> p;
    row_streams                       streams;
    for(size_t r = 0; r < rows; ++r)
    {
        p.push_back(token_params(r % 4 == 0 ? 0.7f : 1.0f, r % 3 == 0 ? 40 : 0, r % 2 == 0 ? 0.8f : 1.0f, 0.01f));
        streams.seeds.push_back(1000 + r % 5);
        streams.positions.push_back(r * 977 + (r % 2 == 0 ? 1ull << 62 : 3));
    }
    ASSERT_EQ(rocdist_set_offset(gen_, 99), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> batch = sample_tokens_vector(GetParam(), gen_, logits, p, &streams);
    EXPECT_EQ(batch, reference_tokens(logits, p, 0, 0, &streams));

    std::vector<float>                reversed_logits;
    std::vector<rocdist_token_params> reversed_p;
    row_streams                       reversed_streams;
    for(size_t r = rows; r-- > 0;)
    {
        reversed_logits.insert(reversed_logits.end(), logits.begin() + r * vocab, logits.begin() + (r + 1) * vocab);
        reversed_p.push_back(p[r]);
        reversed_streams.seeds.push_back(streams.seeds[r]);
        reversed_streams.positions.push_back(streams.positions[r]);
    }
    const std::vector<unsigned int> reversed
        = sample_tokens_vector(GetParam(), gen_, reversed_logits, reversed_p, &reversed_streams);
    for(size_t r = 0; r < rows; ++r)
    {
        EXPECT_EQ(reversed[rows - 1 - r], batch[r]) << "row " << r;
        const std::vector<float> one(logits.begin() + r * vocab, logits.begin() + (r + 1) * vocab);
        const row_streams        own{{streams.seeds[r]}, {streams.positions[r]}};
        EXPECT_EQ(sample_tokens_vector(GetParam(), gen_, one, {p[r]}, &own)[0], batch[r]) << "row " << r;
    }
    // Rows with their own streams leave the generator's position where it was.
    rocdist_generator fresh = nullptr;
    ASSERT_EQ(rocdist_test::create_generator(backend::host, &fresh), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(fresh, 99), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> expected = rocdist_test::generate_vector<unsigned int>(backend::host, fresh, 8);
    EXPECT_EQ(rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, 8), expected);
    EXPECT_EQ(rocdist_destroy_generator(fresh), ROCDIST_STATUS_SUCCESS);
}

TEST_P(token_sampling, the_position_advances_by_rows_and_splits_change_nothing)
{
    constexpr size_t                        rows = 30, vocab = 500;
    const std::vector<float>                logits = test_logits(rows, vocab, 9);
    const std::vector<rocdist_token_params> p(rows, token_params(1.0f, 20, 0.95f));
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> whole = sample_tokens_vector(GetParam(), gen_, logits, p);
    const std::vector<unsigned int> after = rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, 5);

    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    std::vector<unsigned int> split;
    for(size_t first = 0; first < rows; first += 7)
    {
        const size_t             n = std::min<size_t>(7, rows - first);
        const std::vector<float> part(logits.begin() + first * vocab, logits.begin() + (first + n) * vocab);
        const std::vector<rocdist_token_params> part_p(p.begin() + first, p.begin() + first + n);
        const std::vector<unsigned int>         tokens = sample_tokens_vector(GetParam(), gen_, part, part_p);
        split.insert(split.end(), tokens.begin(), tokens.end());
    }
    EXPECT_EQ(split, whole);
    EXPECT_EQ(rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, 5), after);
    EXPECT_EQ(whole, reference_tokens(logits, p, 4, 0));
}

TEST_P(token_sampling, half_and_bfloat16_logits_give_their_float_values_tokens)
{
    constexpr size_t                        rows = 40, vocab = 2000;
    const std::vector<float>                logits = test_logits(rows, vocab, 11);
    const std::vector<rocdist_token_params> p      = [] {
        std::vector<rocdist_token_params> v;
        for(size_t r = 0; r < rows; ++r)
            v.push_back(token_params(r % 5 == 0 ? 0.0f : 0.5f + r % 3, r % 4 == 0 ? 30 : 0, r % 2 ? 0.9f : 1.0f,
                                     r % 3 == 0 ? 0.02f : 0.0f));
        return v;
    }();
    for(const rocdist_value_type type : {ROCDIST_VALUE_HALF, ROCDIST_VALUE_BFLOAT16})
    {
        std::vector<std::uint16_t> words;
        std::vector<float>         values;
        for(const float x : logits)
        {
            const std::uint16_t w = type == ROCDIST_VALUE_HALF ? rocdist::distributions::half_bits(x)
                                                               : rocdist::distributions::bfloat16_bits(x);
            words.push_back(w);
            values.push_back(type == ROCDIST_VALUE_HALF ? rocdist::distributions::float_from_half(w)
                                                        : rocdist::distributions::float_from_bfloat16(w));
        }
        ASSERT_EQ(rocdist_set_offset(gen_, 77), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> narrow = sample_tokens_vector(GetParam(), gen_, words, type, p);
        ASSERT_EQ(rocdist_set_offset(gen_, 77), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(narrow, sample_tokens_vector(GetParam(), gen_, values, p)) << "type " << type;
        EXPECT_EQ(narrow, reference_tokens(values, p, 0, 77)) << "type " << type;
    }
}

TEST_P(token_sampling, unfiltered_rows_of_one_tile_are_batched_categorical_draws)
{
    // With the row's largest logit as its one tile's, the weights and the
    // draw are rocdist_generate_categorical_logits's.
    constexpr size_t         rows = 50, vocab = 4096;
    const std::vector<float> logits = test_logits(rows, vocab, 13);
    for(const float t : {0.4f, 1.0f, 2.5f})
    {
        ASSERT_EQ(rocdist_set_offset(gen_, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> tokens
            = sample_tokens_vector(GetParam(), gen_, logits, std::vector<rocdist_token_params>(rows, token_params(t)));
        ASSERT_EQ(rocdist_set_offset(gen_, 5), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(tokens, rocdist_test::logits_vector(GetParam(), gen_, logits, rows, t, 1)) << "temperature " << t;
    }
}

ROCDIST_INSTANTIATE_BACKENDS(token_sampling);

} // namespace
