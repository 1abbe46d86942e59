// The host backend's AVX2+FMA float gamma kernel: groups of eight packets'
// first attempts (backend/gamma_words.hpp), Philox in vector registers. (The
// other kernels are backend/host/simd/.) Every function that touches AVX2 carries
// ROCDIST_AVX2_FUNCTION (see config.hpp for why not -mavx2); this file is
// compiled with -ffp-contract=off so that the products and sums that must
// match the scalar functors bit for bit are never fused.
#include "backend/host/avx2_kernels.hpp"

#if ROCDIST_HOST_AVX2

#include <cmath>
#include <cstring>
#include <immintrin.h>

#include "backend/host/avx2_math.hpp"
#include "backend/host/avx2_philox.hpp"
#include "backend/gamma_words.hpp"
#include "distributions/gamma.hpp"
#include "engine/substream.hpp"

namespace rocdist::host::avx2
{
namespace
{

// distributions::box_muller(x, y) with log8 and sincos8.
ROCDIST_AVX2_FUNCTION inline void box_muller8(__m256i x, __m256i y, __m256& first, __m256& second)
{
    constexpr float angle_step = 0x1p-32f * 6.2831855f;
    const __m256    v          = _mm256_add_ps(_mm256_mul_ps(u32_to_float(y), _mm256_set1_ps(angle_step)),
                                               _mm256_set1_ps(angle_step / 2));
    const __m256    s          = _mm256_sqrt_ps(_mm256_mul_ps(_mm256_set1_ps(-2.0f), log8(uniform8(x))));
    __m256          sn, cs;
    sincos8(v, sn, cs);
    first  = _mm256_mul_ps(s, sn);
    second = _mm256_mul_ps(s, cs);
}

// distributions::log_acceptance_tail on eight lanes: the series below
// |y| = 1/16, the direct form with log1p8 above (both computed, then blended).
ROCDIST_AVX2_FUNCTION inline __m256 log_acceptance_tail8(__m256 y)
{
    __m256 s = _mm256_set1_ps(1.0f / 9.0f);
    s        = _mm256_add_ps(_mm256_set1_ps(-1.0f / 8.0f), _mm256_mul_ps(y, s));
    s        = _mm256_add_ps(_mm256_set1_ps(1.0f / 7.0f), _mm256_mul_ps(y, s));
    s        = _mm256_add_ps(_mm256_set1_ps(-1.0f / 6.0f), _mm256_mul_ps(y, s));
    s        = _mm256_add_ps(_mm256_set1_ps(1.0f / 5.0f), _mm256_mul_ps(y, s));
    s        = _mm256_add_ps(_mm256_set1_ps(-1.0f / 4.0f), _mm256_mul_ps(y, s));
    const __m256 three  = _mm256_set1_ps(3.0f);
    const __m256 y2     = _mm256_mul_ps(y, y);
    const __m256 series = _mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(three, y2), y2), s);
    const __m256 cubic  = _mm256_mul_ps(
        y, _mm256_sub_ps(_mm256_set1_ps(1.0f),
                         _mm256_mul_ps(y, _mm256_sub_ps(_mm256_set1_ps(0.5f), _mm256_div_ps(y, three)))));
    const __m256 direct = _mm256_mul_ps(three, _mm256_sub_ps(log1p8(y), cubic));
    const __m256 abs_y  = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), y);
    return _mm256_blendv_ps(direct, series, _mm256_cmp_ps(abs_y, _mm256_set1_ps(0.0625f), _CMP_LT_OQ));
}

// One Marsaglia-Tsang attempt on eight lanes, from each lane's normal z,
// U's word and U''s word (read for shapes below 1 only): gamma_accept's
// tests in gamma_accept's order and arithmetic, then gamma_variate, with the
// kernel's own logs and exponential. Bit i of `rejected` marks a rejected
// lane; bit i of `wide` an accepted boost lane whose exponent is outside
// (-80, 80), which takes gamma_variate's exp(e + log dv) in libm.
struct gamma_attempt8
{
    __m256 value, dv, power;
    int    rejected, wide;
};

