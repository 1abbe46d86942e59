// The host backend's fast-ordering chunk kernels (chunk_kernels.hpp),
// compiled once for each Highway target: foreach_target.h includes this file
// again for each. Compiled with -ffp-contract=off, as block_kernels.cpp is:
// the ziggurat's product and sum must match the scalar sampler's bit for
// bit, and gamma's tests follow gamma_accept's arithmetic.
#include "backend/host/simd/chunk_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/compacted_chunks.hpp"
#include "backend/compacted_round.hpp"
#include "config.hpp"
#include "rocdist/device/engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/chunk_kernels.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/gamma_lanes.hpp"
#include "backend/host/simd/normal_transform_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/polar_lanes.hpp"
#include "backend/host/simd/ziggurat_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

using d32_t = hn::ScalableTag<std::uint32_t>;
using v32_t = hn::Vec<d32_t>;

constexpr std::size_t max_lanes = hn::MaxLanes(d32_t());

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

// The chunk's candidates, 2 Lanes(d) at a time (two vectors, their Philox
// rounds interleaved). `lanes_of(w0, w1, w2, w3, values, slow)` takes a
// vector of candidates' first blocks and writes their A outputs each (A =
// attempts per candidate, as if all were accepted by the fast path) to
// values[A i ..], and slow[i] != 0 where candidate i needs the slow path;
// it returns whether any does. Those candidates run on the scalar sampler
// (without the exponential, like the vector lanes). Outputs are appended in
// candidate order; the exponential of log-normal output is applied to the
// whole chunk at the end.
template <class Sampler, class LaneKernel>
HWY_INLINE void compact_chunk(const Sampler& s, std::uint64_t first, typename Sampler::value_type* out,
                              std::uint64_t count, const LaneKernel& lanes_of)
{
    using T              = typename Sampler::value_type;
    constexpr unsigned A = Sampler::attempts_per_candidate;
    static_assert(Sampler::outputs_per_attempt == 1);
    const d32_t             d;
    const std::size_t       lanes = hn::Lanes(d);
    const philox_round_keys keys  = make_round_keys(s.key);
    Sampler                 affine_only    = s;
    affine_only.transform.log_normal       = false;
    HWY_ALIGN T             values[2 * A * max_lanes];
    HWY_ALIGN std::uint32_t slow[2 * max_lanes];
    HWY_ALIGN std::uint32_t words[4][2 * max_lanes]; // the candidates' first blocks, for the slow ones
    std::uint64_t           pos = 0;
    for(std::uint32_t c = 0; pos < count; c += static_cast<std::uint32_t>(2 * lanes))
    {
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        candidate_counters(d, Sampler::tag, 0, c, first, a0, a1, a2, a3);
        candidate_counters(d, Sampler::tag, 0, c + static_cast<std::uint32_t>(lanes), first, b0, b1, b2, b3);
        philox_rounds2(d, keys, a0, a1, a2, a3, b0, b1, b2, b3);
        // Straight into the output where both vectors' outputs fit, else
        // into `values`.
        const bool direct   = pos + 2 * A * lanes <= count;
        T*         lane_out = direct ? out + pos : values;
        const bool any_slow = lanes_of(a0, a1, a2, a3, lane_out, slow)
                              | lanes_of(b0, b1, b2, b3, lane_out + A * lanes, slow + lanes);
        if(direct && !any_slow)
        {
            pos += 2 * A * lanes;
            continue;
        }
        hn::Store(a0, d, words[0]);
        hn::Store(a1, d, words[1]);
        hn::Store(a2, d, words[2]);
        hn::Store(a3, d, words[3]);
        hn::Store(b0, d, words[0] + lanes);
        hn::Store(b1, d, words[1] + lanes);
        hn::Store(b2, d, words[2] + lanes);
        hn::Store(b3, d, words[3] + lanes);
        // The slow candidates' outputs from the scalar sampler, in their
        // places; what follows a candidate that gave fewer than A moves down
        // (in place, never over values still to be moved: a candidate gives
        // at most A). At the chunk's end, only what fits.
        std::uint64_t kept = 0; // outputs of candidates before i, at out[pos ..]
        for(std::size_t i = 0; i < 2 * lanes && pos + kept < count;)
        {
            std::size_t j = i;
            while(j < 2 * lanes && slow[j] == 0)
                ++j;
            const std::uint64_t n = std::min<std::uint64_t>(A * (j - i), count - pos - kept);
            if(!direct || kept != A * i)
                std::memmove(out + pos + kept, lane_out + A * i, n * sizeof(T));
            kept += n;
            if(j == 2 * lanes)
                break;
            engine::substream_reader reader(
                s.key, engine::candidate_substream(Sampler::tag, c + static_cast<std::uint32_t>(j), first),
                engine::philox_words{{words[0][j], words[1][j], words[2][j], words[3][j]}});
            const auto r = backend::run_attempts(affine_only, reader);
            for(unsigned a = 0; a < A && pos + kept < count; ++a)
            {
                if(r.accepted[a])
                    out[pos + kept++] = r.v[a][0];
            }
            i = j + 1;
        }
        pos += kept;
    }
    exponentiate(s.transform.log_normal, out, count);
}

