// The host backend's fast-ordering chunk kernels (compacted_kernels.hpp),
// compiled once for each Highway target: foreach_target.h includes this file
// again for each. Compiled with -ffp-contract=off, as block_kernels.cpp is:
// polar's and gamma's tests follow the scalar samplers' arithmetic.
#include "backend/host/simd/compacted_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/compacted_chunks.hpp"
#include "backend/compacted_round.hpp"
#include "build_config.hpp"
#include "rocdist/device/engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/compacted_kernels.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/gamma_lanes.hpp"
#include "backend/host/simd/normal_transform_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/polar_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// The counters of block `block` of the substreams of candidates c .. c +
// Lanes(d) - 1 of the chunk whose first output is `first`
// (engine::candidate_substream; a chunk has fewer than 2^24 candidates, so
// c + i needs no mask).
HWY_INLINE void candidate_counters(d32_t d, engine::substream_tag tag, std::uint32_t block, std::uint32_t c,
                                   std::uint64_t first, v32_t& w0, v32_t& w1, v32_t& w2, v32_t& w3)
{
    const std::uint32_t word1 = 0xC0000000u | static_cast<std::uint32_t>(tag) << 24 | c;
    w0                        = hn::Set(d, block);
    w1                        = hn::Add(hn::Set(d, word1), hn::Iota(d, 0u));
    w2                        = hn::Set(d, static_cast<std::uint32_t>(first));
    w3                        = hn::Set(d, static_cast<std::uint32_t>(first >> 32));
}

// Polar: a candidate is block 0 of its substream, two attempts (float:
// words 0-1 and 2-3) or one (double: words 0-3) of two outputs each; a
// rejected attempt reads no further word, so every candidate stays on the
// lanes. Float: 32-bit lane i holds candidate i's attempts; double: 64-bit
// lane j holds candidates 2j and 2j + 1 (paired_words), an attempt each.
// Two vectors of candidates at a time (their Philox rounds interleaved); the
// accepted outputs of each are compressed into place in candidate order.
template <class T>
void chunk_kernel(const backend::polar_sampler<T>& s, std::uint64_t first, T* out, std::uint64_t count)
{
    using dt_t = std::conditional_t<sizeof(T) == 4, hn::RebindToFloat<d32_t>,
                                    hn::RebindToFloat<hn::RepartitionToWide<d32_t>>>;
    constexpr engine::substream_tag tag = backend::polar_sampler<T>::tag;
    const d32_t                     d;
    const dt_t                      dt;
    const hn::RebindToUnsigned<dt_t> du;
    const std::size_t               lanes = hn::Lanes(d), n = hn::Lanes(dt);
    const philox_round_keys         keys(s.key);
    // A vector of candidates' 4 outputs per lane, in order, and which to keep.
    HWY_ALIGN T                          values[4 * max_lanes];
    HWY_ALIGN hn::TFromD<decltype(du)>   keep[4 * max_lanes];
    const auto append = [&](v32_t w0, v32_t w1, v32_t w2, v32_t w3, std::uint64_t& pos) {
        hn::Vec<dt_t>  x0, y0, x1, y1;
        hn::Mask<dt_t> m0, m1;
        if constexpr(sizeof(T) == 4)
        {
            m0 = polar_attempt(dt, polar_coordinate(dt, w0), polar_coordinate(dt, w1), x0, y0);
            m1 = polar_attempt(dt, polar_coordinate(dt, w2), polar_coordinate(dt, w3), x1, y1);
        }
        else
        {
            hn::Vec<decltype(du)> b0, b1, b2, b3;
            paired_words(d, w0, w1, w2, w3, b0, b1, b2, b3);
            m0 = polar_attempt(dt, polar_coordinate(dt, b0), polar_coordinate(dt, b1), x0, y0);
            m1 = polar_attempt(dt, polar_coordinate(dt, b2), polar_coordinate(dt, b3), x1, y1);
        }
        hn::StoreInterleaved4(affine(dt, s.transform, x0), affine(dt, s.transform, y0), affine(dt, s.transform, x1),
                              affine(dt, s.transform, y1), dt, values);
        const auto k0 = hn::VecFromMask(du, hn::RebindMask(du, m0));
        const auto k1 = hn::VecFromMask(du, hn::RebindMask(du, m1));
        hn::StoreInterleaved4(k0, k0, k1, k1, du, keep);
        for(std::size_t v = 0; v < 4 && pos < count; ++v)
        {
            const auto kept = hn::RebindMask(dt, hn::Ne(hn::Load(du, keep + v * n), hn::Zero(du)));
            if(pos + n <= count)
            {
                pos += hn::CompressBlendedStore(hn::Load(dt, values + v * n), kept, dt, out + pos);
                continue;
            }
            for(std::size_t i = v * n; i < (v + 1) * n && pos < count; ++i)
            {
                if(keep[i] != 0)
                    out[pos++] = values[i];
            }
        }
    };
    std::uint64_t pos = 0;
    for(std::uint32_t c = 0; pos < count; c += static_cast<std::uint32_t>(2 * lanes))
    {
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        candidate_counters(d, tag, 0, c, first, a0, a1, a2, a3);
        candidate_counters(d, tag, 0, c + static_cast<std::uint32_t>(lanes), first, b0, b1, b2, b3);
        philox_rounds2(d, keys, a0, a1, a2, a3, b0, b1, b2, b3);
        append(a0, a1, a2, a3, pos);
        if(pos < count)
            append(b0, b1, b2, b3, pos);
    }
    exponentiate(s.transform.log_normal, out, count);
}


