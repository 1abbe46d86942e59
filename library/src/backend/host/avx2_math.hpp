// Eight-lane float conversions and elementary functions for the host
// backend's AVX2 float gamma kernel. The conversions are bit-identical to
// distributions/uniform.hpp; log, sincos and exp are this project's own
// (series below), accurate to a few ulp on the arguments the kernel gives
// them (docs/gamma.md).
#pragma once

#include "config.hpp"

#if ROCDIST_HOST_AVX2

#include <immintrin.h>

namespace rocdist::host::avx2
{

// uint32 -> float, rounded once to nearest as static_cast<float> does:
// hi16 2^16 and lo16 are both exact in float, so only their sum rounds.
ROCDIST_AVX2_FUNCTION inline __m256 u32_to_float(__m256i x)
{
    const __m256 hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(x, 16));
    const __m256 lo = _mm256_cvtepi32_ps(_mm256_and_si256(x, _mm256_set1_epi32(0xffff)));
    return _mm256_add_ps(_mm256_mul_ps(hi, _mm256_set1_ps(65536.0f)), lo);
}

// distributions::uniform_float: (0, 1].
ROCDIST_AVX2_FUNCTION inline __m256 uniform8(__m256i x)
{
    return _mm256_add_ps(_mm256_mul_ps(u32_to_float(x), _mm256_set1_ps(0x1p-32f)), _mm256_set1_ps(0x1p-33f));
}

// Natural log of a positive normal float. u = 2^e m with m in [sqrt(1/2),
// sqrt(2)); log m = 2 atanh(s) = 2 (s + s^3/3 + ... + s^9/9), s = (m-1)/(m+1),
// |s| <= 0.1716: the first omitted term is below 2^-28 of the sum. m - 1 is
// exact (Sterbenz), so the error is that of s (about 1 ulp) and the last
// roundings; e ln 2 is added in two parts (ln2_hi has 12 trailing zero bits,
// so e ln2_hi is exact for |e| < 2^12).
ROCDIST_AVX2_FUNCTION inline __m256 log8(__m256 u)
{
    const __m256i bits  = _mm256_castps_si256(u);
    const __m256i e     = _mm256_srai_epi32(_mm256_sub_epi32(bits, _mm256_set1_epi32(0x3f3504f3)), 23);
    const __m256  m     = _mm256_castsi256_ps(_mm256_sub_epi32(bits, _mm256_slli_epi32(e, 23)));
    const __m256  one   = _mm256_set1_ps(1.0f);
    const __m256  s     = _mm256_div_ps(_mm256_sub_ps(m, one), _mm256_add_ps(m, one));
    const __m256  s2    = _mm256_mul_ps(s, s);
    __m256        p     = _mm256_set1_ps(2.0f / 9);
    p                   = _mm256_fmadd_ps(p, s2, _mm256_set1_ps(2.0f / 7));
    p                   = _mm256_fmadd_ps(p, s2, _mm256_set1_ps(2.0f / 5));
    p                   = _mm256_fmadd_ps(p, s2, _mm256_set1_ps(2.0f / 3));
    const __m256 log_m  = _mm256_fmadd_ps(_mm256_mul_ps(s, s2), p, _mm256_add_ps(s, s));
    const __m256 ef     = _mm256_cvtepi32_ps(e);
    const __m256 ln2_hi = _mm256_set1_ps(0x1.62e4p-1f);
    const __m256 ln2_lo = _mm256_set1_ps(0x1.7f7d1cp-20f); // ln 2 - ln2_hi
    return _mm256_fmadd_ps(ef, ln2_hi, _mm256_fmadd_ps(ef, ln2_lo, log_m));
}

