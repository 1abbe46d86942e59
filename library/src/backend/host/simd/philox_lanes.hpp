// Philox4x32-10 over the lanes of a Highway vector of uint32: lane i runs
// engine block b + i of the 32-bit stream or of the 64-bit (double) stream
// of engine/curand_philox_layout.hpp, with the rounds of
// engine/philox4x32_10.hpp, so every word is bit-identical to the scalar
// engine's. Word k of every lane's block is one vector (w0 .. w3).
//
// Per-target code: block_kernels.cpp includes this header once for each
// Highway target (foreach_target.h), hence the toggled include guard.
#if defined(ROCDIST_BACKEND_HOST_SIMD_PHILOX_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_PHILOX_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_PHILOX_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_PHILOX_LANES_HPP
#endif

#include <cstddef>
#include <cstdint>

#include <hwy/highway.h>

#include "rocdist/device/engine/curand_philox_layout.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// The vector of 32-bit words the kernel files run Philox on, and its most
// lanes on this target (for buffers of a group of lanes).
using d32_t                     = hn::ScalableTag<std::uint32_t>;
using v32_t                     = hn::Vec<d32_t>;
constexpr std::size_t max_lanes = hn::MaxLanes(d32_t());

// The key of each round, computed once per call.
using engine::philox_round_keys;

// a * m as 64-bit products, in halves. MulEven multiplies the even lanes;
// the odd lanes are shifted down for a second one. The low halves come from
// one 32-bit multiply (one instruction instead of a shift and a blend).
template <class D>
HWY_INLINE void mul_hi_lo(D d, hn::Vec<D> a, hn::Vec<D> m, hn::Vec<D>& hi, hn::Vec<D>& lo)
{
    const hn::RepartitionToWide<D> d64;
    const auto even = hn::MulEven(a, m);
    const auto odd  = hn::MulEven(hn::BitCast(d, hn::ShiftRight<32>(hn::BitCast(d64, a))), m);
    hi              = hn::OddEven(hn::BitCast(d, odd), hn::BitCast(d, hn::ShiftRight<32>(even)));
    lo              = hn::Mul(a, m);
}

// The ten rounds on the counters in w0 .. w3.
template <class D>
HWY_INLINE void philox_rounds(D d, const philox_round_keys& keys, hn::Vec<D>& w0, hn::Vec<D>& w1,
                              hn::Vec<D>& w2, hn::Vec<D>& w3)
{
    const auto m0 = hn::Set(d, engine::philox_m0);
    const auto m1 = hn::Set(d, engine::philox_m1);
    for(int round = 0; round < engine::philox_rounds; ++round)
    {
        hn::Vec<D> hi0, lo0, hi1, lo1;
        mul_hi_lo(d, w0, m0, hi0, lo0);
        mul_hi_lo(d, w2, m1, hi1, lo1);
        w0 = hn::Xor3(hi1, w1, hn::Set(d, keys.round_key(round, 0)));
        w1 = lo1;
        w2 = hn::Xor3(hi0, w3, hn::Set(d, keys.round_key(round, 1)));
        w3 = lo0;
    }
}

// The rounds on two independent sets of counters, interleaved: one set's
// chain of ten dependent rounds leaves a core's multipliers idle, and the
// transforms that follow have latency of their own to hide.
template <class D>
HWY_INLINE void philox_rounds2(D d, const philox_round_keys& keys, hn::Vec<D>& a0, hn::Vec<D>& a1,
                               hn::Vec<D>& a2, hn::Vec<D>& a3, hn::Vec<D>& b0, hn::Vec<D>& b1, hn::Vec<D>& b2,
                               hn::Vec<D>& b3)
{
    const auto m0 = hn::Set(d, engine::philox_m0);
    const auto m1 = hn::Set(d, engine::philox_m1);
    for(int round = 0; round < engine::philox_rounds; ++round)
    {
        hn::Vec<D> ahi0, alo0, ahi1, alo1, bhi0, blo0, bhi1, blo1;
        mul_hi_lo(d, a0, m0, ahi0, alo0);
        mul_hi_lo(d, b0, m0, bhi0, blo0);
        mul_hi_lo(d, a2, m1, ahi1, alo1);
        mul_hi_lo(d, b2, m1, bhi1, blo1);
        const auto k0 = hn::Set(d, keys.round_key(round, 0));
        const auto k1 = hn::Set(d, keys.round_key(round, 1));
        a0 = hn::Xor3(ahi1, a1, k0);
        b0 = hn::Xor3(bhi1, b1, k0);
        a1 = alo1;
        b1 = blo1;
        a2 = hn::Xor3(ahi0, a3, k1);
        b2 = hn::Xor3(bhi0, b3, k1);
        a3 = alo0;
        b3 = blo0;
    }
}

