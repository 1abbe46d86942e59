// Float gamma's attempt (distributions::gamma_accept, then gamma_variate) on
// the lanes of a Highway vector, for the host's gamma kernel
// (gamma_blocks.cpp): the same tests in the same order and arithmetic, with
// the vector kernels' own functions where the scalar code calls libm. The
// logs are log_unit (log_unit_lanes.hpp: its reduction to [sqrt(1/2),
// sqrt(2)) holds for every positive normal float), with the rounding error
// of 1 + y or 1 - u added back to first order where the scalar code calls
// log1p; the boost's exponential is Highway contrib's Exp (1 ulp). A value
// may differ from the scalar functor's by those roundings, and a decision
// within them of its boundary may flip: test_host_vector_kernels.cpp bounds
// both (docs/gamma.md).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#endif

#include <hwy/highway.h>

#include <hwy/contrib/math/math-inl.h>

#include "backend/host/simd/log_unit_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"
#include "distributions/gamma.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::log_uniform(w): the log of uniform_float(w) for w < 2^31;
// above, log1p(-x) of the complement x = uniform_float(~w), exact in its
// word, as the log of the rounded 1 - x plus that difference's rounding
// error (x <= 1/2, so both subtractions below are exact).
template <class DF>
HWY_INLINE hn::Vec<DF> log_uniform(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w)
{
    const hn::RebindToSigned<DF> di;
    const auto                   one   = hn::Set(df, 1.0f);
    const auto                   x     = uniform_float(df, hn::Not(w));
    const auto                   upper = hn::Sub(one, x);
    const auto                   error = hn::Sub(hn::Sub(one, upper), x);
    const auto                   high  = hn::RebindMask(df, hn::Lt(hn::BitCast(di, w), hn::Zero(di)));
    return log_compensated(df, hn::IfThenElse(high, upper, uniform_float(df, w)), hn::IfThenElseZero(high, error));
}

// distributions::log_acceptance_tail: the series below |y| = 1/16, the
// direct form above (both computed, then chosen).
template <class DF>
HWY_INLINE hn::Vec<DF> log_acceptance_tail(DF df, hn::Vec<DF> y)
{
    auto s = hn::Set(df, 1.0f / 9.0f);
    s      = hn::Add(hn::Set(df, -1.0f / 8.0f), hn::Mul(y, s));
    s      = hn::Add(hn::Set(df, 1.0f / 7.0f), hn::Mul(y, s));
    s      = hn::Add(hn::Set(df, -1.0f / 6.0f), hn::Mul(y, s));
    s      = hn::Add(hn::Set(df, 1.0f / 5.0f), hn::Mul(y, s));
    s      = hn::Add(hn::Set(df, -1.0f / 4.0f), hn::Mul(y, s));
    const auto three  = hn::Set(df, 3.0f);
    const auto y2     = hn::Mul(y, y);
    const auto series = hn::Mul(hn::Mul(hn::Mul(three, y2), y2), s);
    const auto cubic
        = hn::Mul(y, hn::Sub(hn::Set(df, 1.0f), hn::Mul(y, hn::Sub(hn::Set(df, 0.5f), hn::Div(y, three)))));
    const auto direct = hn::Mul(three, hn::Sub(log1p(df, y), cubic));
    return hn::IfThenElse(hn::Lt(hn::Abs(y), hn::Set(df, 0.0625f)), series, direct);
}

// One attempt in each lane, from the lane's normal z, U's word u and U''s
// word (read where a lane's shape is below 1 only), each lane with its own
// parameters (gamma_params' fields: c, d, half_defect, inv_shape, and
// `boost` set where the shape is below 1; scale and its logarithm are the
// call's): the value of each accepted lane. `rejected` marks the lanes
// that gamma_accept rejects; `wide` the accepted boost lanes whose exponent
// log U' / a + ln scale lies outside (-80, 80), whose value gamma_variate
// takes as exp(e + log dv), which the caller computes from `dv` and
// `power` (the exponent). (Vectors as separate arguments and
// out-parameters: SVE's vectors and masks cannot be members of a struct.)
template <class DF>
HWY_INLINE hn::Vec<DF> gamma_attempt(DF df, hn::Vec<DF> c, hn::Vec<DF> d, hn::Vec<DF> half_defect, hn::Mask<DF> boost,
                                     hn::Vec<DF> inv_shape, float scale, float log_scale, hn::Vec<DF> z,
                                     hn::Vec<hn::RebindToUnsigned<DF>> u, hn::Vec<hn::RebindToUnsigned<DF>> boost_word,
                                     hn::Vec<DF>& dv, hn::Vec<DF>& power, hn::Mask<DF>& rejected, hn::Mask<DF>& wide)
{
    const auto complement = uniform_float(df, hn::Not(u));
    const auto y          = hn::Mul(c, z);
    const auto valid      = hn::Gt(y, hn::Set(df, -1.0f));
    const auto z2         = hn::Mul(z, z);
    const auto squeeze    = hn::Gt(complement, hn::Mul(hn::Mul(hn::Set(df, 0.0331f), z2), z2));
    auto       accept     = hn::And(valid, squeeze);
    // The exact test only where a valid lane failed the squeeze: vectors
    // where none did skip its two logs.
    if(!hn::AllFalse(df, hn::AndNot(squeeze, valid)))
    {
        const auto bound = hn::Add(hn::Mul(half_defect, z2), hn::Mul(d, log_acceptance_tail(df, y)));
        accept           = hn::And(valid, hn::Or(squeeze, hn::Lt(log_uniform(df, u), bound)));
    }

    const auto three = hn::Set(df, 3.0f);
    const auto v     = hn::Add(hn::Set(df, 1.0f), y);
    const auto near  = hn::Add(d, hn::Mul(d, hn::Mul(y, hn::Add(three, hn::Mul(y, hn::Add(three, y))))));
    const auto far   = hn::Mul(d, hn::Mul(hn::Mul(v, v), v));
    dv               = hn::IfThenElse(hn::Lt(hn::Abs(y), hn::Set(df, 0.25f)), near, far);
    rejected         = hn::Not(accept);
    const auto plain = hn::Mul(dv, hn::Set(df, scale));
    if(hn::AllFalse(df, boost))
    {
        power = hn::Zero(df);
        wide  = hn::FirstN(df, 0);
        return plain;
    }
    power             = hn::Add(hn::Mul(log_uniform(df, boost_word), inv_shape), hn::Set(df, log_scale));
    const auto narrow = hn::Lt(hn::Abs(power), hn::Set(df, 80.0f));
    wide              = hn::And(boost, hn::AndNot(narrow, accept));
    return hn::IfThenElse(boost, hn::Mul(dv, hn::Exp(df, hn::IfThenElseZero(narrow, power))), plain);
}

// The same attempt with every lane's parameters those of p.
template <class DF>
HWY_INLINE hn::Vec<DF> gamma_attempt(DF df, const distributions::gamma_params<float>& p, hn::Vec<DF> z,
                                     hn::Vec<hn::RebindToUnsigned<DF>> u, hn::Vec<hn::RebindToUnsigned<DF>> boost_word,
                                     hn::Vec<DF>& dv, hn::Vec<DF>& power, hn::Mask<DF>& rejected, hn::Mask<DF>& wide)
{
    const auto boost = hn::FirstN(df, p.boost ? hn::Lanes(df) : 0);
    return gamma_attempt(df, hn::Set(df, p.c), hn::Set(df, p.d), hn::Set(df, p.half_defect), boost,
                         hn::Set(df, p.inv_shape), p.scale, p.log_scale, z, u, boost_word, dv, power, rejected, wide);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