ROCDIST_AVX2_FUNCTION inline gamma_attempt8 gamma_attempt_lanes(const distributions::gamma_params<float>& p,
                                                                __m256 z, __m256i u, __m256i boost_word)
{
    gamma_attempt8 r;
    const __m256   complement = uniform8(_mm256_xor_si256(u, _mm256_set1_epi32(-1)));

    const __m256 y     = _mm256_mul_ps(_mm256_set1_ps(p.c), z);
    const __m256 valid = _mm256_cmp_ps(y, _mm256_set1_ps(-1.0f), _CMP_GT_OQ);
    const __m256 z2    = _mm256_mul_ps(z, z);
    const __m256 squeeze
        = _mm256_cmp_ps(complement, _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.0331f), z2), z2), _CMP_GT_OQ);
    __m256 accept = _mm256_and_ps(valid, squeeze);
    // The exact test only where a valid lane failed the squeeze: groups where
    // none did skip its two logs.
    if(_mm256_movemask_ps(_mm256_andnot_ps(squeeze, valid)) != 0)
    {
        const __m256 bound = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(p.half_defect), z2),
                                           _mm256_mul_ps(_mm256_set1_ps(p.d), log_acceptance_tail8(y)));
        const __m256 exact = _mm256_cmp_ps(log_uniform8(u), bound, _CMP_LT_OQ);
        accept             = _mm256_and_ps(valid, _mm256_or_ps(squeeze, exact));
    }

    const __m256 d     = _mm256_set1_ps(p.d);
    const __m256 three = _mm256_set1_ps(3.0f);
    const __m256 v     = _mm256_add_ps(_mm256_set1_ps(1.0f), y);
    const __m256 near  = _mm256_add_ps(
        d, _mm256_mul_ps(d, _mm256_mul_ps(y, _mm256_add_ps(three, _mm256_mul_ps(y, _mm256_add_ps(three, y))))));
    const __m256 far   = _mm256_mul_ps(d, _mm256_mul_ps(_mm256_mul_ps(v, v), v));
    const __m256 abs_y = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), y);
    r.dv               = _mm256_blendv_ps(far, near, _mm256_cmp_ps(abs_y, _mm256_set1_ps(0.25f), _CMP_LT_OQ));
    r.wide             = 0;
    r.power            = _mm256_setzero_ps();
    r.value            = _mm256_mul_ps(r.dv, _mm256_set1_ps(p.scale));
    if(p.boost)
    {
        r.power = _mm256_add_ps(_mm256_mul_ps(log_uniform8(boost_word), _mm256_set1_ps(p.inv_shape)),
                                _mm256_set1_ps(p.log_scale));
        const __m256 abs_power = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), r.power);
        const __m256 narrow    = _mm256_cmp_ps(abs_power, _mm256_set1_ps(80.0f), _CMP_LT_OQ);
        // exp8 on a clamped argument, so that no lane computes 2^k outside the normals.
        r.value = _mm256_mul_ps(r.dv, exp8(_mm256_blendv_ps(_mm256_setzero_ps(), r.power, narrow)));
        r.wide  = _mm256_movemask_ps(_mm256_andnot_ps(narrow, accept));
    }
    r.rejected = _mm256_movemask_ps(accept) ^ 0xff;
    return r;
}

// gamma_functor<float> over whole groups of eight packets (32 elements):
// blocks 1 and 2 (and 0 below shape 1) of the eight packets' group
// substreams in vector registers, lane i for packet i, give attempts 0 to 3
// of every packet and their U' words (gamma_words.hpp). Rejected elements
// (1.4% at shape 2.5, 2.7% at 0.5) queue up and take their first retry eight
// at a time from block 0 of their own substreams (gathered counters); the
// few rejected twice finish in the scalar gamma_retry from block 1 on,
// exactly where the functor's retries would.
class gamma_packets
{
public:
    ROCDIST_AVX2_FUNCTION gamma_packets(const backend::gamma_functor<float>& f)
        : f_(f), keys_(make_round_keys(f.key))
    {
    }

    // Packets first .. first + 7 to dst[0 .. 32).
    ROCDIST_AVX2_FUNCTION void first_attempts(std::uint64_t first, float* dst)
    {
        constexpr std::uint32_t group = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma_group);
        words8 a = substream_counters8(1, group, first);
        words8 b = substream_counters8(2, group, first);
        philox8_rounds2(keys_, a, b);
        words8 boost{};
        if(f_.params.boost)
            boost = substream_philox8(keys_, 0, group, first);
        __m256 z[4];
        box_muller8(a.w[0], a.w[1], z[0], z[1]);
        box_muller8(b.w[0], b.w[1], z[2], z[3]);
        const __m256i  u[4] = {a.w[2], a.w[3], b.w[2], b.w[3]};
        gamma_attempt8 r[4];
        for(unsigned k = 0; k < 4; ++k)
            r[k] = gamma_attempt_lanes(f_.params, z[k], u[k], boost.w[k]);
        store_blocks8(dst, r[0].value, r[1].value, r[2].value, r[3].value);
        for(unsigned k = 0; k < 4; ++k)
            settle(r[k], 4 * first + k, dst + k);
    }

    // First retries of whatever is still queued.
    ROCDIST_AVX2_FUNCTION void finish()
    {
        if(pending_ > 0)
            first_retries();
    }