// Float: a candidate's four attempts are words 0-3 of its block.
void ziggurat_float_chunk(const backend::ziggurat_sampler<float>& s, std::uint64_t first, float* out,
                          std::uint64_t count)
{
    compact_chunk(s, first, out, count, [&](v32_t w0, v32_t w1, v32_t w2, v32_t w3, float* values, std::uint32_t* slow) {
        const d32_t                    d;
        const hn::RebindToFloat<d32_t> df;
        hn::Mask<decltype(df)>         r0, r1, r2, r3;
        const auto                     z0 = ziggurat_fast(df, w0, r0);
        const auto                     z1 = ziggurat_fast(df, w1, r1);
        const auto                     z2 = ziggurat_fast(df, w2, r2);
        const auto                     z3 = ziggurat_fast(df, w3, r3);
        hn::StoreInterleaved4(affine(df, s.transform, z0), affine(df, s.transform, z1), affine(df, s.transform, z2),
                              affine(df, s.transform, z3), df, values);
        const auto any = hn::Or(hn::Or(r0, r1), hn::Or(r2, r3));
        hn::Store(hn::BitCast(d, hn::VecFromMask(df, any)), d, slow);
        return !hn::AllFalse(df, any);
    });
}

// Double: a candidate's two attempts are words 0-1 and 2-3 of its block;
// 64-bit lane j holds candidates 2j (low words) and 2j + 1 (high words).
void ziggurat_double_chunk(const backend::ziggurat_sampler<double>& s, std::uint64_t first, double* out,
                           std::uint64_t count)
{
    compact_chunk(s, first, out, count, [&](v32_t w0, v32_t w1, v32_t w2, v32_t w3, double* values, std::uint32_t* slow) {
        const d32_t                            d;
        const hn::RepartitionToWide<d32_t>     d64;
        const hn::RebindToFloat<decltype(d64)> dd;
        const auto                             high = hn::Set(d64, 0xffffffff00000000ull);
        hn::Vec<decltype(d64)>                 b0, b1, b2, b3;
        paired_words(d, w0, w1, w2, w3, b0, b1, b2, b3);
        hn::Mask<decltype(dd)> r0, r1, r2, r3;
        const auto             z0 = ziggurat_fast(dd, b0, r0);
        const auto             z1 = ziggurat_fast(dd, b1, r1);
        const auto             z2 = ziggurat_fast(dd, b2, r2);
        const auto             z3 = ziggurat_fast(dd, b3, r3);
        hn::StoreInterleaved4(affine(dd, s.transform, z0), affine(dd, s.transform, z1), affine(dd, s.transform, z2),
                              affine(dd, s.transform, z3), dd, values);
        // Candidate 2j's flag in the low word of lane j, 2j + 1's in the high.
        const auto low_slow  = hn::BitCast(d64, hn::VecFromMask(dd, hn::Or(r0, r1)));
        const auto high_slow = hn::BitCast(d64, hn::VecFromMask(dd, hn::Or(r2, r3)));
        const auto flags     = hn::Or(hn::ShiftRight<32>(hn::ShiftLeft<32>(low_slow)), hn::And(high_slow, high));
        hn::Store(hn::BitCast(d, flags), d, slow);
        return !hn::AllFalse(d64, hn::Ne(flags, hn::Zero(d64)));
    });
}

