// Gamma variates by Marsaglia and Tsang, "A simple method for generating
// gamma variables", ACM TOMS 26(3), 2000: for shape a >= 1, d = a - 1/3,
// c = 1/sqrt(9d), a normal z and v = (1 + cz)^3, keep d v when
// log U < z^2/2 + d (1 - v + log v), with the squeeze U < 1 - 0.0331 z^4 first.
// For a < 1 the same method draws G ~ Gamma(a + 1) and returns G U'^(1/a).
//
// The per-attempt math, words in: an attempt is a normal z and the word(s)
// of U (gamma_draw), decided by gamma_accept; an accepted attempt's value is
// formed by gamma_variate from the word(s) of U' (shape below 1). Which words
// feed which attempt is the stream layout's business (rocdist/device/blocks/gamma_words.hpp).
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/uniform.hpp"

namespace rocdist::distributions
{

// A shape (or scale) the sampler takes: finite and positive (NaN fails both
// comparisons).
template <class T>
ROCDIST_HOST_DEVICE bool valid_shape(T a)
{
    if constexpr(sizeof(T) == sizeof(float))
        return a > 0.0f && a <= 0x1.fffffep+127f;
    else
        return a > 0.0 && a <= 0x1.fffffffffffffp+1023;
}

struct shape_rule
{
    template <class T>
    ROCDIST_HOST_DEVICE bool operator()(T a) const
    {
        return valid_shape(a);
    }
};

// Everything one call needs, computed once from (shape, scale).
template <class T>
struct gamma_params
{
    T    d;          // (a or a + 1) - 1/3
    T    c;          // 1 / sqrt(9 d)
    T    half_defect; // (1 - 9 d c^2) / 2, from c's rounding: the z^2 term the stable test keeps
    bool boost;      // a < 1: multiply by U'^(1/a)
    T    inv_shape;  // 1 / a (boost only; infinite for subnormal float shapes)
    T    shape;
    T    scale;
    T    log_scale;
};

// Shape and scale must be finite and positive (the generator checks);
// log_scale is log(scale), taken once by calls with a shape per element.
template <class T>
ROCDIST_HOST_DEVICE gamma_params<T> make_gamma_params(T shape, T scale, T log_scale)
{
    gamma_params<T> p{};
    p.boost = shape < T(1);
    // d and c computed in double and rounded once to T; the defect of the
    // rounded c is then taken in double, where it does not vanish.
    const double a = static_cast<double>(shape) + (p.boost ? 1.0 : 0.0);
    const double d = a - 1.0 / 3.0;
    // 3 sqrt(d) rather than sqrt(9d), which overflows for doubles above 2e307.
    p.d            = static_cast<T>(d);
    const double s = std::sqrt(static_cast<double>(p.d));
    p.c            = static_cast<T>(1.0 / (3.0 * s));
    const double t = 3.0 * static_cast<double>(p.c) * s; // sqrt(9 d c^2)
    p.half_defect  = static_cast<T>(0.5 * (1.0 - t * t));
    p.inv_shape    = T(1) / shape;
    p.shape        = shape;
    p.scale        = scale;
    p.log_scale    = log_scale;
    return p;
}

template <class T>
ROCDIST_HOST_DEVICE gamma_params<T> make_gamma_params(T shape, T scale)
{
    return make_gamma_params(shape, scale, static_cast<T>(std::log(scale)));
}

// log of the uniform (w + 1/2) 2^-32 in (0, 1), exact in its argument: in
// the upper half, where a float's spacing (2^-24) is coarser than the word's,
// through log1p of the complement 1 - u = uniform_float(~w). Never 0.
ROCDIST_HOST_DEVICE float log_uniform(std::uint32_t w)
{
    return w < 0x80000000u ? std::log(uniform_float(w)) : std::log1p(-uniform_float(~w));
}

// log of uniform_double's (z + 1/2) 2^-53, z = x ^ (y << 21); its top value
// rounds to 1, so the upper half goes through the exact complement too.
ROCDIST_HOST_DEVICE double log_uniform(std::uint32_t x, std::uint32_t y)
{
    const std::uint64_t z = static_cast<std::uint64_t>(x) ^ (static_cast<std::uint64_t>(y) << 21);
    if(z < (std::uint64_t{1} << 52))
        return std::log(uniform_double(x, y));
    const std::uint64_t complement = ((std::uint64_t{1} << 53) - 1) - z;
    return std::log1p(-(static_cast<double>(complement) * 0x1p-53 + 0x1p-54));
}

// 1 - u for the same uniform, exactly as far as the format allows.
ROCDIST_HOST_DEVICE float uniform_complement(std::uint32_t w)
{
    return uniform_float(~w);
}
ROCDIST_HOST_DEVICE double uniform_complement(std::uint32_t x, std::uint32_t y)
{
    const std::uint64_t z = static_cast<std::uint64_t>(x) ^ (static_cast<std::uint64_t>(y) << 21);
    return static_cast<double>(((std::uint64_t{1} << 53) - 1) - z) * 0x1p-53 + 0x1p-54;
}

// 3 (log1p(y) - y + y^2/2 - y^3/3): with v = (1 + y)^3 and y = c z,
// z^2/2 + d (1 - v + log v) = half_defect z^2 + d tail(y), without the
// cancellation of the textbook form, which loses d * eps (60 at a = 1e9 in
// float) to rounding. Below |y| = 1/16 the series to y^9 is used (the first
// omitted term is under 3e-8 of the sum: exact for float, an error below
// 4e-10 in the double test); above it the direct form, whose error d |y| eps
// only arises there when |z| > 3 sqrt(d) / 16, where it is small.
template <class T>
ROCDIST_HOST_DEVICE T log_acceptance_tail(T y)
{
    if(std::fabs(y) < T(0.0625))
    {
        // -y^4/4 + y^5/5 - y^6/6 + y^7/7 - y^8/8 + y^9/9, times 3.
        T s = T(1) / T(9);
        s   = T(-1) / T(8) + y * s;
        s   = T(1) / T(7) + y * s;
        s   = T(-1) / T(6) + y * s;
        s   = T(1) / T(5) + y * s;
        s   = T(-1) / T(4) + y * s;
        const T y2 = y * y;
        return T(3) * y2 * y2 * s;
    }
    return T(3) * (std::log1p(y) - y * (T(1) - y * (T(0.5) - y / T(3))));
}

// One attempt, converted from its words: the normal z, U through 1 - U (for
// the squeeze) and its word(s) (for the exact test's log U).
template <class T>
struct gamma_draw;

template <>
struct gamma_draw<float>
{
    float         z, complement;
    std::uint32_t u;
    ROCDIST_HOST_DEVICE float log_u() const { return log_uniform(u); }
};

template <>
struct gamma_draw<double>
{
    double        z, complement;
    std::uint32_t u0, u1;
    ROCDIST_HOST_DEVICE double log_u() const { return log_uniform(u0, u1); }
};

ROCDIST_HOST_DEVICE gamma_draw<float> make_gamma_draw(float z, std::uint32_t u)
{
    return {z, uniform_complement(u), u};
}

ROCDIST_HOST_DEVICE gamma_draw<double> make_gamma_draw(double z, std::uint32_t u0, std::uint32_t u1)
{
    return {z, uniform_complement(u0, u1), u0, u1};
}

// The squeeze's verdict on one attempt: rejected, accepted, or left to the
// exact test log U < RHS, RHS = h z^2 + d tail(y) (h = half_defect, y = c z).
//
// Marsaglia and Tsang's squeeze 1 - U > 0.0331 z^4 leaves about 8% of
// attempts to the exact test at every shape, and the test takes two
// logarithms; a GPU warp runs it when any of its lanes needs it. Bounds of
// both sides decide most of the rest without a logarithm. With u' = 1 - U,
//   -u'/U <= log U <= -u' - u'^2/2,
// and since tail(y) = -3 integral_0^y t^3/(1+t) dt,
//   (3/4) y^4 (1 - (4/5) max(y, 0)) <= -tail(y) <= (3/4) y^4 / (1 + min(y, 0)).
// An attempt is accepted when log U's upper bound is below RHS's lower
// bound, and rejected when log U's lower bound is above RHS's upper bound,
// each with a margin of 2^-8 of the bound and 2|h|z^2: the exact test,
// whose computed sides are within a few ulp of |RHS| and |log U|, would
// take the same decision, so the variates are those of the exact test
// alone. The undecided share falls to 3.2% at shape 1, 0.8% at 2.5, 0.07%
// at 10 and 2.0% at shape 0.5 (whose attempts are at 1.5); the bounds and
// the slack are tested against the exact test (test_gamma_squeeze.cpp).
enum class gamma_squeeze_verdict
{
    reject,
    accept,
    exact_test
};

// The bounds' factors (3/4)(1 +- 2^-8), exact in float; the 4/5 of the
// rejection bound rounds up in both formats, which only lowers that bound.
template <class T>
constexpr T gamma_accept_loss = T(0.75 * (1 + 0x1p-8));
template <class T>
constexpr T gamma_reject_loss = T(0.75 * (1 - 0x1p-8));

template <class T>
ROCDIST_HOST_DEVICE gamma_squeeze_verdict gamma_squeeze(const gamma_params<T>& p, const gamma_draw<T>& r)
{
    const T y = p.c * r.z;
    if(!(y > T(-1)))
        return gamma_squeeze_verdict::reject;
    const T z2 = r.z * r.z;
    const T u  = r.complement; // u' = 1 - U, exact
    if(u > T(0.0331) * z2 * z2)
        return gamma_squeeze_verdict::accept;
    const T y2    = y * y;
    const T dy4   = p.d * (y2 * y2);
    const T slack = T(2) * std::fabs(p.half_defect) * z2;
    // u' + u'^2/2 > d (3/4) y^4 / (1 + min(y, 0)) + slack, without the division.
    if((u + T(0.5) * u * u) * (T(1) + std::fmin(y, T(0))) > gamma_accept_loss<T> * dy4 + slack)
        return gamma_squeeze_verdict::accept;
    // u'/U < d (3/4) y^4 (1 - (4/5) max(y, 0)) - slack; U = 1 - u' within an ulp.
    if(u <= (T(1) - u) * (gamma_reject_loss<T> * dy4 * (T(1) - T(0.8) * std::fmax(y, T(0))) - slack))
        return gamma_squeeze_verdict::reject;
    return gamma_squeeze_verdict::exact_test;
}

// The exact test, log U < z^2/2 + d (1 - v + log v), of an attempt the
// squeeze left undecided.
template <class T>
ROCDIST_HOST_DEVICE bool gamma_exact_test(const gamma_params<T>& p, const gamma_draw<T>& r)
{
    const T z2 = r.z * r.z;
    return r.log_u() < p.half_defect * z2 + p.d * log_acceptance_tail(p.c * r.z);
}

// d v = d (1 + y)^3 of an accepted attempt: near y = 0 as
// d + d (3y + 3y^2 + y^3), which keeps the digits of y when d is large
// (a = 1e9); elsewhere the plain cube.
template <class T>
ROCDIST_HOST_DEVICE T gamma_dv(const gamma_params<T>& p, const gamma_draw<T>& r)
{
    const T y = p.c * r.z;
    const T w = T(1) + y;
    return std::fabs(y) < T(0.25) ? p.d + p.d * (y * (T(3) + y * (T(3) + y))) : p.d * (w * w * w);
}

// The decision on one attempt: true with dv = d v when it is accepted.
template <class T>
ROCDIST_HOST_DEVICE bool gamma_accept(const gamma_params<T>& p, const gamma_draw<T>& r, T& dv)
{
    const gamma_squeeze_verdict verdict = gamma_squeeze(p, r);
    if(verdict == gamma_squeeze_verdict::reject
       || (verdict == gamma_squeeze_verdict::exact_test && !gamma_exact_test(p, r)))
        return false;
    dv = gamma_dv(p, r);
    return true;
}

// log U' / a, the boost's exponent, from log U' (log_uniform of U''s word(s)).
template <class T>
ROCDIST_HOST_DEVICE T gamma_boost_exponent(const gamma_params<T>& p, T log_u)
{
    return log_u * p.inv_shape;
}

ROCDIST_HOST_DEVICE float gamma_log_boost(const gamma_params<float>& p, std::uint32_t b)
{
    return gamma_boost_exponent(p, log_uniform(b));
}

ROCDIST_HOST_DEVICE double gamma_log_boost(const gamma_params<double>& p, std::uint32_t b0, std::uint32_t b1)
{
    return gamma_boost_exponent(p, log_uniform(b0, b1));
}

// The variate times scale, from an accepted attempt's d v and, for shapes
// below 1, the boost's exponent log U' / a (ignored otherwise).
//
// Output below the smallest subnormal is 0 and above the largest finite
// value is infinity: the result is rounded once from its exact logarithm
// where a plain product could underflow or overflow early, so 0 appears as
// often as the scaled variate rounds to 0.
template <class T>
ROCDIST_HOST_DEVICE T gamma_variate(const gamma_params<T>& p, T dv, T log_boost)
{
    if(!p.boost)
        return dv * p.scale;
    // Where exp(e) is a normal number (float |e| < 80, double |e| < 700),
    // dv exp(e) is rounded once: dv < 64 (here d < 5/3 and |z| < 9, the
    // largest Box-Muller radius), so the product cannot overflow, and an
    // underflow is the honest rounding of the result. Elsewhere the whole
    // logarithm goes through the exponential, so nothing underflows early.
    const T e     = log_boost + p.log_scale;
    const T bound = sizeof(T) == sizeof(float) ? T(80) : T(700);
    return std::fabs(e) < bound ? dv * std::exp(e) : std::exp(e + std::log(dv));
}

// The variate's logarithm (scale 1) times 2^-64, in double for both
// precisions, from an accepted attempt's d v and, for shapes below 1, log U'
// (ignored otherwise): log(d v) + log U' / a. The variates that beta and
// Dirichlet normalise are compared through it, so that they need not be
// representable: at shape 1e-3 a float variate is 0 nine times in ten, and
// log U' / a is -inf in double for subnormal shapes, while its 2^-64 share
// is finite for every positive shape. Scaling by a power of 2 rounds
// nothing, so differences of these logarithms, times 2^64, are the
// differences of the logarithms wherever those are finite.
template <class T>
ROCDIST_HOST_DEVICE double gamma_scaled_log(const gamma_params<T>& p, T dv, T log_u)
{
    const double log_dv = static_cast<double>(std::log(dv)) * 0x1p-64;
    return p.boost ? log_dv + static_cast<double>(log_u) * (0x1p-64 / static_cast<double>(p.shape)) : log_dv;
}

} // namespace rocdist::distributions
