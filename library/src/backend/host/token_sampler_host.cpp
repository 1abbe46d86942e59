#include "backend/host/token_sampler_host.hpp"

#include <algorithm>
#include <atomic>
#include <vector>

#include "backend/host/parallel_for.hpp"
#include "backend/host/simd/categorical_rows_tiles.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"

namespace rocdist::host
{
namespace
{

using distributions::rank_key;

// Below this many logits a thread's start-up outweighs the rows it takes over.
constexpr std::uint64_t min_logits_per_thread = std::uint64_t(1) << 16;

// One thread's copies of a row: its logits as floats (half and bfloat16),
// order keys, weights, the tokens top-k keeps, and the candidates of a
// selection. Allocated before the threads start, so that a refusal is the
// call's status.
struct row_scratch
{
    explicit row_scratch(std::uint64_t vocab) : logits(vocab), keys(vocab), weights(vocab), index(vocab)
    {
        candidates.reserve(vocab);
    }
    std::vector<float>         logits;
    std::vector<std::uint32_t> keys;
    std::vector<std::uint64_t> weights;
    std::vector<std::uint32_t> index;
    std::vector<std::uint32_t> candidates;
};

// The tokens still in play, n of them in index order: token j's order key,
// logit and index (the row's j-th when index is NULL).
struct tokens_in_play
{
    std::uint64_t        n;
    const std::uint32_t* keys;
    const float*         logits;
    const std::uint32_t* index;

    std::uint32_t token(std::uint64_t j) const
    {
        return index != nullptr ? index[j] : static_cast<std::uint32_t>(j);
    }
    std::uint64_t rank(std::uint64_t j) const { return rank_key(keys[j], token(j)); }
};

// The threshold rank_selection finds among the tokens in play of rank key
// >= lower, token j weighing measure(j): the first pass reads them all,
// later ones only the candidates the chosen digits leave.
template <class Measure>
std::uint64_t select_threshold(const tokens_in_play& t, std::uint64_t lower, std::uint64_t needed,
                               const Measure& measure, std::vector<std::uint32_t>& candidates)
{
    auto          selection      = distributions::rank_selection::start(needed);
    std::uint64_t histogram[256] = {};
    for(std::uint32_t j = 0; j < t.n; ++j)
    {
        const std::uint64_t key = t.rank(j);
        if(key >= lower)
            histogram[selection.digit(key)] += measure(j);
    }
    selection.step(histogram);
    candidates.clear();
    if(!selection.done)
        for(std::uint32_t j = 0; j < t.n; ++j)
        {
            const std::uint64_t key = t.rank(j);
            if(key >= lower && selection.matches(key))
                candidates.push_back(j);
        }
    while(!selection.done)
    {
        std::fill(histogram, histogram + 256, std::uint64_t(0));
        for(const std::uint32_t j : candidates)
            histogram[selection.digit(t.rank(j))] += measure(j);
        selection.step(histogram);
        candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                        [&](std::uint32_t j) { return !selection.matches(t.rank(j)); }),
                         candidates.end());
    }
    return selection.threshold();
}