// sin and cos of v in [0, 8): v = k pi/2 + r, |r| <= pi/4, with pi/2 in three
// float parts (about 72 bits) removed by FMAs, so r keeps its relative
// accuracy even next to a multiple of pi/2. Taylor series to r^9 and r^10:
// the first omitted terms are below 2^-27 (sin) and 2^-32 (cos) on |r| <= pi/4.
ROCDIST_AVX2_FUNCTION inline void sincos8(__m256 v, __m256& sin_v, __m256& cos_v)
{
    const __m256 k  = _mm256_round_ps(_mm256_mul_ps(v, _mm256_set1_ps(0x1.45f306p-1f)),
                                      _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256       r  = _mm256_fnmadd_ps(k, _mm256_set1_ps(0x1.921fb6p+0f), v);
    r               = _mm256_fnmadd_ps(k, _mm256_set1_ps(-0x1.777a5cp-25f), r);
    r               = _mm256_fnmadd_ps(k, _mm256_set1_ps(-0x1.ee59dap-50f), r);
    const __m256 r2 = _mm256_mul_ps(r, r);

    __m256 ps = _mm256_set1_ps(1.0f / 362880);
    ps        = _mm256_fmadd_ps(ps, r2, _mm256_set1_ps(-1.0f / 5040));
    ps        = _mm256_fmadd_ps(ps, r2, _mm256_set1_ps(1.0f / 120));
    ps        = _mm256_fmadd_ps(ps, r2, _mm256_set1_ps(-1.0f / 6));
    const __m256 s = _mm256_fmadd_ps(_mm256_mul_ps(r, r2), ps, r);

    __m256 pc = _mm256_set1_ps(-1.0f / 3628800);
    pc        = _mm256_fmadd_ps(pc, r2, _mm256_set1_ps(1.0f / 40320));
    pc        = _mm256_fmadd_ps(pc, r2, _mm256_set1_ps(-1.0f / 720));
    pc        = _mm256_fmadd_ps(pc, r2, _mm256_set1_ps(1.0f / 24));
    pc        = _mm256_fmadd_ps(pc, r2, _mm256_set1_ps(-0.5f));
    const __m256 c = _mm256_fmadd_ps(pc, r2, _mm256_set1_ps(1.0f));

    // Quadrant k mod 4: odd k swaps sin and cos; sin changes sign for
    // k = 2, 3 and cos for k = 1, 2.
    const __m256i q     = _mm256_cvtps_epi32(k);
    const __m256  swap  = _mm256_castsi256_ps(_mm256_slli_epi32(q, 31));
    const __m256i sin_neg = _mm256_slli_epi32(_mm256_srli_epi32(q, 1), 31);
    const __m256i cos_neg = _mm256_slli_epi32(_mm256_srli_epi32(_mm256_add_epi32(q, _mm256_set1_epi32(1)), 1), 31);
    sin_v = _mm256_xor_ps(_mm256_blendv_ps(s, c, swap), _mm256_castsi256_ps(sin_neg));
    cos_v = _mm256_xor_ps(_mm256_blendv_ps(c, s, swap), _mm256_castsi256_ps(cos_neg));
}

// log(u) + t / u for u >= 2^-126 and |t| <= ulp(u): the log of u + t, with
// the rounding error t of a sum u = 1 + x put back to first order (t/u, as
// log1p's classic compensation). The error is log8's plus under 2^-24 relative
// from dropping (t/u)^2 / 2.
ROCDIST_AVX2_FUNCTION inline __m256 log_compensated8(__m256 u, __m256 t)
{
    return _mm256_add_ps(log8(u), _mm256_div_ps(t, u));
}

// log1p(x) for x > -1: u = 1 + x rounded, and its rounding error
// x - (u - 1) (u - 1 is exact for u in [1/2, 2]; above 2 the lost part is
// below log u's own ulp).
ROCDIST_AVX2_FUNCTION inline __m256 log1p8(__m256 x)
{
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 u   = _mm256_add_ps(one, x);
    return log_compensated8(u, _mm256_sub_ps(x, _mm256_sub_ps(u, one)));
}

// distributions::log_uniform: log of uniform_float(w) for w < 2^31, else
// log1p(-uniform_float(~w)) (the complement is exact in its word, the plain
// uniform is not), here one log8 on the rounded 1 - x plus its rounding error.
ROCDIST_AVX2_FUNCTION inline __m256 log_uniform8(__m256i w)
{
    const __m256 one   = _mm256_set1_ps(1.0f);
    const __m256 lower = uniform8(w);
    const __m256 x     = uniform8(_mm256_xor_si256(w, _mm256_set1_epi32(-1))); // the complement, <= 1/2
    const __m256 upper = _mm256_sub_ps(one, x);
    const __m256 error = _mm256_sub_ps(_mm256_sub_ps(one, upper), x); // (1 - x) - upper, exact
    const __m256 high  = _mm256_castsi256_ps(w);                      // sign bit: w >= 2^31
    return log_compensated8(_mm256_blendv_ps(lower, upper, high),
                            _mm256_blendv_ps(_mm256_setzero_ps(), error, high));
}

// exp(x) for |x| < 87 (the result and 2^k normal): x = k ln 2 + r, |r| <=
// ln2/2 with ln 2 in two parts (k ln2_hi exact for |k| < 2^12), Taylor series
// to r^7: the first omitted term is below 2^-27 relative. x - k ln2_hi is
// exact and the FMA with ln2_lo rounds once, so r carries about one ulp of
// itself; the rest is the series' roundings. Not measured alone: the gamma
// kernel's agreement with libm's path, which contains it, is in docs/gamma.md.
ROCDIST_AVX2_FUNCTION inline __m256 exp8(__m256 x)
{
    const __m256 k = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(0x1.715476p+0f)),
                                     _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(k, _mm256_set1_ps(0x1.62e4p-1f), x);
    r        = _mm256_fnmadd_ps(k, _mm256_set1_ps(0x1.7f7d1cp-20f), r);
    __m256 p = _mm256_set1_ps(1.0f / 5040);
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 720));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 120));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 24));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 6));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    p        = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    const __m256i two_k = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(k), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(two_k));
}

} // namespace rocdist::host::avx2

#endif // ROCDIST_HOST_AVX2
