// The host backend's float gamma kernel (run_blocks in block_kernels.hpp),
// compiled once for each Highway target like block_kernels.cpp. A vector
// target takes the first attempts of Lanes(d) packets (4 Lanes(d)
// elements) at once, lane i for packet i (backend/gamma_words.hpp): blocks
// 1 and 2 of the packets' group substreams, their Philox rounds interleaved,
// and block 0 below shape 1; the normals from words 0-1 of blocks 1 and 2 by
// the vector Box-Muller of the normals (first and second normal of each
// pair), U from words 2 and 3; then the attempt in the lanes
// (gamma_lanes.hpp). Rejected elements (1.4% at shape 2.5, 2.7% at 0.5)
// queue up and take their first retry Lanes(d) at a time from block 0 of
// their own substreams (gathered counters); those rejected again finish in
// the scalar gamma_retry from block 1 on, exactly where the functor's
// retries would. This file is compiled with -ffp-contract=off, as
// block_kernels.cpp is.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/gamma_functor.hpp"
#include "backend/host/simd/block_kernels.hpp"
#include "config.hpp"
#include "engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/gamma_blocks.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/gamma_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

using d32_t = hn::ScalableTag<std::uint32_t>;
using v32_t = hn::Vec<d32_t>;
using df_t  = hn::RebindToFloat<d32_t>;

constexpr std::size_t max_lanes = hn::MaxLanes(d32_t());

// The counters {block, word1, index_lo, index_hi} of substream indices
// first .. first + Lanes(d) - 1 (engine::substream_block).
HWY_INLINE void substream_counters(d32_t d, std::uint32_t block, std::uint32_t word1, std::uint64_t first,
                                   v32_t& w0, v32_t& w1, v32_t& w2, v32_t& w3)
{
    const auto low = static_cast<std::uint32_t>(first);
    if(low <= 0xffffffffu - (hn::Lanes(d) - 1))
    {
        w0 = hn::Set(d, block);
        w1 = hn::Set(d, word1);
        w2 = hn::Add(hn::Iota(d, 0u), hn::Set(d, low));
        w3 = hn::Set(d, static_cast<std::uint32_t>(first >> 32));
        return;
    }
    counters_by_lane(
        d,
        [=](std::size_t i) {
            const std::uint64_t index = first + i;
            return engine::philox_words{
                {block, word1, static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)}};
        },
        w0, w1, w2, w3);
}

// The parameters of a functor's element: the call's for one shape...
inline distributions::gamma_params<float> element_params(const backend::gamma_functor<float>& f, std::uint64_t)
{
    return f.params;
}

// ...or the element's own; elements outside the call (those of a partial
// block at either end, computed and dropped) take shape 1.
inline distributions::gamma_params<float> element_params(const backend::gamma_shapes_functor<float>& f,
                                                         std::uint64_t i)
{
    return f.shapes.has(i) ? f.shapes.at(i)
                           : distributions::make_gamma_params(1.0f, f.shapes.scale, f.shapes.log_scale);
}

inline distributions::gamma_params<float> element_params(const backend::gamma_cycle_functor<float>& f,
                                                         std::uint64_t i)
{
    return f.shapes.at(i);
}

// The call's scale and its logarithm (1 and 0 for beta's and Dirichlet's).
inline float call_scale(const backend::gamma_functor<float>& f) { return f.params.scale; }
inline float call_scale(const backend::gamma_shapes_functor<float>& f) { return f.shapes.scale; }
inline float call_scale(const backend::gamma_cycle_functor<float>&) { return 1.0f; }
inline float call_log_scale(const backend::gamma_functor<float>& f) { return f.params.log_scale; }
inline float call_log_scale(const backend::gamma_shapes_functor<float>& f) { return f.shapes.log_scale; }
inline float call_log_scale(const backend::gamma_cycle_functor<float>&) { return 0.0f; }

