// The host backend's AVX2+FMA float gamma kernel: eight elements per step,
// each from the first block of its own substream, Philox in vector
// registers. (The other kernels are backend/host/simd/.) Every function that touches AVX2 carries
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

// One Marsaglia-Tsang attempt on eight lanes from one Philox block each:
// gamma_accept's tests in gamma_accept's order and arithmetic, with the
// kernel's own Box-Muller, logs and exponential. Bit i of `rejected` marks a
// rejected lane; bit i of `wide` an accepted boost lane whose exponent is
// outside (-80, 80), which takes gamma_accept's exp(e + log dv) in libm.
struct gamma_attempt8
{
    __m256 value, dv, power;
    int    rejected, wide;
};

ROCDIST_AVX2_FUNCTION inline gamma_attempt8 gamma_attempt_lanes(const distributions::gamma_params<float>& p,
                                                                const words8&                            w)
{
    gamma_attempt8 r;
    __m256         z, unused;
    box_muller8(w.w[0], w.w[1], z, unused);
    const __m256 complement = uniform8(_mm256_xor_si256(w.w[2], _mm256_set1_epi32(-1)));

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
        const __m256 exact = _mm256_cmp_ps(log_uniform8(w.w[2]), bound, _CMP_LT_OQ);
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
        r.power = _mm256_add_ps(_mm256_mul_ps(log_uniform8(w.w[3]), _mm256_set1_ps(p.inv_shape)),
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

// gamma_functor<float> over elements: eight consecutive elements (one vector
// store) take their first attempt from block 0 of their substreams. Rejected
// elements (1.4% at shape 2.5, 2.7% at 0.5) queue up and take their second
// attempt eight at a time from block 1, gathered counters; the few rejected
// twice finish in the scalar loop from block 2, exactly as the functor's
// `while(!gamma_attempt(...))` continues.
class gamma_elements
{
public:
    ROCDIST_AVX2_FUNCTION gamma_elements(const backend::gamma_functor<float>& f, std::uint64_t first, float* out)
        : f_(f), keys_(make_round_keys(f.key)), first_(first), out_(out)
    {
    }

    // Elements first + j .. first + j + 7 to out[j ..] (or to `to`, when given).
    ROCDIST_AVX2_FUNCTION void first_attempts(std::uint64_t j, float* to = nullptr)
    {
        decide(j, substream_philox8(keys_, 0, word1, first_ + j), to != nullptr ? to : out_ + j);
    }

    // Elements first + j .. first + j + 15 to out[j ..], the two Philox
    // groups interleaved.
    ROCDIST_AVX2_FUNCTION void first_attempts16(std::uint64_t j)
    {
        words8 a = substream_counters8(0, word1, first_ + j);
        words8 b = substream_counters8(0, word1, first_ + j + 8);
        philox8_rounds2(keys_, a, b);
        decide(j, a, out_ + j);
        decide(j + 8, b, out_ + j + 8);
    }

    // Second attempts of whatever is still queued.
    ROCDIST_AVX2_FUNCTION void finish()
    {
        if(pending_ > 0)
            second_attempts();
    }

private:
    static constexpr std::uint32_t word1 = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma);

    // The first attempts of elements first + j .. + 7 from their words, to dst.
    ROCDIST_AVX2_FUNCTION void decide(std::uint64_t j, const words8& w, float* dst)
    {
        const gamma_attempt8 r = gamma_attempt_lanes(f_.params, w);
        _mm256_storeu_ps(dst, r.value);
        if((r.rejected | r.wide) == 0)
            return;
        alignas(32) float dvs[8], powers[8];
        _mm256_store_ps(dvs, r.dv);
        _mm256_store_ps(powers, r.power);
        for(unsigned i = 0; i < 8; ++i)
        {
            if(r.rejected >> i & 1)
                queue(first_ + j + i, dst + i);
            else if(r.wide >> i & 1)
                dst[i] = std::exp(powers[i] + std::log(dvs[i]));
        }
    }

    ROCDIST_AVX2_FUNCTION void queue(std::uint64_t element, float* at)
    {
        elements_[pending_] = element;
        at_[pending_]       = at;
        if(++pending_ == 8)
            second_attempts();
    }

    // Block 1 of the queued elements' substreams; unused lanes repeat the
    // first element and are discarded.
    ROCDIST_AVX2_FUNCTION void second_attempts()
    {
        alignas(32) std::uint32_t lo[8], hi[8];
        for(unsigned i = 0; i < 8; ++i)
        {
            const std::uint64_t e = elements_[i < pending_ ? i : 0];
            lo[i]                 = static_cast<std::uint32_t>(e);
            hi[i]                 = static_cast<std::uint32_t>(e >> 32);
        }
        words8 c;
        c.w[0] = _mm256_set1_epi32(1);
        c.w[1] = _mm256_set1_epi32(static_cast<int>(word1));
        c.w[2] = _mm256_load_si256(reinterpret_cast<const __m256i*>(lo));
        c.w[3] = _mm256_load_si256(reinterpret_cast<const __m256i*>(hi));
        const gamma_attempt8 r = gamma_attempt_lanes(f_.params, philox8_rounds(keys_, c));
        alignas(32) float values[8], dvs[8], powers[8];
        _mm256_store_ps(values, r.value);
        _mm256_store_ps(dvs, r.dv);
        _mm256_store_ps(powers, r.power);
        for(unsigned i = 0; i < pending_; ++i)
        {
            if(r.rejected >> i & 1)
            {
                engine::substream_reader reader(f_.key, engine::substream_tag::gamma, elements_[i], 2);
                while(!distributions::gamma_attempt(f_.params, reader, *at_[i]))
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
    std::uint64_t                        first_;
    float*                               out_;
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
    // Eight elements (two engine blocks) per step; an odd last block is
    // computed whole into a buffer, its four values copied after the queued
    // second attempts (which may write into that buffer) are done.
    gamma_elements      elements(f, 4 * first_block, out);
    const std::uint64_t n = 4 * blocks;
    std::uint64_t       j = 0;
    for(; j + 16 <= n; j += 16)
        elements.first_attempts16(j);
    for(; j + 8 <= n; j += 8)
        elements.first_attempts(j);
    alignas(32) float partial[8];
    if(j < n)
        elements.first_attempts(j, partial);
    elements.finish();
    if(j < n)
        std::memcpy(out + j, partial, 4 * sizeof(float));
}

} // namespace rocdist::host::avx2

#endif // ROCDIST_HOST_AVX2