// Counters given lane by lane, counter(i) for lane i: the rare groups whose
// lanes do not all share one counter step.
template <class D, class Counter>
HWY_NOINLINE void counters_by_lane(D d, const Counter& counter, hn::Vec<D>& w0, hn::Vec<D>& w1, hn::Vec<D>& w2,
                                   hn::Vec<D>& w3)
{
    constexpr std::size_t   max_lanes = hn::MaxLanes(D());
    HWY_ALIGN std::uint32_t words[4][max_lanes];
    for(std::size_t i = 0; i < hn::Lanes(d); ++i)
    {
        const engine::philox_words c = counter(i);
        for(unsigned k = 0; k < 4; ++k)
            words[k][i] = c.w[k];
    }
    w0 = hn::LoadU(d, words[0]);
    w1 = hn::LoadU(d, words[1]);
    w2 = hn::LoadU(d, words[2]);
    w3 = hn::LoadU(d, words[3]);
}

// The counters of blocks b .. b + N - 1 of the 32-bit stream: block b is
// counter {step, subsequence} = {b / 65536, b % 65536} (engine::word_block).
template <class D>
HWY_INLINE void word_block_counters(D d, std::uint64_t b, hn::Vec<D>& w0, hn::Vec<D>& w1, hn::Vec<D>& w2,
                                    hn::Vec<D>& w3)
{
    const std::uint64_t sub = b % engine::curand_philox_subsequences;
    if(sub + hn::Lanes(d) <= engine::curand_philox_subsequences)
    {
        const std::uint64_t step = b / engine::curand_philox_subsequences;
        w0 = hn::Set(d, static_cast<std::uint32_t>(step));
        w1 = hn::Set(d, static_cast<std::uint32_t>(step >> 32));
        // Iota(d, 0) is a constant; Iota(d, sub) would be built lane by lane.
        w2 = hn::Add(hn::Iota(d, 0u), hn::Set(d, static_cast<std::uint32_t>(sub)));
        w3 = hn::Zero(d); // subsequence < 2^32
    }
    else
    {
        counters_by_lane(
            d,
            [b](std::size_t i) {
                return engine::philox_counter((b + i) / engine::curand_philox_subsequences,
                                              (b + i) % engine::curand_philox_subsequences);
            },
            w0, w1, w2, w3);
    }
}

// The counters of blocks b .. b + N - 1 of the 64-bit stream
// (engine::double_block): blocks
// 2g and 2g + 1 share subsequence g % 65536 in steps 2p and 2p + 1, p = g /
// 65536. Lane i is block b + i = 2 (b / 2) + t with t = b % 2 + i: group
// b / 2 + t / 2, step 2p + t % 2.
template <class D>
HWY_INLINE void double_block_counters(D d, std::uint64_t b, hn::Vec<D>& w0, hn::Vec<D>& w1, hn::Vec<D>& w2,
                                      hn::Vec<D>& w3)
{
    const std::uint64_t group  = b / 2;
    const std::uint64_t sub    = group % engine::curand_philox_subsequences;
    const auto          parity = static_cast<std::uint32_t>(b % 2);
    if(sub + (parity + hn::Lanes(d) - 1) / 2 < engine::curand_philox_subsequences)
    {
        const std::uint64_t step = 2 * (group / engine::curand_philox_subsequences);
        const auto          t    = hn::Add(hn::Iota(d, 0u), hn::Set(d, parity));
        // step is even: step + 1 carries into no higher word.
        w0 = hn::Add(hn::Set(d, static_cast<std::uint32_t>(step)), hn::And(t, hn::Set(d, 1u)));
        w1 = hn::Set(d, static_cast<std::uint32_t>(step >> 32));
        w2 = hn::Add(hn::Set(d, static_cast<std::uint32_t>(sub)), hn::ShiftRight<1>(t));
        w3 = hn::Zero(d); // subsequence < 2^32
    }
    else
    {
        counters_by_lane(
            d,
            [b](std::size_t i) {
                const std::uint64_t g = (b + i) / 2;
                return engine::philox_counter(2 * (g / engine::curand_philox_subsequences) + (b + i) % 2,
                                              g % engine::curand_philox_subsequences);
            },
            w0, w1, w2, w3);
    }
}