// The parameters of a group's 4 Lanes(d) attempts, one per element, as
// arrays the lanes load (distributions::gamma_params' fields; boost as a
// lane mask).
struct attempt_params
{
    HWY_ALIGN float         c[4 * max_lanes];
    HWY_ALIGN float         d[4 * max_lanes];
    HWY_ALIGN float         half_defect[4 * max_lanes];
    HWY_ALIGN float         inv_shape[4 * max_lanes];
    HWY_ALIGN std::uint32_t boost[4 * max_lanes];

    void set(std::size_t at, const distributions::gamma_params<float>& p)
    {
        c[at]           = p.c;
        d[at]           = p.d;
        half_defect[at] = p.half_defect;
        inv_shape[at]   = p.inv_shape;
        boost[at]       = p.boost ? ~0u : 0u;
    }
    void copy(std::size_t to, const attempt_params& from, std::size_t at)
    {
        c[to]           = from.c[at];
        d[to]           = from.d[at];
        half_defect[to] = from.half_defect[at];
        inv_shape[to]   = from.inv_shape[at];
        boost[to]       = from.boost[at];
    }
};

// The attempts whose parameters are entries at .. at + Lanes(d) - 1.
HWY_INLINE hn::Vec<df_t> gamma_attempt_at(const attempt_params& a, std::size_t at, float scale, float log_scale,
                                          hn::Vec<df_t> z, v32_t u, v32_t boost_word, hn::Vec<df_t>& dv,
                                          hn::Vec<df_t>& power, hn::Mask<df_t>& rejected, hn::Mask<df_t>& wide)
{
    const d32_t d;
    const df_t  df;
    const auto  boost = hn::RebindMask(df, hn::Ne(hn::Load(d, a.boost + at), hn::Zero(d)));
    return gamma_attempt(df, hn::Load(df, a.c + at), hn::Load(df, a.d + at), hn::Load(df, a.half_defect + at), boost,
                         hn::Load(df, a.inv_shape + at), scale, log_scale, z, u, boost_word, dv, power, rejected, wide);
}

template <class Functor>
class gamma_packets
{
public:
    explicit gamma_packets(const Functor& f) : f_(f), keys_(make_round_keys(f.key))
    {
        if constexpr(one_shape)
        {
            for(std::size_t i = 0; i < 4 * hn::Lanes(d32_t()); ++i)
                group_.set(i, f.params);
            any_boost_ = f.params.boost;
        }
    }