private:
    static constexpr std::uint32_t element_word1 = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma);

    // Lane i's element is element0 + 4 i, written at at0[4 i]: the rejected
    // ones are queued, the wide ones finished in libm.
    ROCDIST_AVX2_FUNCTION void settle(const gamma_attempt8& r, std::uint64_t element0, float* at0)
    {
        if((r.rejected | r.wide) == 0)
            return;
        alignas(32) float dvs[8], powers[8];
        _mm256_store_ps(dvs, r.dv);
        _mm256_store_ps(powers, r.power);
        for(unsigned i = 0; i < 8; ++i)
        {
            if(r.rejected >> i & 1)
                queue(element0 + 4 * i, at0 + 4 * i);
            else if(r.wide >> i & 1)
                at0[4 * i] = std::exp(powers[i] + std::log(dvs[i]));
        }
    }

    ROCDIST_AVX2_FUNCTION void queue(std::uint64_t element, float* at)
    {
        elements_[pending_] = element;
        at_[pending_]       = at;
        if(++pending_ == 8)
            first_retries();
    }

    // Block 0 of the queued elements' substreams; unused lanes repeat the
    // first element and are discarded.
    ROCDIST_AVX2_FUNCTION void first_retries()
    {
        alignas(32) std::uint32_t lo[8], hi[8];
        for(unsigned i = 0; i < 8; ++i)
        {
            const std::uint64_t e = elements_[i < pending_ ? i : 0];
            lo[i]                 = static_cast<std::uint32_t>(e);
            hi[i]                 = static_cast<std::uint32_t>(e >> 32);
        }
        words8 c;
        c.w[0]         = _mm256_setzero_si256();
        c.w[1]         = _mm256_set1_epi32(static_cast<int>(element_word1));
        c.w[2]         = _mm256_load_si256(reinterpret_cast<const __m256i*>(lo));
        c.w[3]         = _mm256_load_si256(reinterpret_cast<const __m256i*>(hi));
        const words8 w = philox8_rounds(keys_, c);
        __m256       z, unused;
        box_muller8(w.w[0], w.w[1], z, unused);
        const gamma_attempt8 r = gamma_attempt_lanes(f_.params, z, w.w[2], w.w[3]);
        alignas(32) float values[8], dvs[8], powers[8];
        _mm256_store_ps(values, r.value);
        _mm256_store_ps(dvs, r.dv);
        _mm256_store_ps(powers, r.power);
        for(unsigned i = 0; i < pending_; ++i)
        {
            if(r.rejected >> i & 1)
            {
                for(std::uint32_t j = 1; !backend::gamma_retry(f_.key, elements_[i], j, f_.params, *at_[i]); ++j)
                {
                }
            }
            else if(r.wide >> i & 1)
                *at_[i] = std::exp(powers[i] + std::log(dvs[i]));
            else
                *at_[i] = values[i];
        }
        pending_ = 0;
    }

    const backend::gamma_functor<float>& f_;
    round_keys8                          keys_;
    std::uint64_t                        elements_[8];
    float*                               at_[8];
    unsigned                             pending_ = 0;
};

} // namespace

bool supported()
{
    static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return has;
}

ROCDIST_AVX2_FUNCTION void gamma_float(const backend::gamma_functor<float>& f, std::uint64_t first_block,
                                       std::uint64_t blocks, float* out)
{
    // A last partial group of packets is computed whole into a buffer, its
    // values copied after the queued retries (which may write into that
    // buffer) are done.
    gamma_packets packets(f);
    std::uint64_t g = 0;
    for(; g + 8 <= blocks; g += 8)
        packets.first_attempts(first_block + g, out + 4 * g);
    alignas(32) float partial[32];
    if(g < blocks)
        packets.first_attempts(first_block + g, partial);
    packets.finish();
    if(g < blocks)
        std::memcpy(out + 4 * g, partial, 4 * (blocks - g) * sizeof(float));
}

} // namespace rocdist::host::avx2

#endif // ROCDIST_HOST_AVX2