// The 64-bit values (low word | high word << 32) of blocks read in 32-bit
// lanes, in 64-bit lanes: lane j holds the words of 32-bit lanes 2j (low
// halves) and 2j + 1 (high halves); b0 and b1 are lane 2j's words 0-1 and
// 2-3, b2 and b3 lane 2j + 1's.
template <class D>
HWY_INLINE void paired_words(D, hn::Vec<D> w0, hn::Vec<D> w1, hn::Vec<D> w2, hn::Vec<D> w3,
                             hn::Vec<hn::RepartitionToWide<D>>& b0, hn::Vec<hn::RepartitionToWide<D>>& b1,
                             hn::Vec<hn::RepartitionToWide<D>>& b2, hn::Vec<hn::RepartitionToWide<D>>& b3)
{
    const hn::RepartitionToWide<D> d64;
    const auto                     high = hn::Set(d64, 0xffffffff00000000ull);
    const auto                     x0 = hn::BitCast(d64, w0), y0 = hn::BitCast(d64, w1);
    const auto                     x1 = hn::BitCast(d64, w2), y1 = hn::BitCast(d64, w3);
    b0                                = hn::Or(hn::ShiftRight<32>(hn::ShiftLeft<32>(x0)), hn::ShiftLeft<32>(y0));
    b1                                = hn::Or(hn::ShiftRight<32>(hn::ShiftLeft<32>(x1)), hn::ShiftLeft<32>(y1));
    b2                                = hn::Or(hn::ShiftRight<32>(x0), hn::And(y0, high));
    b3                                = hn::Or(hn::ShiftRight<32>(x1), hn::And(y1, high));
}

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

// The counters of substream indices first + offsets[0 .. Lanes(d)), for
// the elements of a span (offsets below 2^16) taken in another order.
HWY_INLINE void substream_counters(d32_t d, std::uint32_t block, std::uint32_t word1, std::uint64_t first,
                                   const std::uint16_t* offsets, v32_t& w0, v32_t& w1, v32_t& w2, v32_t& w3)
{
    const auto low = static_cast<std::uint32_t>(first);
    if(low <= 0xffffffffu - 0xffffu)
    {
        const hn::Rebind<std::uint16_t, d32_t> d16;
        w0 = hn::Set(d, block);
        w1 = hn::Set(d, word1);
        w2 = hn::Add(hn::PromoteTo(d, hn::LoadU(d16, offsets)), hn::Set(d, low));
        w3 = hn::Set(d, static_cast<std::uint32_t>(first >> 32));
        return;
    }
    counters_by_lane(
        d,
        [=](std::size_t i) {
            const std::uint64_t index = first + offsets[i];
            return engine::philox_words{
                {block, word1, static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)}};
        },
        w0, w1, w2, w3);
}

// Blocks `block` .. `block` + B - 1 of the substreams (counter word 1
// `word1`) of indices[0 .. count), count <= Lanes(d) / B, through Philox:
// index j's block `block` + b in lane B j + b. The rejection samplers'
// retries gathered from scattered elements (B = 2 for doubles, whose
// attempt takes two blocks: paired_words then gives a 64-bit lane for each
// index). Lanes from B count on repeat indices[0] and are to be discarded.
template <unsigned B = 1, class D>
HWY_INLINE void substream_blocks(D d, const philox_round_keys& keys, std::uint32_t word1, std::uint32_t block,
                                 const std::uint64_t* indices, std::size_t count, hn::Vec<D>& w0, hn::Vec<D>& w1,
                                 hn::Vec<D>& w2, hn::Vec<D>& w3)
{
    HWY_ALIGN std::uint32_t low[hn::MaxLanes(D())], high[hn::MaxLanes(D())];
    for(std::size_t i = 0; i < hn::Lanes(d); ++i)
    {
        const std::uint64_t index = indices[i / B < count ? i / B : 0];
        low[i]                    = static_cast<std::uint32_t>(index);
        high[i]                   = static_cast<std::uint32_t>(index >> 32);
    }
    w0 = B == 1 ? hn::Set(d, block) : hn::Add(hn::Set(d, block), hn::And(hn::Iota(d, 0u), hn::Set(d, B - 1)));
    w1 = hn::Set(d, word1);
    w2 = hn::Load(d, low);
    w3 = hn::Load(d, high);
    philox_rounds(d, keys, w0, w1, w2, w3);
}

// cuRAND's 53 bits of a double from each 64-bit lane's value x0 | x1 << 32
// (paired_words): x0 ^ (x1 << 21), below 2^53.
template <class D64>
HWY_INLINE hn::Vec<D64> bits53(D64 d64, hn::Vec<D64> words)
{
    return hn::Xor(hn::And(words, hn::Set(d64, 0xffffffffull)), hn::ShiftLeft<21>(hn::ShiftRight<32>(words)));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
