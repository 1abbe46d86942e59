// The host backend's block kernels (block_kernels.hpp), compiled once for
// each Highway target: foreach_target.h includes this file again for each.
// A vector target runs Lanes(d) engine blocks per step, Philox in the lanes
// (philox_lanes.hpp), then the transform on the lanes and one interleaved
// store. This file is compiled with -ffp-contract=off: the products and sums
// that must match the scalar functors bit for bit are never fused.
#include "backend/host/simd/block_kernels.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "build_config.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/block_kernels.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/alias_lookup_lanes.hpp"
#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/exponential_lanes.hpp"
#include "backend/host/simd/inverse_cdf_lanes.hpp"
#include "backend/host/simd/normal_transform_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/polar_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"
#include "backend/host/simd/ziggurat_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// The counters of Lanes(d) consecutive blocks of the 32-bit stream or of
// the 64-bit (double) one.
struct word_stream
{
    template <class D>
    HWY_INLINE void operator()(D d, std::uint64_t b, hn::Vec<D>& w0, hn::Vec<D>& w1, hn::Vec<D>& w2,
                               hn::Vec<D>& w3) const
    {
        word_block_counters(d, b, w0, w1, w2, w3);
    }
};
struct double_stream
{
    template <class D>
    HWY_INLINE void operator()(D d, std::uint64_t b, hn::Vec<D>& w0, hn::Vec<D>& w1, hn::Vec<D>& w2,
                               hn::Vec<D>& w3) const
    {
        double_block_counters(d, b, w0, w1, w2, w3);
    }
};

// Runs group(block, w0, w1, w2, w3, to) over blocks first .. first + blocks
// - 1, Lanes(d) blocks (P outputs each) at a time, two groups' Philox rounds
// interleaved; a last partial group is computed whole into a buffer and only
// its head copied.
template <unsigned P, class Stream, class Group, class T>
HWY_INLINE void for_each_group(Stream stream, const Group& group, const philox_round_keys& keys, std::uint64_t first,
                               std::uint64_t blocks, T* out)
{
    const d32_t       d;
    const std::size_t lanes = hn::Lanes(d);
    std::uint64_t     g     = 0;
    for(; g + 2 * lanes <= blocks; g += 2 * lanes)
    {
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        stream(d, first + g, a0, a1, a2, a3);
        stream(d, first + g + lanes, b0, b1, b2, b3);
        philox_rounds2(d, keys, a0, a1, a2, a3, b0, b1, b2, b3);
        group(first + g, a0, a1, a2, a3, out + P * g);
        group(first + g + lanes, b0, b1, b2, b3, out + P * (g + lanes));
    }
    for(; g < blocks; g += lanes)
    {
        v32_t w0, w1, w2, w3;
        stream(d, first + g, w0, w1, w2, w3);
        philox_rounds(d, keys, w0, w1, w2, w3);
        if(g + lanes <= blocks)
        {
            group(first + g, w0, w1, w2, w3, out + P * g);
            continue;
        }
        HWY_ALIGN T partial[max_lanes * P];
        group(first + g, w0, w1, w2, w3, partial);
        std::memcpy(out + P * g, partial, P * (blocks - g) * sizeof(T));
    }
}

// The high words of the 64-bit lanes moved to the low words, where MulEven
// and the 64-bit arithmetic take them.
HWY_INLINE v32_t odd_lanes(v32_t v)
{
    const d32_t                        d;
    const hn::RepartitionToWide<d32_t> d64;
    return hn::BitCast(d, hn::ShiftRight<32>(hn::BitCast(d64, v)));
}