// 0 where an attempt was rejected, 1 where accepted, 2 where accepted with
// an exponent outside (-80, 80) (doubles: (-700, 700)).
template <class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> attempt_kind(DF, hn::Mask<DF> rejected, hn::Mask<DF> wide)
{
    const hn::RebindToUnsigned<DF> du;
    return hn::IfThenZeroElse(hn::RebindMask(du, rejected),
                              hn::IfThenElse(hn::RebindMask(du, wide), hn::Set(du, 2), hn::Set(du, 1)));
}

// Gamma: a candidate is one group (rocdist/device/blocks/gamma_words.hpp), its four
// (float) or two (double) attempts from blocks 1 and 2 (and block 0 below
// shape 1), each accepted attempt an output. A rejected attempt reads no
// further word, so every candidate runs on the lanes (gamma_lanes.hpp); the
// accepted outputs are then appended in candidate order, attempt by
// attempt.
template <class T>
void chunk_kernel(const backend::gamma_sampler<T>& s, std::uint64_t first, T* out, std::uint64_t count)
{
    using U                                  = hwy::MakeUnsigned<T>;
    constexpr engine::substream_tag          tag = backend::gamma_sampler<T>::tag;
    const d32_t                              d;
    const hn::ScalableTag<T>                 dt;
    const hn::RebindToUnsigned<decltype(dt)> du;
    const std::size_t                        lanes = hn::Lanes(d);
    const std::size_t                        L     = hn::Lanes(dt); // 4 L attempts per vector of candidates
    const philox_round_keys                  keys(s.key);
    // Per attempt, in output order: its value and kind (attempt_kind; dv
    // and the exponent kept for libm's exp(e + log dv) where some lane is
    // wide).
    HWY_ALIGN T values[4 * max_lanes], dvs[4 * max_lanes], powers[4 * max_lanes];
    HWY_ALIGN U kinds[4 * max_lanes];
    std::uint64_t pos = 0;
    for(std::uint32_t c = 0; pos < count; c += static_cast<std::uint32_t>(lanes))
    {
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        candidate_counters(d, tag, 1, c, first, a0, a1, a2, a3);
        candidate_counters(d, tag, 2, c, first, b0, b1, b2, b3);
        philox_rounds2(d, keys, a0, a1, a2, a3, b0, b1, b2, b3);
        v32_t c0 = hn::Zero(d), c1 = c0, c2 = c0, c3 = c0;
        if(s.params.boost)
        {
            candidate_counters(d, tag, 0, c, first, c0, c1, c2, c3);
            philox_rounds(d, keys, c0, c1, c2, c3);
        }
        hn::Vec<decltype(dt)> z0, z1, z2, z3;
        hn::Vec<decltype(du)> u0, u1, u2, u3, ub0, ub1, ub2, ub3;
        group_inputs(dt, a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, z0, z1, z2, z3, u0, u1, u2, u3, ub0, ub1,
                     ub2, ub3);
        hn::Vec<decltype(dt)>  dv0, dv1, dv2, dv3, e0, e1, e2, e3;
        hn::Mask<decltype(dt)> x0, x1, x2, x3, w0, w1, w2, w3;
        const auto             v0 = gamma_attempt(dt, s.params, z0, u0, ub0, dv0, e0, x0, w0);
        const auto             v1 = gamma_attempt(dt, s.params, z1, u1, ub1, dv1, e1, x1, w1);
        const auto             v2 = gamma_attempt(dt, s.params, z2, u2, ub2, dv2, e2, x2, w2);
        const auto             v3 = gamma_attempt(dt, s.params, z3, u3, ub3, dv3, e3, x3, w3);
        // Every attempt accepted by the common path (most vectors): straight
        // into the output where it fits.
        const auto unusual = hn::Or(hn::Or(hn::Or(x0, w0), hn::Or(x1, w1)), hn::Or(hn::Or(x2, w2), hn::Or(x3, w3)));
        if(hn::AllFalse(dt, unusual) && pos + 4 * L <= count)
        {
            hn::StoreInterleaved4(v0, v1, v2, v3, dt, out + pos);
            pos += 4 * L;
            continue;
        }
        hn::StoreInterleaved4(v0, v1, v2, v3, dt, values);
        hn::StoreInterleaved4(attempt_kind(dt, x0, w0), attempt_kind(dt, x1, w1), attempt_kind(dt, x2, w2),
                              attempt_kind(dt, x3, w3), du, kinds);
        const bool any_wide = !hn::AllFalse(dt, hn::Or(hn::Or(w0, w1), hn::Or(w2, w3)));
        if(any_wide)
        {
            hn::StoreInterleaved4(dv0, dv1, dv2, dv3, dt, dvs);
            hn::StoreInterleaved4(e0, e1, e2, e3, dt, powers);
        }
        // Only rejections to drop (most such vectors): each vector's worth
        // of outputs compressed on the lanes where it fits.
        std::size_t k = 0;
        for(; !any_wide && k < 4 * L && pos + L <= count; k += L)
        {
            const auto kept = hn::RebindMask(dt, hn::Ne(hn::Load(du, kinds + k), hn::Zero(du)));
            pos += hn::CompressBlendedStore(hn::Load(dt, values + k), kept, dt, out + pos);
        }
        for(; k < 4 * L && pos < count; ++k)
        {
            if(kinds[k] != 0)
                out[pos++] = kinds[k] == 1 ? values[k] : std::exp(powers[k] + std::log(dvs[k]));
        }
    }
}


