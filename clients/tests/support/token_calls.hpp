// Token sampling on either backend (inputs copied into memory of the
// backend's kind, tokens read back through a guarded buffer), and the
// definition once more (docs/token_sampling.md), written the plain way:
// the row sorted by (logit, index), each cut a prefix of that order found
// by a linear scan and compared as exact big integers, the draw a linear
// walk. Only the weights are the library's per-element function.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>
#include <gtest/gtest.h>

#include "backend/token_rows.hpp"
#include "categorical_calls.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_token_params token_params(float temperature, unsigned top_k = 0, float top_p = 1, float min_p = 0)
{
    return {temperature, top_k, top_p, min_p};
}

// Where the rows' uniforms come from: the generator's stream, or each row's own.
struct row_streams
{
    std::vector<unsigned long long> seeds, positions;
};

// One token per row of logits (T: float, or uint16_t words of `type`).
template <class T>
std::vector<unsigned int> sample_tokens_vector(backend b, rocdist_generator g, const std::vector<T>& logits,
                                               rocdist_value_type type, const std::vector<rocdist_token_params>& p,
                                               const row_streams* streams = nullptr)
{
    const size_t                             rows = p.size();
    const backend_weights<T>                 values(b, logits);
    const backend_weights<rocdist_token_params> params(b, p);
    std::vector<unsigned long long>          none(1);
    const backend_weights<unsigned long long> seeds(b, streams != nullptr ? streams->seeds : none);
    const backend_weights<unsigned long long> positions(b, streams != nullptr ? streams->positions : none);
    backend_buffer<unsigned int>             out(b, rows);
    const rocdist_status                     status = rocdist_sample_tokens(
        g, values.data(), type, rows, logits.size() / rows, params.data(), streams != nullptr ? seeds.data() : nullptr,
        streams != nullptr ? positions.data() : nullptr, out.data());
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

inline std::vector<unsigned int> sample_tokens_vector(backend b, rocdist_generator g, const std::vector<float>& logits,
                                                      const std::vector<rocdist_token_params>& p,
                                                      const row_streams* streams = nullptr)
{
    return sample_tokens_vector(b, g, logits, ROCDIST_VALUE_FLOAT, p, streams);
}

// A float f in (0, 1] as m 2^-e exactly.
struct binary_fraction
{
    std::uint64_t m;
    int           e;
};

inline binary_fraction as_binary_fraction(float f)
{
    int         e = 0;
    const float r = std::frexp(f, &e); // f = r 2^e, r in [0.5, 1)
    return {static_cast<std::uint64_t>(std::ldexp(r, 24)), 24 - e};
}

// a >= f b, exactly.
inline bool at_least_fraction_of(std::uint64_t a, float f, std::uint64_t b)
{
    using boost::multiprecision::cpp_int;
    const binary_fraction q = as_binary_fraction(f);
    if(q.e < 64) // both sides fit 128 bits
        return (static_cast<unsigned __int128>(a) << q.e) >= static_cast<unsigned __int128>(q.m) * b;
    return (cpp_int(a) << q.e) >= cpp_int(q.m) * cpp_int(b);
}

// A row by the definition: invalid, greedy, or its kept tokens (index order)
// and their weights.
class reference_token_row
{
public:
    reference_token_row(const float* x, size_t vocab, const rocdist_token_params& p)
    {
        const bool params_valid = p.temperature >= 0 && p.top_p > 0 && p.top_p <= 1 && p.min_p >= 0 && p.min_p < 1;
        bool       any_finite   = false;
        for(size_t i = 0; i < vocab; ++i)
        {
            if(std::isnan(x[i]) || x[i] == INFINITY)
                invalid_ = true;
            any_finite |= std::isfinite(x[i]);
        }
        invalid_ |= !params_valid || !any_finite;
        if(invalid_)
            return;
        std::vector<std::uint32_t> order(vocab);
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return x[a] > x[b] || (x[a] == x[b] && a < b); });
        if(p.temperature == 0)
        {
            greedy_ = true;
            kept_   = {order[0]};
            return;
        }
        const auto row = rocdist::backend::make_token_row(rocdist::backend::filter_params(p), x[order[0]], vocab);
        std::vector<std::uint64_t> w(vocab);
        for(size_t i = 0; i < vocab; ++i)
            w[i] = row.weight(x[i]);

        size_t n = p.top_k == 0 || p.top_k >= vocab ? vocab : p.top_k;
        if(p.top_p < 1)
        {
            std::uint64_t sum = 0;
            for(size_t j = 0; j < n; ++j)
                sum += w[order[j]];
            std::uint64_t through = 0;
            for(size_t j = 0; j < n; ++j)
                if(at_least_fraction_of(through += w[order[j]], p.top_p, sum))
                {
                    n = j + 1;
                    break;
                }
        }
        const std::uint64_t largest = w[order[0]];
        for(size_t j = 0; j < n; ++j)
            if(p.min_p == 0 || at_least_fraction_of(w[order[j]], p.min_p, largest))
                kept_.push_back(order[j]);
        std::sort(kept_.begin(), kept_.end());
        for(const std::uint32_t i : kept_)
            weights_.push_back(w[i]);
    }

    bool                              invalid() const { return invalid_; }
    const std::vector<std::uint32_t>& kept() const { return kept_; }
    const std::vector<std::uint64_t>& weights() const { return weights_; }

    unsigned int token(std::uint64_t bits) const
    {
        if(invalid_)
            return ROCDIST_INVALID_TOKEN;
        if(greedy_)
            return kept_[0];
        const std::uint64_t total  = std::accumulate(weights_.begin(), weights_.end(), std::uint64_t(0));
        const auto          target = static_cast<std::uint64_t>((static_cast<unsigned __int128>(bits) * total) >> 64);
        std::uint64_t       through = 0;
        size_t              j       = 0;
        while((through += weights_[j]) <= target)
            ++j;
        return kept_[j];
    }

private:
    bool                       invalid_ = false, greedy_ = false;
    std::vector<std::uint32_t> kept_;
    std::vector<std::uint64_t> weights_;
};

// The definition's tokens for rows of logits at (seed, offset), or from each
// row's own stream.
inline std::vector<unsigned int> reference_tokens(const std::vector<float>& logits,
                                                  const std::vector<rocdist_token_params>& p, unsigned long long seed,
                                                  unsigned long long offset, const row_streams* streams = nullptr)
{
    const size_t              rows = p.size(), vocab = logits.size() / rows;
    std::vector<unsigned int> out;
    for(size_t r = 0; r < rows; ++r)
    {
        const reference_token_row row(logits.data() + r * vocab, vocab, p[r]);
        const std::uint64_t       bits
            = streams == nullptr
                  ? rocdist::engine::double_bits(rocdist::engine::philox_key_from_seed(seed), offset + r)
                  : rocdist::engine::double_bits(rocdist::engine::philox_key_from_seed(streams->seeds[r]),
                                                 streams->positions[r]);
        out.push_back(row.token(bits));
    }
    return out;
}

} // namespace rocdist_test
