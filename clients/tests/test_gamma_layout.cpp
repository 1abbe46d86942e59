// The gamma stream's layout as docs/gamma.md states it, rebuilt here from
// Philox blocks, Box-Muller pairs and the per-attempt functions, against the
// block functor that both backends run. Element G b + k makes attempt k of
// substream (gamma_group, b): block 1 + k/2 (float: the pair from words
// 0-1, U from word 2 + k%2) or blocks 1 and 2 (double: the pair, then U
// from words 2k, 2k+1), with U' from block 0 (word k, or words 2k, 2k+1);
// if rejected, attempts j = 0, 1, ... of substream (gamma, G b + k), one
// block j (float: the pair's first normal, U, U') or blocks 2j, 2j+1
// (double) each. Retries are rare but present at every shape tested, so
// both branches are exercised.
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace
{

namespace blocks        = rocdist::blocks;
namespace distributions = rocdist::distributions;
namespace engine        = rocdist::engine;

const engine::philox_key key{{0x243f6a88u, 0x85a308d3u}};

// Attempt k of packet b's group: true with dv when accepted.
template <class T>
bool reference_group_attempt(const distributions::gamma_params<T>& p, engine::substream_id group, unsigned k, T& dv)
{
    distributions::gamma_draw<T> draw;
    if constexpr(sizeof(T) == sizeof(float))
    {
        const engine::philox_words w    = engine::substream_block(key, group, 1 + k / 2);
        const auto                 pair = distributions::box_muller(w.w[0], w.w[1]);
        draw = distributions::make_gamma_draw(k % 2 == 0 ? pair.first : pair.second, w.w[2 + k % 2]);
    }
    else
    {
        const engine::philox_words n    = engine::substream_block(key, group, 1);
        const engine::philox_words u    = engine::substream_block(key, group, 2);
        const auto                 pair = distributions::box_muller(n.w[0], n.w[1], n.w[2], n.w[3]);
        draw = distributions::make_gamma_draw(k == 0 ? pair.first : pair.second, u.w[2 * k], u.w[2 * k + 1]);
    }
    return distributions::gamma_accept(p, draw, dv);
}

// Retry attempt j of element e: true with dv and U''s log when accepted.
template <class T>
bool reference_retry(const distributions::gamma_params<T>& p, std::uint64_t e, unsigned j, T& dv, T& log_boost)
{
    const engine::substream_id own = engine::element_substream(engine::substream_tag::gamma, e);
    if constexpr(sizeof(T) == sizeof(float))
    {
        const engine::philox_words w = engine::substream_block(key, own, j);
        log_boost                    = distributions::gamma_log_boost(p, w.w[3]);
        return distributions::gamma_accept(
            p, distributions::make_gamma_draw(distributions::box_muller(w.w[0], w.w[1]).first, w.w[2]), dv);
    }
    else
    {
        const engine::philox_words n = engine::substream_block(key, own, 2 * j);
        const engine::philox_words u = engine::substream_block(key, own, 2 * j + 1);
        log_boost                    = distributions::gamma_log_boost(p, u.w[2], u.w[3]);
        const double z               = distributions::box_muller(n.w[0], n.w[1], n.w[2], n.w[3]).first;
        return distributions::gamma_accept(p, distributions::make_gamma_draw(z, u.w[0], u.w[1]), dv);
    }
}

// Packet b as the documentation lays it out; counts the retried elements.
template <class T>
void reference_packet(const distributions::gamma_params<T>& p, std::uint64_t b, T* v, std::uint64_t& retried)
{
    constexpr unsigned         G     = blocks::gamma_group_size<T>;
    const engine::substream_id group = engine::element_substream(engine::substream_tag::gamma_group, b);
    const engine::philox_words boost = engine::substream_block(key, group, 0);
    for(unsigned k = 0; k < G; ++k)
    {
        T dv, log_boost;
        if(reference_group_attempt(p, group, k, dv))
        {
            if constexpr(sizeof(T) == sizeof(float))
                log_boost = distributions::gamma_log_boost(p, boost.w[k]);
            else
                log_boost = distributions::gamma_log_boost(p, boost.w[2 * k], boost.w[2 * k + 1]);
        }
        else
        {
            ++retried;
            for(unsigned j = 0; !reference_retry(p, G * b + k, j, dv, log_boost); ++j)
            {
            }
        }
        v[k] = distributions::gamma_variate(p, dv, p.boost ? log_boost : T(0));
    }
}

template <class T>
void expect_documented_layout(T shape)
{
    SCOPED_TRACE(::testing::Message() << "shape " << shape);
    constexpr unsigned              G = blocks::gamma_group_size<T>;
    const auto                      p = distributions::make_gamma_params(shape, T(1));
    const blocks::gamma_functor<T> f{key, p};
    std::uint64_t                   differing = 0, retried = 0;
    constexpr std::uint64_t         blocks    = 40000;
    for(std::uint64_t b = 0; b < blocks; ++b)
    {
        T functor[G], reference[G];
        f(b, functor);
        reference_packet(p, b, reference, retried);
        differing += std::memcmp(functor, reference, sizeof functor) != 0;
    }
    EXPECT_EQ(differing, 0u);
    // Every shape here rejects between 0.2% and 10% of first attempts.
    EXPECT_GT(retried, blocks * G / 1000);
}

// Shapes below 1 (boosted), near 1, and large; the small ones reject often.
TEST(gamma_layout, float_elements_follow_the_documented_words)
{
    for(const float shape : {0.05f, 0.5f, 1.0f, 2.5f, 10.0f})
        expect_documented_layout(shape);
}

TEST(gamma_layout, double_elements_follow_the_documented_words)
{
    for(const double shape : {0.05, 0.5, 1.0, 2.5, 10.0})
        expect_documented_layout(shape);
}

} // namespace