#else // a target without vector kernels: the scalar candidates

template <class Sampler>
void chunk_kernel(const Sampler& s, std::uint64_t first, typename Sampler::value_type* out, std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}

#endif

// The per-target kernel of every sampler of
// ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS (backend/sampler_list.hpp).
#define ROCDIST_CHUNK_KERNEL(name)                                                                 \
    void name##_chunk(const samplers::name& s, std::uint64_t first, samplers::name::value_type* out, \
                      std::uint64_t count)                                                         \
    {                                                                                              \
        chunk_kernel(s, first, out, count);                                                        \
    }
ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(ROCDIST_CHUNK_KERNEL)
#undef ROCDIST_CHUNK_KERNEL

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

#define ROCDIST_DISPATCH_CHUNK(name)                                                               \
    HWY_EXPORT(name##_chunk);                                                                      \
    void run_chunk(const samplers::name& s, std::uint64_t first, samplers::name::value_type* out,   \
                   std::uint64_t count)                                                            \
    {                                                                                              \
        HWY_DYNAMIC_DISPATCH(name##_chunk)(s, first, out, count);                                  \
    }
ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(ROCDIST_DISPATCH_CHUNK)
#undef ROCDIST_DISPATCH_CHUNK

} // namespace rocdist::host::simd

#endif // HWY_ONCE