void bits_blocks(const samplers::bits& f, std::uint64_t first, std::uint64_t blocks, unsigned int* out)
{
    const auto group = [](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, unsigned int* to) {
        hn::StoreInterleaved4(w0, w1, w2, w3, d32_t(), to);
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
}

void uniform_float_blocks(const samplers::uniform_float& f, std::uint64_t first, std::uint64_t blocks,
                          float* out)
{
    const auto group = [](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        const hn::RebindToFloat<d32_t> df;
        hn::StoreInterleaved4(uniform_float(df, w0), uniform_float(df, w1), uniform_float(df, w2),
                              uniform_float(df, w3), df, to);
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
}

// Block i holds doubles 2i (words 0, 1) and 2i + 1 (words 2, 3). In 64-bit
// lanes, even blocks' words are the low halves and odd blocks' the high ones.
void uniform_double_blocks(const samplers::uniform_double& f, std::uint64_t first, std::uint64_t blocks,
                           double* out)
{
    const auto group = [](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        const auto                             low = hn::Set(d64, 0xffffffffull);
        const auto                             x0 = hn::BitCast(d64, w0), y0 = hn::BitCast(d64, w1);
        const auto                             x1 = hn::BitCast(d64, w2), y1 = hn::BitCast(d64, w3);
        hn::StoreInterleaved4(uniform_double(dd, hn::And(x0, low), hn::And(y0, low)),
                              uniform_double(dd, hn::And(x1, low), hn::And(y1, low)),
                              uniform_double(dd, hn::ShiftRight<32>(x0), hn::ShiftRight<32>(y0)),
                              uniform_double(dd, hn::ShiftRight<32>(x1), hn::ShiftRight<32>(y1)), dd, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
}

void box_muller_float_blocks(const samplers::box_muller_float& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    const auto group = [&f](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        const hn::RebindToFloat<d32_t> df;
        hn::Vec<decltype(df)>          a, b, c, e;
        box_muller(df, w0, w1, a, b);
        box_muller(df, w2, w3, c, e);
        transformed4(df, f.transform, a, b, c, e);
        hn::StoreInterleaved4(a, b, c, e, df, to);
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
}

// Block i holds doubles 2i and 2i + 1, the pair distributions::box_muller
// forms from its words 0-1 (radius) and 2-3 (angle); in 64-bit lanes as
// ziggurat_double_blocks, by the vector double Box-Muller
// (box_muller_lanes.hpp).
void box_muller_double_blocks(const samplers::box_muller_double& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    const auto group = [&f](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        hn::Vec<decltype(d64)>                 b0, b1, b2, b3;
        paired_words(d32_t(), w0, w1, w2, w3, b0, b1, b2, b3);
        hn::Vec<decltype(dd)> a, b, c, e;
        box_muller(dd, bits53(d64, b0), bits53(d64, b1), a, b);
        box_muller(dd, bits53(d64, b2), bits53(d64, b3), c, e);
        // Output k of lane j is element 4 j + k of the group.
        transformed4(dd, f.transform, a, b, c, e);
        hn::StoreInterleaved4(a, b, c, e, dd, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
}

// The flagged lanes of bits b, finished on the scalar path: lane i's output
// goes to to[stride i] as mean + stddev element(i, its bits). The loop
// visits the mask's set bits only: a branch per lane, taken at random,
// cost the ziggurat's slow path more than its arithmetic.
template <class D, class Element>
HWY_NOINLINE void scalar_lanes(D d, const blocks::normal_transform<hn::TFromD<D>>& t, unsigned stride,
                               hn::Vec<hn::RebindToUnsigned<D>> b, hn::Mask<D> flagged, hn::TFromD<D>* to,
                               const Element& element)
{
    const hn::RebindToUnsigned<D>      du;
    constexpr std::size_t              max_lanes = hn::MaxLanes(D());
    HWY_ALIGN hn::TFromD<decltype(du)> bits[max_lanes];
    std::uint8_t                       flags[(max_lanes + 7) / 8] = {};
    hn::Store(b, du, bits);
    const std::size_t bytes = hn::StoreMaskBits(d, flagged, flags);
    for(std::size_t k = 0; k < bytes; ++k)
    {
        for(unsigned m = flags[k]; m != 0; m &= m - 1)
        {
            const std::size_t i = 8 * k + hwy::Num0BitsBelowLS1Bit_Nonzero32(m);
            to[stride * i]      = t.mean + t.stddev * element(i, bits[i]);
        }
    }
}

// The lanes of bits b that ziggurat_fast rejected, finished by the scalar
// slow path from each element's own substream: lane i is element
// first_element + stride i (float: word k of block block + i is element
// 4 (block + i) + k; double: see ziggurat_double_blocks).
template <class D>
HWY_INLINE void ziggurat_slow_lanes(D d, const blocks::normal_transform<hn::TFromD<D>>& t, engine::philox_key key,
                                    std::uint64_t first_element, unsigned stride,
                                    hn::Vec<hn::RebindToUnsigned<D>> b, hn::Mask<D> rejected, hn::TFromD<D>* to)
{
    if(hn::AllFalse(d, rejected))
        return;
    scalar_lanes(d, t, stride, b, rejected, to, [&](std::size_t i, std::uint64_t bits) {
        return blocks::ziggurat_element<hn::TFromD<D>>(key, first_element + stride * i, bits);
    });
}

// Four vectors of attempts, b0 to b3, whose lane j makes outputs
// first_element + 4 j + k (k = 0..3) at to[4 j + k]: the fast path on every
// lane, stored interleaved, then the rejected lanes on the slow path (0.7%
// of elements: one float vector of eight lanes in eighteen has one).
template <class D, class VU = hn::Vec<hn::RebindToUnsigned<D>>>
HWY_INLINE void ziggurat_four(D d, const blocks::normal_transform<hn::TFromD<D>>& t, engine::philox_key key,
                              std::uint64_t first_element, VU b0, VU b1, VU b2, VU b3, hn::TFromD<D>* to)
{
    hn::Mask<D> r0, r1, r2, r3;
    const auto  z0 = ziggurat_fast(d, b0, r0);
    const auto  z1 = ziggurat_fast(d, b1, r1);
    const auto  z2 = ziggurat_fast(d, b2, r2);
    const auto  z3 = ziggurat_fast(d, b3, r3);
    hn::StoreInterleaved4(affine(d, t, z0), affine(d, t, z1), affine(d, t, z2), affine(d, t, z3), d, to);
    if(hn::AllFalse(d, hn::Or(hn::Or(r0, r1), hn::Or(r2, r3))))
        return;
    ziggurat_slow_lanes(d, t, key, first_element + 0, 4, b0, r0, to + 0);
    ziggurat_slow_lanes(d, t, key, first_element + 1, 4, b1, r1, to + 1);
    ziggurat_slow_lanes(d, t, key, first_element + 2, 4, b2, r2, to + 2);
    ziggurat_slow_lanes(d, t, key, first_element + 3, 4, b3, r3, to + 3);
}

void ziggurat_float_blocks(const samplers::ziggurat_float& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    const auto group = [&f](std::uint64_t block, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        ziggurat_four(hn::RebindToFloat<d32_t>(), f.transform, f.key, 4 * block, w0, w1, w2, w3, to);
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
    exponentiate(f.transform.log_normal, out, 4 * blocks);
}

// Float normals by inversion, Giles' (accurate) or Winitzki's (fast):
// the lanes beyond Giles' fitted range take the scalar function.
template <distributions::erfinv_kind Kind, rocdist_normal_method Method>
void inverse_cdf_blocks(const blocks::normal_functor<Method, float>& f, std::uint64_t first, std::uint64_t blocks,
                        float* out)
{
    const auto group = [&f](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        const hn::RebindToFloat<d32_t> df;
        hn::Mask<decltype(df)>         s0, s1, s2, s3;
        const auto                     z0 = normal_inverse_cdf<Kind>(df, w0, s0);
        const auto                     z1 = normal_inverse_cdf<Kind>(df, w1, s1);
        const auto                     z2 = normal_inverse_cdf<Kind>(df, w2, s2);
        const auto                     z3 = normal_inverse_cdf<Kind>(df, w3, s3);
        hn::StoreInterleaved4(affine(df, f.transform, z0), affine(df, f.transform, z1),
                              affine(df, f.transform, z2), affine(df, f.transform, z3), df, to);
        if constexpr(Kind == distributions::erfinv_kind::giles)
        {
            const auto scalar = [](std::size_t, std::uint32_t bits) {
                return distributions::normal_inverse_cdf<Kind>(bits);
            };
            if(!hn::AllFalse(df, hn::Or(hn::Or(s0, s1), hn::Or(s2, s3))))
            {
                scalar_lanes(df, f.transform, 4, w0, s0, to + 0, scalar);
                scalar_lanes(df, f.transform, 4, w1, s1, to + 1, scalar);
                scalar_lanes(df, f.transform, 4, w2, s2, to + 2, scalar);
                scalar_lanes(df, f.transform, 4, w3, s3, to + 3, scalar);
            }
        }
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
    exponentiate(f.transform.log_normal, out, 4 * blocks);
}

void inverse_cdf_float_blocks(const samplers::inverse_cdf_float& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    inverse_cdf_blocks<distributions::erfinv_kind::giles>(f, first, blocks, out);
}

void inverse_cdf_fast_float_blocks(const samplers::inverse_cdf_fast_float& f, std::uint64_t first, std::uint64_t blocks,
                                   float* out)
{
    inverse_cdf_blocks<distributions::erfinv_kind::winitzki>(f, first, blocks, out);
}

// Two polar attempts per lane, from the coordinates' bits c0, c1 (first
// pair) and c2, c3 (second), stored interleaved at `to` (x0 y0 x1 y1 per
// lane) through the transform, rejected or not; the acceptance of each in
// m0, m1. True when every lane accepted both.
template <class D, class VU = hn::Vec<hn::RebindToUnsigned<D>>>
HWY_INLINE bool polar_two(D d, const blocks::normal_transform<hn::TFromD<D>>& t, VU c0, VU c1, VU c2, VU c3,
                          hn::TFromD<D>* to, hn::Mask<D>& m0, hn::Mask<D>& m1)
{
    hn::Vec<D> x0, y0, x1, y1;
    m0 = polar_attempt(d, polar_coordinate(d, c0), polar_coordinate(d, c1), x0, y0);
    m1 = polar_attempt(d, polar_coordinate(d, c2), polar_coordinate(d, c3), x1, y1);
    hn::StoreInterleaved4(affine(d, t, x0), affine(d, t, y0), affine(d, t, x1), affine(d, t, y1), d, to);
    return hn::AllTrue(d, hn::And(m0, m1));
}

// Float polar: block i's pairs 2i (words 0, 1) and 2i + 1 (words 2, 3) on
// the lanes (polar_lanes.hpp). A pair whose point falls outside the disc
// (21.5%) continues on its own substream (blocks::polar_pair): the
// group's rejected pairs take block 0 of their substreams a vector at a
// time, whose words make two more attempts each; the 4.6% rejected twice
// more run polar_pair on the scalar path. Done within each group, so that
// a partial group's buffer is complete when for_each_group copies it.
void polar_float_blocks(const samplers::polar_float& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    constexpr std::uint32_t own = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::polar);
    const philox_round_keys keys(f.key);
    const auto group = [&](std::uint64_t block, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        const d32_t                    d;
        const hn::RebindToFloat<d32_t> df;
        const std::size_t              lanes = hn::Lanes(d);
        hn::Mask<decltype(df)>         m0, m1;
        if(polar_two(df, f.transform, w0, w1, w2, w3, to, m0, m1))
            return;
        // The rejected pairs, in order: pair 2 (block + i) + p writes
        // to[4 i + 2 p] and the next.
        HWY_ALIGN std::uint32_t kept[2][max_lanes];
        HWY_ALIGN std::uint32_t words[4][max_lanes];
        hn::Store(hn::VecFromMask(d, hn::RebindMask(d, m0)), d, kept[0]);
        hn::Store(hn::VecFromMask(d, hn::RebindMask(d, m1)), d, kept[1]);
        hn::Store(w0, d, words[0]);
        hn::Store(w1, d, words[1]);
        hn::Store(w2, d, words[2]);
        hn::Store(w3, d, words[3]);
        std::uint64_t pairs[2 * max_lanes];
        std::size_t   slots[2 * max_lanes];
        std::size_t   rejected = 0;
        for(std::size_t i = 0; i < lanes; ++i)
        {
            for(unsigned p = 0; p < 2; ++p)
            {
                if(kept[p][i] == 0)
                {
                    pairs[rejected]   = 2 * (block + i) + p;
                    slots[rejected++] = 4 * i + 2 * p;
                }
            }
        }
        for(std::size_t begin = 0; begin < rejected; begin += lanes)
        {
            // Block 0 of each rejected pair's substream.
            v32_t c0, c1, c2, c3;
            substream_blocks(d, keys, own, 0, pairs + begin, rejected - begin, c0, c1, c2, c3);
            hn::Vec<decltype(df)> a0, b0, a1, b1;
            const auto            n0 = polar_attempt(df, polar_coordinate(df, c0), polar_coordinate(df, c1), a0, b0);
            const auto            n1 = polar_attempt(df, polar_coordinate(df, c2), polar_coordinate(df, c3), a1, b1);
            HWY_ALIGN float        first[max_lanes], second[max_lanes];
            HWY_ALIGN std::uint32_t done[max_lanes];
            hn::Store(affine(df, f.transform, hn::IfThenElse(n0, a0, a1)), df, first);
            hn::Store(affine(df, f.transform, hn::IfThenElse(n0, b0, b1)), df, second);
            hn::Store(hn::VecFromMask(d, hn::RebindMask(d, hn::Or(n0, n1))), d, done);
            for(std::size_t i = 0; i < lanes && begin + i < rejected; ++i)
            {
                float* const  dst  = to + slots[begin + i];
                if(done[i] != 0)
                {
                    dst[0] = first[i];
                    dst[1] = second[i];
                    continue;
                }
                const std::size_t lane = slots[begin + i] / 4, p = slots[begin + i] / 2 % 2;
                const auto pair = blocks::polar_pair(f.key, pairs[begin + i],
                                                      distributions::polar_coordinate(words[2 * p][lane]),
                                                      distributions::polar_coordinate(words[2 * p + 1][lane]));
                dst[0]          = f.transform.mean + f.transform.stddev * pair.first;
                dst[1]          = f.transform.mean + f.transform.stddev * pair.second;
            }
        }
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
    exponentiate(f.transform.log_normal, out, 4 * blocks);
}

// Double polar: block i's pair (outputs 2i and 2i + 1) from the coordinates
// of its words 0-1 and 2-3; 64-bit lane j holds blocks 2j and 2j + 1 of a
// group (paired_words, as in ziggurat_double_blocks). A pair whose point
// falls outside the disc (21.5%) continues on its own substream
// (blocks::polar_pair), one attempt per substream block. The rejected pairs
// of a span of blocks are collected, then take block k of their substreams a
// full vector at a time, in rounds k = 0, 1, ... of the pairs still
// rejected, until none is.
void polar_double_blocks(const samplers::polar_double& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    constexpr std::uint32_t own  = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::polar);
    constexpr std::uint64_t span = 2048; // blocks whose rejected pairs are retried together
    const philox_round_keys keys(f.key);
    const d32_t                            d;
    const hn::RepartitionToWide<d32_t>     d64;
    const hn::RebindToFloat<decltype(d64)> dd;
    const std::size_t                      lanes = hn::Lanes(d);
    std::uint64_t                          pairs[span];
    std::size_t                            pending = 0;
    const auto group = [&](std::uint64_t block, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        hn::Vec<decltype(d64)> b0, b1, b2, b3;
        paired_words(d, w0, w1, w2, w3, b0, b1, b2, b3);
        hn::Mask<decltype(dd)> m0, m1;
        if(polar_two(dd, f.transform, b0, b1, b2, b3, to, m0, m1))
            return;
        // Pair block + 2 j + p; those past the request (a last partial
        // group's) are dropped.
        HWY_ALIGN std::uint64_t kept[2][max_lanes / 2];
        hn::Store(hn::VecFromMask(d64, hn::RebindMask(d64, m0)), d64, kept[0]);
        hn::Store(hn::VecFromMask(d64, hn::RebindMask(d64, m1)), d64, kept[1]);
        for(std::size_t j = 0; j < lanes / 2; ++j)
        {
            for(unsigned p = 0; p < 2; ++p)
            {
                const std::uint64_t pair = block + 2 * j + p;
                if(kept[p][j] == 0 && pair - first < blocks)
                    pairs[pending++] = pair;
            }
        }
    };
    for(std::uint64_t begin = 0; begin < blocks; begin += span)
    {
        pending = 0;
        for_each_group<2>(double_stream{}, group, f.key, first + begin, std::min(span, blocks - begin),
                          out + 2 * begin);
        for(std::uint32_t k = 0; pending > 0; ++k)
        {
            std::size_t still = 0; // the pairs rejected again, moved to the front
            for(std::size_t at = 0; at < pending; at += lanes)
            {
                // Block k of pair i's substream in 32-bit lane i, so that
                // paired_words puts lane 2j's words in e0, e1 and lane 2j +
                // 1's in e2, e3.
                v32_t c0, c1, c2, c3;
                substream_blocks(d, keys, own, k, pairs + at, pending - at, c0, c1, c2, c3);
                hn::Vec<decltype(d64)> e0, e1, e2, e3;
                paired_words(d, c0, c1, c2, c3, e0, e1, e2, e3);
                hn::Vec<decltype(dd)> a0, s0, a1, s1;
                const auto n0 = polar_attempt(dd, polar_coordinate(dd, e0), polar_coordinate(dd, e1), a0, s0);
                const auto n1 = polar_attempt(dd, polar_coordinate(dd, e2), polar_coordinate(dd, e3), a1, s1);
                HWY_ALIGN double        firsts[2][max_lanes / 2], seconds[2][max_lanes / 2];
                HWY_ALIGN std::uint64_t done[2][max_lanes / 2];
                hn::Store(affine(dd, f.transform, a0), dd, firsts[0]);
                hn::Store(affine(dd, f.transform, s0), dd, seconds[0]);
                hn::Store(affine(dd, f.transform, a1), dd, firsts[1]);
                hn::Store(affine(dd, f.transform, s1), dd, seconds[1]);
                hn::Store(hn::VecFromMask(d64, hn::RebindMask(d64, n0)), d64, done[0]);
                hn::Store(hn::VecFromMask(d64, hn::RebindMask(d64, n1)), d64, done[1]);
                for(std::size_t i = 0; i < lanes && at + i < pending; ++i)
                {
                    const std::uint64_t pair = pairs[at + i];
                    if(done[i % 2][i / 2] == 0)
                    {
                        pairs[still++] = pair; // still <= at + i: nothing unread is overwritten
                        continue;
                    }
                    out[2 * (pair - first)]     = firsts[i % 2][i / 2];
                    out[2 * (pair - first) + 1] = seconds[i % 2][i / 2];
                }
            }
            pending = still;
        }
    }
    exponentiate(f.transform.log_normal, out, 2 * blocks);
}

// Double inverse CDF, accurate and fast: block i's outputs 2i and 2i + 1
// from the 53 bits of its words 0-1 and 2-3; 64-bit lane j holds blocks 2j
// and 2j + 1 (paired_words, as in ziggurat_double_blocks).
template <rocdist_normal_method Method>
void double_inverse_cdf_blocks(const blocks::normal_functor<Method, double>& f, std::uint64_t first,
                              std::uint64_t blocks, double* out)
{
    const auto group = [&f](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        hn::Vec<decltype(d64)>                 b0, b1, b2, b3;
        paired_words(d32_t(), w0, w1, w2, w3, b0, b1, b2, b3);
        const auto normal = [&](hn::Vec<decltype(d64)> b) {
            const auto z = bits53(d64, b);
            if constexpr(Method == ROCDIST_NORMAL_INVERSE_CDF)
                return affine(dd, f.transform, normal_inverse_cdf_accurate(dd, z));
            else
                return affine(dd, f.transform, normal_inverse_cdf_fast(dd, z));
        };
        hn::StoreInterleaved4(normal(b0), normal(b1), normal(b2), normal(b3), dd, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
    exponentiate(f.transform.log_normal, out, 2 * blocks);
}

void inverse_cdf_double_blocks(const samplers::inverse_cdf_double& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    double_inverse_cdf_blocks(f, first, blocks, out);
}

void inverse_cdf_fast_double_blocks(const samplers::inverse_cdf_fast_double& f, std::uint64_t first, std::uint64_t blocks,
                                    double* out)
{
    double_inverse_cdf_blocks(f, first, blocks, out);
}

// Block i holds doubles 2i (words 0, 1) and 2i + 1 (words 2, 3); in 64-bit
// lanes even blocks' words are the low halves, odd blocks' the high ones
// (as uniform_double_blocks), so 64-bit lane j holds blocks 2j and 2j + 1.
void ziggurat_double_blocks(const samplers::ziggurat_double& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    const auto group = [&f](std::uint64_t block, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        // The attempts' bits: block 2j's doubles 0 and 1, then block 2j + 1's.
        hn::Vec<decltype(d64)> b0, b1, b2, b3;
        paired_words(d32_t(), w0, w1, w2, w3, b0, b1, b2, b3);
        ziggurat_four(dd, f.transform, f.key, 2 * block, b0, b1, b2, b3, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
    exponentiate(f.transform.log_normal, out, 2 * blocks);
}

// x / rate as the scalar functor divides, or, where 1 / rate is a power of
// two with a finite reciprocal (rate 1, the standard exponential),
// x (1 / rate): both round the same real number once, so the bits are the
// same, and a product costs a fraction of a division.
template <class T>
struct rate_scaling
{
    T    rate, inverse;
    bool by_product;

    explicit rate_scaling(T r) : rate(r), inverse(1 / r)
    {
        int exponent = 0;
        by_product   = std::frexp(r, &exponent) == T(0.5) && std::isfinite(inverse);
    }
    template <class D>
    hn::Vec<D> operator()(D d, hn::Vec<D> x) const
    {
        return by_product ? hn::Mul(x, hn::Set(d, inverse)) : hn::Div(x, hn::Set(d, rate));
    }
};

// Element 4b + k from word k of block b (exponential_functor<float>): lane
// j of word vector k holds block j's word k, as uniform_float_blocks.
void exponential_float_blocks(const samplers::exponential_float& f, std::uint64_t first, std::uint64_t blocks,
                              float* out)
{
    const rate_scaling<float> scale(f.rate);
    const auto group = [&scale](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* to) {
        const hn::RebindToFloat<d32_t> df;
        hn::StoreInterleaved4(scale(df, exponential_of_word(df, w0)), scale(df, exponential_of_word(df, w1)),
                              scale(df, exponential_of_word(df, w2)), scale(df, exponential_of_word(df, w3)), df, to);
    };
    for_each_group<4>(word_stream{}, group, f.key, first, blocks, out);
}

// Block i holds doubles 2i and 2i + 1, as uniform_double_blocks lays them
// out, each -log(u) / rate; the four vectors' logarithms together.
void exponential_double_blocks(const samplers::exponential_double& f, std::uint64_t first, std::uint64_t blocks,
                               double* out)
{
    const rate_scaling<double> scale(f.rate);
    const auto                 group = [&scale](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* to) {
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        const auto                             low = hn::Set(d64, 0xffffffffull);
        const auto x0 = hn::BitCast(d64, w0), y0 = hn::BitCast(d64, w1);
        const auto x1 = hn::BitCast(d64, w2), y1 = hn::BitCast(d64, w3);
        const auto z  = [](auto x, auto y) { return hn::Xor(x, hn::ShiftLeft<21>(y)); };
        const auto parts = [](auto d, auto w, auto& x, auto& k) { exponential_of_words_parts(d, w, x, k); };
        hn::Vec<decltype(dd)> e0, e1, e2, e3;
        exponentials4(dd, parts, z(hn::And(x0, low), hn::And(y0, low)), z(hn::And(x1, low), hn::And(y1, low)),
                      z(hn::ShiftRight<32>(x0), hn::ShiftRight<32>(y0)),
                      z(hn::ShiftRight<32>(x1), hn::ShiftRight<32>(y1)), e0, e1, e2, e3);
        hn::StoreInterleaved4(scale(dd, e0), scale(dd, e1), scale(dd, e2), scale(dd, e3), dd, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
}

// Output 2i from the 64 bits (words 0, 1) of block i, output 2i + 1 from
// words 2, 3 (categorical_functor).
void categorical_blocks(const samplers::categorical& f, std::uint64_t first, std::uint64_t blocks,
                        unsigned int* out)
{
    const auto group = [&f](std::uint64_t, v32_t w0, v32_t w1, v32_t w2, v32_t w3, unsigned int* to) {
        const d32_t                        d;
        const hn::RepartitionToWide<d32_t> d64;
        const auto                         k = hn::Set(d, f.k);
        const auto even0 = alias_lookup(d64, f.table, alias_product(d, w0, w1, k));
        const auto odd0  = alias_lookup(d64, f.table, alias_product(d, odd_lanes(w0), odd_lanes(w1), k));
        const auto even1 = alias_lookup(d64, f.table, alias_product(d, w2, w3, k));
        const auto odd1  = alias_lookup(d64, f.table, alias_product(d, odd_lanes(w2), odd_lanes(w3), k));
        // Categories below 2^32: block i's in lane i again.
        const auto first_of_block  = hn::OddEven(hn::BitCast(d, hn::ShiftLeft<32>(odd0)), hn::BitCast(d, even0));
        const auto second_of_block = hn::OddEven(hn::BitCast(d, hn::ShiftLeft<32>(odd1)), hn::BitCast(d, even1));
        hn::StoreInterleaved2(first_of_block, second_of_block, d, to);
    };
    for_each_group<2>(double_stream{}, group, f.key, first, blocks, out);
}

#else // a target without vector kernels: the scalar functors, block by block

ROCDIST_SAMPLERS_WITH_BLOCK_KERNELS(ROCDIST_SCALAR_BLOCKS)

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

#define ROCDIST_DISPATCH_SAMPLER_BLOCKS(name) ROCDIST_DISPATCH_BLOCKS(name, samplers::name)
ROCDIST_SAMPLERS_WITH_BLOCK_KERNELS(ROCDIST_DISPATCH_SAMPLER_BLOCKS)
#undef ROCDIST_DISPATCH_SAMPLER_BLOCKS

} // namespace rocdist::host::simd

#endif // HWY_ONCE