    // Packets first .. first + Lanes(d) - 1 to dst[0 .. 4 Lanes(d)).
    void first_attempts(std::uint64_t first, float* dst)
    {
        constexpr std::uint32_t group = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma_group);
        const d32_t             d;
        const df_t              df;
        if constexpr(!one_shape)
        {
            // Attempt k of lane i (element 4 (first + i) + k) at entry k L + i.
            any_boost_      = false;
            const std::size_t lanes = hn::Lanes(d);
            if constexpr(std::is_same_v<Functor, backend::gamma_cycle_functor<float>>)
            {
                // The cycle's position stepped, not divided, element to element.
                std::uint64_t at = (4 * first) % f_.shapes.k;
                for(std::size_t i = 0; i < 4 * lanes; ++i)
                {
                    const distributions::gamma_params<float>& p = f_.shapes.params[at];
                    group_.set(i % 4 * lanes + i / 4, p);
                    any_boost_ = any_boost_ || p.boost;
                    at         = at + 1 == f_.shapes.k ? 0 : at + 1;
                }
            }
            else
                for(std::size_t i = 0; i < 4 * lanes; ++i)
                {
                    const distributions::gamma_params<float> p = element_params(f_, 4 * first + i);
                    group_.set(i % 4 * lanes + i / 4, p);
                    any_boost_ = any_boost_ || p.boost;
                }
        }
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        substream_counters(d, 1, group, first, a0, a1, a2, a3);
        substream_counters(d, 2, group, first, b0, b1, b2, b3);
        philox_rounds2(d, keys_, a0, a1, a2, a3, b0, b1, b2, b3);
        v32_t c0 = hn::Zero(d), c1 = c0, c2 = c0, c3 = c0;
        if(any_boost_)
        {
            substream_counters(d, 0, group, first, c0, c1, c2, c3);
            philox_rounds(d, keys_, c0, c1, c2, c3);
        }
        hn::Vec<df_t> z0, z1, z2, z3;
        box_muller(df, a0, a1, z0, z1);
        box_muller(df, b0, b1, z2, z3);
        hn::Vec<df_t>  dv0, dv1, dv2, dv3, e0, e1, e2, e3;
        hn::Mask<df_t> x0, x1, x2, x3, w0, w1, w2, w3;
        const float       scale = call_scale(f_), log_scale = call_log_scale(f_);
        const std::size_t L     = hn::Lanes(d);
        const auto        v0    = gamma_attempt_at(group_, 0 * L, scale, log_scale, z0, a2, c0, dv0, e0, x0, w0);
        const auto        v1    = gamma_attempt_at(group_, 1 * L, scale, log_scale, z1, a3, c1, dv1, e1, x1, w1);
        const auto        v2    = gamma_attempt_at(group_, 2 * L, scale, log_scale, z2, b2, c2, dv2, e2, x2, w2);
        const auto        v3    = gamma_attempt_at(group_, 3 * L, scale, log_scale, z3, b3, c3, dv3, e3, x3, w3);
        hn::StoreInterleaved4(v0, v1, v2, v3, df, dst);
        settle(v0, dv0, e0, x0, w0, 4 * first + 0, 0, dst + 0);
        settle(v1, dv1, e1, x1, w1, 4 * first + 1, 1, dst + 1);
        settle(v2, dv2, e2, x2, w2, 4 * first + 2, 2, dst + 2);
        settle(v3, dv3, e3, x3, w3, 4 * first + 3, 3, dst + 3);
    }

    // First retries of whatever is still queued.
    void finish()
    {
        if(pending_ > 0)
            first_retries();
    }

private:
    static constexpr bool one_shape = std::is_same_v<Functor, backend::gamma_functor<float>>;
    static constexpr std::uint32_t element_word1
        = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma);

    // The lanes' attempts (gamma_attempt's value and outputs), stored.
    struct attempt_values
    {
        HWY_ALIGN float         value[max_lanes];
        HWY_ALIGN float         dv[max_lanes];
        HWY_ALIGN float         power[max_lanes];
        HWY_ALIGN std::uint32_t rejected[max_lanes];
        HWY_ALIGN std::uint32_t wide[max_lanes];

        attempt_values(hn::Vec<df_t> v, hn::Vec<df_t> d_v, hn::Vec<df_t> e, hn::Mask<df_t> x, hn::Mask<df_t> w)
        {
            const d32_t d;
            const df_t  df;
            hn::Store(v, df, value);
            hn::Store(d_v, df, dv);
            hn::Store(e, df, power);
            hn::Store(hn::VecFromMask(d, hn::RebindMask(d, x)), d, rejected);
            hn::Store(hn::VecFromMask(d, hn::RebindMask(d, w)), d, wide);
        }

        // gamma_variate's value where the exponent is outside (-80, 80).
        float wide_value(std::size_t i) const { return std::exp(power[i] + std::log(dv[i])); }
    };

    // Lane i's element is element0 + 4 i (parameters at entry k L + i of
    // the group's), written at at0[4 i]: the rejected ones are queued, the
    // wide ones finished in libm.
    void settle(hn::Vec<df_t> v, hn::Vec<df_t> dv, hn::Vec<df_t> power, hn::Mask<df_t> rejected,
                hn::Mask<df_t> wide, std::uint64_t element0, unsigned k, float* at0)
    {
        const df_t df;
        if(hn::AllFalse(df, hn::Or(rejected, wide)))
            return;
        const attempt_values a(v, dv, power, rejected, wide);
        for(std::size_t i = 0; i < hn::Lanes(df); ++i)
        {
            if(a.rejected[i] != 0)
                queue(element0 + 4 * i, k * hn::Lanes(df) + i, at0 + 4 * i);
            else if(a.wide[i] != 0)
                at0[4 * i] = a.wide_value(i);
        }
    }

    void queue(std::uint64_t element, std::size_t entry, float* at)
    {
        elements_[pending_] = element;
        at_[pending_]       = at;
        queued_.copy(pending_, group_, entry);
        if(++pending_ == hn::Lanes(d32_t()))
            first_retries();
    }

    // Block 0 of the queued elements' substreams.
    void first_retries()
    {
        const d32_t d;
        const df_t  df;
        v32_t       w0, w1, w2, w3;
        substream_blocks(d, keys_, element_word1, 0, elements_, pending_, w0, w1, w2, w3);
        hn::Vec<df_t> z, unused, dv, power;
        box_muller(df, w0, w1, z, unused);
        hn::Mask<df_t>       rejected, wide;
        const auto v = gamma_attempt_at(queued_, 0, call_scale(f_), call_log_scale(f_), z, w2, w3, dv, power, rejected,
                                        wide);
        const attempt_values a(v, dv, power, rejected, wide);
        for(std::size_t i = 0; i < pending_; ++i)
        {
            if(a.rejected[i] != 0)
            {
                const distributions::gamma_params<float> p = element_params(f_, elements_[i]);
                for(std::uint32_t j = 1; !backend::gamma_retry(f_.key, elements_[i], j, p, *at_[i]); ++j)
                {
                }
            }
            else
                *at_[i] = a.wide[i] != 0 ? a.wide_value(i) : a.value[i];
        }
        pending_ = 0;
    }

    const Functor&    f_;
    philox_round_keys keys_;
    attempt_params    group_{};  // the current group's attempts
    bool              any_boost_ = false;
    attempt_params    queued_{}; // the queued elements' first retries
    std::uint64_t     elements_[max_lanes];
    float*            at_[max_lanes];
    std::size_t       pending_ = 0;
};