std::uint32_t sample_row(const backend::token_batch& batch, std::uint64_t row, row_scratch& s)
{
    const distributions::token_filter_params p     = backend::filter_params(batch.params[row]);
    const std::uint64_t                      vocab = batch.vocab;
    const std::uint64_t                      first = row * vocab;
    const float*                             x     = s.logits.data();
    if(batch.logits.type == ROCDIST_VALUE_FLOAT)
        x = static_cast<const float*>(batch.logits.values) + first;
    else
    {
        const auto* words = static_cast<const std::uint16_t*>(batch.logits.values) + first;
        if(batch.logits.type == ROCDIST_VALUE_HALF)
            for(std::uint64_t i = 0; i < vocab; ++i)
                s.logits[i] = distributions::float_from_half(words[i]);
        else
            for(std::uint64_t i = 0; i < vocab; ++i)
                s.logits[i] = distributions::float_from_bfloat16(words[i]);
    }

    std::uint32_t* keys  = s.keys.data();
    bool           valid = distributions::valid_token_params(p);
    std::uint32_t  best  = 0;
    for(std::uint64_t i = 0; i < vocab; ++i)
    {
        valid &= distributions::valid_token_logit(x[i]);
        keys[i] = distributions::order_key(x[i]);
        best    = std::max(best, keys[i]);
    }
    if(!valid || best <= distributions::minus_infinity_order_key)
        return distributions::invalid_token;
    if(p.temperature == 0.0f) // greedy: the first of the largest
        return static_cast<std::uint32_t>(std::find(keys, keys + vocab, best) - keys);

    // top-k by counts, before any weight is computed; what it keeps is
    // compacted (in place: a token only moves down) and the rest forgotten.
    tokens_in_play t{vocab, keys, x, nullptr};
    if(backend::top_k_cuts(p.top_k, vocab))
    {
        const std::uint64_t cut = select_threshold(t, 0, p.top_k, [](std::uint32_t) { return std::uint64_t(1); },
                                                   s.candidates);
        std::uint64_t       n   = 0;
        for(std::uint32_t i = 0; i < vocab; ++i)
            if(rank_key(keys[i], i) >= cut)
            {
                keys[n]       = keys[i];
                s.logits[n]   = x[i];
                s.index[n++]  = i;
            }
        t = {n, keys, s.logits.data(), s.index.data()};
    }

    const backend::token_row r = backend::make_token_row(p, distributions::logit_of_order_key(best), vocab);
    std::uint64_t*           w = s.weights.data();
    simd::logit_fixed_points(t.logits, t.n, r.scale, r.c, r.bits, w);

    std::uint64_t threshold = 0; // every rank key is at least 0
    if(p.top_p < 1.0f)
    {
        std::uint64_t kept = 0;
        for(std::uint64_t j = 0; j < t.n; ++j)
            kept += w[j];
        threshold = select_threshold(t, 0, distributions::scaled_ceil(kept, p.top_p),
                                     [w](std::uint32_t j) { return w[j]; }, s.candidates);
    }

    const auto    weight = [&](std::uint64_t j) { return t.rank(j) >= threshold && w[j] >= r.least_weight ? w[j] : 0; };
    std::uint64_t total  = 0;
    for(std::uint64_t j = 0; j < t.n; ++j)
        total += weight(j);
    const std::uint64_t target  = distributions::row_target(batch.streams.bits(row), total);
    std::uint64_t       through = 0;
    std::uint64_t       j       = 0;
    // The row's largest logit is kept and weighs at least 2^31, so the
    // total exceeds the target and the walk ends within the tokens in play.
    while((through += weight(j)) <= target)
        ++j;
    return t.token(j);
}

} // namespace

bool sample_tokens(const backend::token_batch& batch)
{
    const std::uint64_t threads
        = threads_for(batch.rows, std::max<std::uint64_t>(1, min_logits_per_thread / batch.vocab));
    std::vector<row_scratch> scratch;
    scratch.reserve(threads);
    for(std::uint64_t t = 0; t < threads; ++t)
        scratch.emplace_back(batch.vocab);

    std::atomic<bool>   invalid{false};
    const std::uint64_t chunk = (batch.rows + threads - 1) / threads;
    run_on_threads(threads, [&](std::uint64_t t) {
        const std::uint64_t end = std::min(batch.rows, (t + 1) * chunk);
        for(std::uint64_t row = t * chunk; row < end; ++row)
        {
            batch.tokens[row] = sample_row(batch, row, scratch[t]);
            if(batch.tokens[row] == distributions::invalid_token)
                invalid.store(true, std::memory_order_relaxed);
        }
    });
    return !invalid.load();
}

} // namespace rocdist::host