// Polar: a candidate is block 0 of its substream, two attempts (float:
// words 0-1 and 2-3) or one (double: words 0-3) of two outputs each; a
// rejected attempt reads no further word, so every candidate stays on the
// lanes. Float: 32-bit lane i holds candidate i's attempts; double: 64-bit
// lane j holds candidates 2j and 2j + 1 (paired_words), an attempt each.
// Two vectors of candidates at a time (their Philox rounds interleaved); the
// accepted outputs of each are compressed into place in candidate order.
template <class T>
void polar_chunk(const backend::polar_sampler<T>& s, std::uint64_t first, T* out, std::uint64_t count)
{
    using dt_t = std::conditional_t<sizeof(T) == 4, hn::RebindToFloat<d32_t>,
                                    hn::RebindToFloat<hn::RepartitionToWide<d32_t>>>;
    constexpr engine::substream_tag tag = backend::polar_sampler<T>::tag;
    const d32_t                     d;
    const dt_t                      dt;
    const hn::RebindToUnsigned<dt_t> du;
    const std::size_t               lanes = hn::Lanes(d), n = hn::Lanes(dt);
    const philox_round_keys         keys  = make_round_keys(s.key);
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

void polar_float_chunk(const backend::polar_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    polar_chunk(s, first, out, count);
}
void polar_double_chunk(const backend::polar_sampler<double>& s, std::uint64_t first, double* out,
                        std::uint64_t count)
{
    polar_chunk(s, first, out, count);
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
void gamma_chunk(const backend::gamma_sampler<T>& s, std::uint64_t first, T* out, std::uint64_t count)
{
    using U                                  = hwy::MakeUnsigned<T>;
    constexpr engine::substream_tag          tag = backend::gamma_sampler<T>::tag;
    const d32_t                              d;
    const hn::ScalableTag<T>                 dt;
    const hn::RebindToUnsigned<decltype(dt)> du;
    const std::size_t                        lanes = hn::Lanes(d);
    const std::size_t                        L     = hn::Lanes(dt); // 4 L attempts per vector of candidates
    const philox_round_keys                  keys  = make_round_keys(s.key);
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

void gamma_float_chunk(const backend::gamma_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    gamma_chunk(s, first, out, count);
}
void gamma_double_chunk(const backend::gamma_sampler<double>& s, std::uint64_t first, double* out,
                        std::uint64_t count)
{
    gamma_chunk(s, first, out, count);
}

#else // a target without vector kernels: the scalar candidates

void ziggurat_float_chunk(const backend::ziggurat_sampler<float>& s, std::uint64_t first, float* out,
                          std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}
void ziggurat_double_chunk(const backend::ziggurat_sampler<double>& s, std::uint64_t first, double* out,
                           std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}
void gamma_float_chunk(const backend::gamma_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}
void gamma_double_chunk(const backend::gamma_sampler<double>& s, std::uint64_t first, double* out,
                        std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}
void polar_float_chunk(const backend::polar_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}
void polar_double_chunk(const backend::polar_sampler<double>& s, std::uint64_t first, double* out,
                        std::uint64_t count)
{
    backend::fill_chunk(s, first, out, count);
}

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

HWY_EXPORT(ziggurat_float_chunk);
HWY_EXPORT(ziggurat_double_chunk);
HWY_EXPORT(gamma_float_chunk);
HWY_EXPORT(gamma_double_chunk);
HWY_EXPORT(polar_float_chunk);
HWY_EXPORT(polar_double_chunk);

void run_chunk(const backend::ziggurat_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(ziggurat_float_chunk)(s, first, out, count);
}
void run_chunk(const backend::ziggurat_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(ziggurat_double_chunk)(s, first, out, count);
}
void run_chunk(const backend::gamma_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(gamma_float_chunk)(s, first, out, count);
}
void run_chunk(const backend::gamma_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(gamma_double_chunk)(s, first, out, count);
}
void run_chunk(const backend::polar_sampler<float>& s, std::uint64_t first, float* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(polar_float_chunk)(s, first, out, count);
}
void run_chunk(const backend::polar_sampler<double>& s, std::uint64_t first, double* out, std::uint64_t count)
{
    HWY_DYNAMIC_DISPATCH(polar_double_chunk)(s, first, out, count);
}

} // namespace rocdist::host::simd

#endif // HWY_ONCE
