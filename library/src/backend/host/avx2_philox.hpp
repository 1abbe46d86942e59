// Philox4x32-10 over eight counters at once (AVX2), for the float gamma
// kernel: the same block of eight consecutive substreams
// (engine/substream.hpp). Word k of the eight blocks sits in one register
// (lane i = counter i); the same rounds as engine/philox4x32_10.hpp, so
// every word is bit-identical. store_blocks8 writes four such registers in
// block order.
#pragma once

#include "config.hpp"

#if ROCDIST_HOST_AVX2

#include <cstdint>
#include <immintrin.h>

#include "engine/philox4x32_10.hpp"

namespace rocdist::host::avx2
{

struct words8
{
    __m256i w[4]; // w[k] lane i: word k of block b + i
};

// The ten round keys, broadcast once per call rather than once per block.
struct round_keys8
{
    __m256i k0[10];
    __m256i k1[10];
};

ROCDIST_AVX2_FUNCTION inline round_keys8 make_round_keys(engine::philox_key key)
{
    round_keys8   r;
    std::uint32_t k0 = key.k[0], k1 = key.k[1];
    for(int round = 0; round < 10; ++round)
    {
        r.k0[round] = _mm256_set1_epi32(static_cast<int>(k0));
        r.k1[round] = _mm256_set1_epi32(static_cast<int>(k1));
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return r;
}

// Eight 32x32->64 products: _mm256_mul_epu32 multiplies the even lanes, so the
// odd lanes are shifted down for a second multiply; a blend puts hi back. The
// low halves come from one _mm256_mullo_epi32 (one instruction instead of a
// shift and a blend; measured with callgrind and timed in docs/gamma.md).
ROCDIST_AVX2_FUNCTION inline void mulhilo8(__m256i a, __m256i m, __m256i& lo, __m256i& hi)
{
    const __m256i even = _mm256_mul_epu32(a, m);
    const __m256i odd  = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m);
    lo                 = _mm256_mullo_epi32(a, m);
    hi                 = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
}

// The ten rounds on eight counters (word k of lane i: word k of counter i).
ROCDIST_AVX2_FUNCTION inline words8 philox8_rounds(const round_keys8& keys, words8 c)
{
    const __m256i m0 = _mm256_set1_epi32(static_cast<int>(0xD2511F53u));
    const __m256i m1 = _mm256_set1_epi32(static_cast<int>(0xCD9E8D57u));
    for(int round = 0; round < 10; ++round)
    {
        __m256i lo0, hi0, lo1, hi1;
        mulhilo8(c.w[0], m0, lo0, hi0);
        mulhilo8(c.w[2], m1, lo1, hi1);
        c.w[0] = _mm256_xor_si256(_mm256_xor_si256(hi1, c.w[1]), keys.k0[round]);
        c.w[1] = lo1;
        c.w[2] = _mm256_xor_si256(_mm256_xor_si256(hi0, c.w[3]), keys.k1[round]);
        c.w[3] = lo0;
    }
    return c;
}

// The rounds on two independent sets of eight counters, interleaved: one
// set's chain of ten dependent rounds leaves a core's multipliers idle.
ROCDIST_AVX2_FUNCTION inline void philox8_rounds2(const round_keys8& keys, words8& a, words8& b)
{
    const __m256i m0 = _mm256_set1_epi32(static_cast<int>(0xD2511F53u));
    const __m256i m1 = _mm256_set1_epi32(static_cast<int>(0xCD9E8D57u));
    for(int round = 0; round < 10; ++round)
    {
        __m256i alo0, ahi0, alo1, ahi1, blo0, bhi0, blo1, bhi1;
        mulhilo8(a.w[0], m0, alo0, ahi0);
        mulhilo8(b.w[0], m0, blo0, bhi0);
        mulhilo8(a.w[2], m1, alo1, ahi1);
        mulhilo8(b.w[2], m1, blo1, bhi1);
        a.w[0] = _mm256_xor_si256(_mm256_xor_si256(ahi1, a.w[1]), keys.k0[round]);
        b.w[0] = _mm256_xor_si256(_mm256_xor_si256(bhi1, b.w[1]), keys.k0[round]);
        a.w[1] = alo1;
        b.w[1] = blo1;
        a.w[2] = _mm256_xor_si256(_mm256_xor_si256(ahi0, a.w[3]), keys.k1[round]);
        b.w[2] = _mm256_xor_si256(_mm256_xor_si256(bhi0, b.w[3]), keys.k1[round]);
        a.w[3] = alo0;
        b.w[3] = blo0;
    }
}

// The counters of block `block` of substreams index .. index + 7 ({block,
// word1, index + i low, high}): the low words count up, and a lane whose low
// word wrapped past 2^32 carries into its high word.
ROCDIST_AVX2_FUNCTION inline words8 substream_counters8(std::uint32_t block, std::uint32_t word1, std::uint64_t index)
{
    words8        c;
    const __m256i lo0  = _mm256_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(index)));
    const __m256i lo   = _mm256_add_epi32(lo0, _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i bias = _mm256_set1_epi32(static_cast<int>(0x80000000u)); // unsigned compare
    const __m256i wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(lo0, bias), _mm256_xor_si256(lo, bias));
    c.w[0] = _mm256_set1_epi32(static_cast<int>(block));
    c.w[1] = _mm256_set1_epi32(static_cast<int>(word1));
    c.w[2] = lo;
    c.w[3] = _mm256_sub_epi32(_mm256_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(index >> 32))), wrapped);
    return c;
}

ROCDIST_AVX2_FUNCTION inline words8 substream_philox8(const round_keys8& keys, std::uint32_t block,
                                                      std::uint32_t word1, std::uint64_t index)
{
    return philox8_rounds(keys, substream_counters8(block, word1, index));
}

// Four registers a, b, c, d of eight lanes to 32 values in block order:
// out[4i + k] = lane i of register k (a 4x8 transpose, then four stores).
ROCDIST_AVX2_FUNCTION inline void store_blocks8(float* out, __m256 a, __m256 b, __m256 c, __m256 d)
{
    const __m256 ab_lo = _mm256_unpacklo_ps(a, b); // a0 b0 a1 b1 | a4 b4 a5 b5
    const __m256 ab_hi = _mm256_unpackhi_ps(a, b); // a2 b2 a3 b3 | a6 b6 a7 b7
    const __m256 cd_lo = _mm256_unpacklo_ps(c, d);
    const __m256 cd_hi = _mm256_unpackhi_ps(c, d);
    const __m256 q0    = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(ab_lo), _mm256_castps_pd(cd_lo)));
    const __m256 q1    = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(ab_lo), _mm256_castps_pd(cd_lo)));
    const __m256 q2    = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(ab_hi), _mm256_castps_pd(cd_hi)));
    const __m256 q3    = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(ab_hi), _mm256_castps_pd(cd_hi)));
    _mm256_storeu_ps(out + 0, _mm256_permute2f128_ps(q0, q1, 0x20));  // blocks 0, 1
    _mm256_storeu_ps(out + 8, _mm256_permute2f128_ps(q2, q3, 0x20));  // blocks 2, 3
    _mm256_storeu_ps(out + 16, _mm256_permute2f128_ps(q0, q1, 0x31)); // blocks 4, 5
    _mm256_storeu_ps(out + 24, _mm256_permute2f128_ps(q2, q3, 0x31)); // blocks 6, 7
}

} // namespace rocdist::host::avx2

#endif // ROCDIST_HOST_AVX2
