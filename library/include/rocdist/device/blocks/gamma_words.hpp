// Which words feed which Marsaglia-Tsang attempt (distributions/gamma.hpp).
//
// Groups. A packet's G elements (G = 4 floats or 2 doubles) make their first
// attempts from one group substream (tag gamma_group, index the packet's
// engine block), two attempts per Box-Muller pair. Attempt k of a group:
//   float:  block 1 + k/2: the pair from words 0-1, its first normal for
//           even k and its second for odd k; U from word 2 + k%2;
//   double: block 1: the pair from words 0-3 (first normal for k = 0,
//           second for k = 1); block 2: U from words 2k, 2k+1;
//   both:   block 0, for shapes below 1: U' from word k (float) or words
//           2k, 2k+1 (double).
// A packet thus takes two Philox blocks (three below shape 1) and two Box-
// Muller transforms (one for doubles). A fast-ordering candidate is one
// group of its candidate substream, each accepted attempt an output.
// Attempts past G continue in the same pattern (blocks 3, 4, ...).
//
// Retries. An element whose first attempt is rejected continues with
// attempts 0, 1, 2, ... of its own substream (tag gamma, its index), one
// attempt per block j (float: words 0-1 the pair, of which the first normal,
// word 2 U, word 3 U') or per blocks 2j, 2j+1 (double: the pair, then U and
// U'). Retries are rare (0.3% to 3% of elements), and a warp's retry loop
// holds less state per lane without a pair to share.
//
// U' is read by no decision, so it is independent of the variate it boosts.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist::blocks
{

template <class T>
constexpr unsigned gamma_group_size = sizeof(T) == sizeof(float) ? 4 : 2;

// The attempts of a group, in order.
template <class T>
class gamma_group
{
public:
    ROCDIST_HOST_DEVICE gamma_group(engine::philox_key key, engine::substream_id id) : key_(key), id_(id) {}

    // The next attempt: true with dv = d v when it is accepted.
    ROCDIST_HOST_DEVICE bool next(const distributions::gamma_params<T>& p, T& dv)
    {
        return distributions::gamma_accept(p, draw(), dv);
    }

    // Passes over the next attempt, whose element is not computed; its
    // words still feed its partner's.
    ROCDIST_HOST_DEVICE void skip() { (void)draw(); }

    // The block of the group's U' words (shapes below 1).
    ROCDIST_HOST_DEVICE engine::philox_words boost_block() const { return engine::substream_block(key_, id_, 0); }

private:
    ROCDIST_HOST_DEVICE ROCDIST_FORCE_INLINE distributions::gamma_draw<T> draw()
    {
        const unsigned k = next_++;
        if constexpr(sizeof(T) == sizeof(float))
        {
            if(k % 2 == 0)
            {
                words_ = engine::substream_block(key_, id_, 1 + k / 2);
                pair_  = distributions::box_muller(words_.w[0], words_.w[1]);
            }
            return k % 2 == 0 ? distributions::make_gamma_draw(pair_.first, words_.w[2])
                              : distributions::make_gamma_draw(pair_.second, words_.w[3]);
        }
        else
        {
            if(k % 2 == 0)
            {
                const engine::philox_words n = engine::substream_block(key_, id_, 1 + k);
                pair_  = distributions::box_muller(n.w[0], n.w[1], n.w[2], n.w[3]);
                words_ = engine::substream_block(key_, id_, 2 + k);
            }
            return k % 2 == 0 ? distributions::make_gamma_draw(pair_.first, words_.w[0], words_.w[1])
                              : distributions::make_gamma_draw(pair_.second, words_.w[2], words_.w[3]);
        }
    }

    engine::philox_key            key_;
    engine::substream_id          id_;
    unsigned                      next_ = 0;
    engine::philox_words          words_{};
    distributions::normal_pair<T> pair_{};
};

// log U' for attempt k of a group, from its U' block.
template <class T>
ROCDIST_HOST_DEVICE T gamma_boost_log_u(const engine::philox_words& boost, unsigned k)
{
    if constexpr(sizeof(T) == sizeof(float))
        return distributions::log_uniform(engine::word_at(boost, k));
    else
        return distributions::log_uniform(engine::word_at(boost, 2 * k), engine::word_at(boost, 2 * k + 1));
}

// log U' / a for attempt k of a group, from its U' block.
template <class T>
ROCDIST_HOST_DEVICE T gamma_log_boost(const distributions::gamma_params<T>& p, const engine::philox_words& boost,
                                      unsigned k)
{
    return distributions::gamma_boost_exponent(p, gamma_boost_log_u<T>(boost, k));
}

// One attempt from the words of one Philox block (float: the pair from
// words 0-1, of which the first normal, U from word 2, U' from word 3) or
// two (double: the pair from the first, U and U' from the second): true
// with dv = d v and, for shapes below 1, log_u = log U' when it is accepted.
// A retry's layout, and the device API's attempts on a user's generator.
template <class T>
ROCDIST_HOST_DEVICE bool gamma_block_attempt(const distributions::gamma_params<T>& p, const engine::philox_words& a,
                                             const engine::philox_words& b, T& dv, T& log_u)
{
    if constexpr(sizeof(T) == sizeof(float))
    {
        (void)b;
        const float z = distributions::box_muller(a.w[0], a.w[1]).first;
        if(!distributions::gamma_accept(p, distributions::make_gamma_draw(z, a.w[2]), dv))
            return false;
        log_u = p.boost ? distributions::log_uniform(a.w[3]) : 0.0f;
    }
    else
    {
        const double z = distributions::box_muller(a.w[0], a.w[1], a.w[2], a.w[3]).first;
        if(!distributions::gamma_accept(p, distributions::make_gamma_draw(z, b.w[0], b.w[1]), dv))
            return false;
        log_u = p.boost ? distributions::log_uniform(b.w[2], b.w[3]) : 0.0;
    }
    return true;
}

// Retry attempt j of element `element`, as gamma_block_attempt.
template <class T>
ROCDIST_HOST_DEVICE bool gamma_retry_attempt(engine::philox_key key, std::uint64_t element, std::uint32_t j,
                                             const distributions::gamma_params<T>& p, T& dv, T& log_u)
{
    const engine::substream_id own = engine::element_substream(engine::substream_tag::gamma, element);
    if constexpr(sizeof(T) == sizeof(float))
        return gamma_block_attempt(p, engine::substream_block(key, own, j), engine::philox_words{}, dv, log_u);
    else
        return gamma_block_attempt(p, engine::substream_block(key, own, 2 * j),
                                   engine::substream_block(key, own, 2 * j + 1), dv, log_u);
}

// Retry attempt j of element `element`: true with out = the variate times
// scale when it is accepted.
template <class T>
ROCDIST_HOST_DEVICE bool gamma_retry(engine::philox_key key, std::uint64_t element, std::uint32_t j,
                                     const distributions::gamma_params<T>& p, T& out)
{
    T dv, log_u;
    if(!gamma_retry_attempt(key, element, j, p, dv, log_u))
        return false;
    out = distributions::gamma_variate(p, dv, p.boost ? distributions::gamma_boost_exponent(p, log_u) : T(0));
    return true;
}

// A fast-ordering candidate: one group, each accepted attempt an output.
template <class T>
class gamma_group_outputs
{
public:
    ROCDIST_HOST_DEVICE gamma_group_outputs(engine::philox_key key, engine::substream_id id) : group_(key, id) {}

    // The next attempt: true with out = the variate times scale when accepted.
    ROCDIST_HOST_DEVICE bool next(const distributions::gamma_params<T>& p, T& out)
    {
        const unsigned k = k_++;
        T              dv;
        if(!group_.next(p, dv))
            return false;
        if(p.boost && !has_boost_)
        {
            boost_     = group_.boost_block();
            has_boost_ = true;
        }
        out = distributions::gamma_variate(p, dv, p.boost ? gamma_log_boost(p, boost_, k) : T(0));
        return true;
    }

private:
    gamma_group<T>       group_;
    unsigned             k_         = 0;
    bool                 has_boost_ = false;
    engine::philox_words boost_{};
};

} // namespace rocdist::blocks