template <class Functor>
void run_gamma_blocks(const Functor& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    // A last partial group of packets is computed whole into a buffer, its
    // values copied after the queued retries (which may write into that
    // buffer) are done.
    const std::size_t      lanes = hn::Lanes(d32_t());
    gamma_packets<Functor> packets(f);
    std::uint64_t          g = 0;
    for(; g + lanes <= blocks; g += lanes)
        packets.first_attempts(first + g, out + 4 * g);
    HWY_ALIGN float partial[4 * max_lanes];
    if(g < blocks)
        packets.first_attempts(first + g, partial);
    packets.finish();
    if(g < blocks)
        std::memcpy(out + 4 * g, partial, 4 * (blocks - g) * sizeof(float));
}

#else // a target without vector kernels: the scalar functor, block by block

template <class Functor>
void run_gamma_blocks(const Functor& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    for(std::uint64_t b = 0; b < blocks; ++b)
        f(first + b, out + 4 * b);
}

#endif

void gamma_blocks(const backend::gamma_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    run_gamma_blocks(f, first, blocks, out);
}

void gamma_shapes_blocks(const backend::gamma_shapes_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                         float* out)
{
    run_gamma_blocks(f, first, blocks, out);
}

void gamma_cycle_blocks(const backend::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                        float* out)
{
    run_gamma_blocks(f, first, blocks, out);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

HWY_EXPORT(gamma_blocks);
HWY_EXPORT(gamma_shapes_blocks);
HWY_EXPORT(gamma_cycle_blocks);

void run_blocks(const backend::gamma_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    HWY_DYNAMIC_DISPATCH(gamma_blocks)(f, first, blocks, out);
}

void run_blocks(const backend::gamma_shapes_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    HWY_DYNAMIC_DISPATCH(gamma_shapes_blocks)(f, first, blocks, out);
}

void run_blocks(const backend::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    HWY_DYNAMIC_DISPATCH(gamma_cycle_blocks)(f, first, blocks, out);
}

} // namespace rocdist::host::simd

#endif // HWY_ONCE
