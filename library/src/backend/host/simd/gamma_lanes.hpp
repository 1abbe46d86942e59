// Gamma's attempt (distributions::gamma_accept, then gamma_variate) on the
// lanes of a Highway vector, float or double, for the host's gamma kernel
// (gamma_blocks.cpp): the same tests in the same order and arithmetic, with
// the vector kernels' own functions where the scalar code calls libm. The
// logs are log_positive (log_unit_lanes.hpp: log_unit for floats, whose
// reduction to [sqrt(1/2), sqrt(2)) holds for every positive normal float,
// Highway contrib's Log (4 ulp) for doubles), with the rounding error of
// 1 + y or 1 - u added back to first order where the scalar code calls
// log1p; the boost's exponential is Highway contrib's Exp (1 ulp). A value
// may differ from the scalar functor's by those roundings, and a decision
// within them of its boundary may flip: test_gamma_blocks.cpp and
// test_compacted_kernels.cpp bound both (docs/gamma.md).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_GAMMA_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include <hwy/contrib/math/math-inl.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/log_unit_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"
#include "rocdist/device/distributions/gamma.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// Each lane's U, from its word (floats: uniform_float(w)) or its 53 bits
// (doubles, bits53: uniform_double's (z + 1/2) 2^-53), and the complement
// 1 - U exactly (distributions::uniform_complement).
template <class DF>
HWY_INLINE hn::Vec<DF> unit_uniform(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w)
{
    if constexpr(sizeof(hn::TFromD<DF>) == 4)
        return uniform_float(df, w);
    else
        return uniform_double53(df, w);
}

template <class DF>
HWY_INLINE hn::Vec<DF> unit_complement(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w)
{
    if constexpr(sizeof(hn::TFromD<DF>) == 4)
        return uniform_float(df, hn::Not(w));
    else
    {
        const hn::RebindToUnsigned<DF> du;
        return unit_uniform(df, hn::Sub(hn::Set(du, (std::uint64_t{1} << 53) - 1), w));
    }
}

// distributions::log_uniform: the log of U in its lower half; in the upper
// half (w >= 2^31, z >= 2^52), log1p(-x) of the complement x, exact in its
// bits, as the log of the rounded 1 - x plus that difference's rounding
// error (x <= 1/2, so both subtractions below are exact).
template <class DF>
HWY_INLINE hn::Vec<DF> log_uniform(DF df, hn::Vec<hn::RebindToUnsigned<DF>> w)
{
    using T = hn::TFromD<DF>;
    const hn::RebindToSigned<DF> di;
    const auto                   one   = hn::Set(df, T(1));
    const auto                   x     = unit_complement(df, w);
    const auto                   upper = hn::Sub(one, x);
    const auto                   error = hn::Sub(hn::Sub(one, upper), x);
    hn::Mask<DF>                 high;
    if constexpr(sizeof(T) == 4)
        high = hn::RebindMask(df, hn::Lt(hn::BitCast(di, w), hn::Zero(di)));
    else
        high = hn::RebindMask(df, hn::Gt(hn::BitCast(di, w), hn::Set(di, (std::int64_t{1} << 52) - 1)));
    return log_compensated(df, hn::IfThenElse(high, upper, unit_uniform(df, w)), hn::IfThenElseZero(high, error));
}

// distributions::log_acceptance_tail: the series below |y| = 1/16, the
// direct form above (both computed, then chosen).
template <class DF>
HWY_INLINE hn::Vec<DF> log_acceptance_tail(DF df, hn::Vec<DF> y)
{
    using T = hn::TFromD<DF>;
    auto s  = hn::Set(df, T(1) / T(9));
    s       = hn::Add(hn::Set(df, T(-1) / T(8)), hn::Mul(y, s));
    s       = hn::Add(hn::Set(df, T(1) / T(7)), hn::Mul(y, s));
    s       = hn::Add(hn::Set(df, T(-1) / T(6)), hn::Mul(y, s));
    s       = hn::Add(hn::Set(df, T(1) / T(5)), hn::Mul(y, s));
    s       = hn::Add(hn::Set(df, T(-1) / T(4)), hn::Mul(y, s));
    const auto three  = hn::Set(df, T(3));
    const auto y2     = hn::Mul(y, y);
    const auto series = hn::Mul(hn::Mul(hn::Mul(three, y2), y2), s);
    const auto cubic
        = hn::Mul(y, hn::Sub(hn::Set(df, T(1)), hn::Mul(y, hn::Sub(hn::Set(df, T(0.5)), hn::Div(y, three)))));
    const auto direct = hn::Mul(three, hn::Sub(log1p(df, y), cubic));
    return hn::IfThenElse(hn::Lt(hn::Abs(y), hn::Set(df, T(0.0625))), series, direct);
}

// One attempt in each lane, from the lane's normal z, U's word u and U''s
// word (floats; for doubles their 53 bits; read where a lane's shape is
// below 1 only), each lane with its own
// parameters (gamma_params' fields: c, d, half_defect, inv_shape, and
// `boost` set where the shape is below 1; scale and its logarithm are the
// call's): the value of each accepted lane. `rejected` marks the lanes
// that gamma_accept rejects; `wide` the accepted boost lanes whose exponent
// log U' / a + ln scale lies outside (-80, 80) (doubles: (-700, 700)), whose value gamma_variate
// takes as exp(e + log dv), which the caller computes from `dv` and
// `power` (the exponent); `log_boost` is log U' in the boost lanes and 0
// in the others (the scaled logarithms' input, gamma_scaled_log). (Vectors
// as separate arguments and out-parameters: SVE's vectors and masks cannot
// be members of a struct.)
template <class DF>
HWY_INLINE hn::Vec<DF> gamma_attempt(DF df, hn::Vec<DF> c, hn::Vec<DF> d, hn::Vec<DF> half_defect, hn::Mask<DF> boost,
                                     hn::Vec<DF> inv_shape, hn::TFromD<DF> scale, hn::TFromD<DF> log_scale,
                                     hn::Vec<DF> z, hn::Vec<hn::RebindToUnsigned<DF>> u,
                                     hn::Vec<hn::RebindToUnsigned<DF>> boost_word,
                                     hn::Vec<DF>& dv, hn::Vec<DF>& power, hn::Vec<DF>& log_boost,
                                     hn::Mask<DF>& rejected, hn::Mask<DF>& wide)
{
    using T               = hn::TFromD<DF>;
    const auto complement = unit_complement(df, u);
    const auto y          = hn::Mul(c, z);
    const auto valid      = hn::Gt(y, hn::Set(df, T(-1)));
    const auto z2         = hn::Mul(z, z);
    const auto one        = hn::Set(df, T(1));
    // distributions::gamma_squeeze: Marsaglia-Tsang's squeeze, then the
    // bounds of both sides of the exact test.
    const auto squeeze = hn::Gt(complement, hn::Mul(hn::Mul(hn::Set(df, T(0.0331)), z2), z2));
    const auto bound   = [&] { return hn::Add(hn::Mul(half_defect, z2), hn::Mul(d, log_acceptance_tail(df, y))); };
    hn::Mask<DF> accept;
    if(sizeof(T) == sizeof(float) && !hn::AllTrue(df, hn::Ge(d, one)))
    {
        // Floats with a lane below d = 1 (shapes 1/3 to 1 and 1 to 4/3),
        // where the bounds leave over 3% of lanes: the exact test in every
        // vector, without the bounds, whose arithmetic cost more than the
        // tests it saved (beta(0.2, 0.3) 5 to 9% slower with them).
        accept = hn::And(valid, hn::Or(squeeze, hn::Lt(log_uniform(df, u), bound())));
    }
    else
    {
        const auto y2      = hn::Mul(y, y);
        const auto dy4     = hn::Mul(d, hn::Mul(y2, y2));
        const auto slack   = hn::Mul(hn::Mul(hn::Set(df, T(2)), hn::Abs(half_defect)), z2);
        const auto above   = hn::Mul(hn::Add(complement, hn::Mul(hn::Mul(hn::Set(df, T(0.5)), complement), complement)),
                                     hn::Add(one, hn::Min(y, hn::Zero(df))));
        const auto bounded = hn::Gt(above, hn::Add(hn::Mul(hn::Set(df, distributions::gamma_accept_loss<T>), dy4), slack));
        const auto kept    = hn::Sub(one, hn::Mul(hn::Set(df, T(0.8)), hn::Max(y, hn::Zero(df))));
        const auto below   = hn::Mul(hn::Sub(one, complement),
                                     hn::Sub(hn::Mul(hn::Mul(hn::Set(df, distributions::gamma_reject_loss<T>), dy4), kept), slack));
        const auto undecided = hn::AndNot(hn::Or(hn::Or(squeeze, bounded), hn::Le(complement, below)), valid);
        accept               = hn::And(valid, hn::Or(squeeze, bounded));
        // The exact test only where a lane is undecided: 0.8% of lanes at
        // shape 2.5, 0.07% at 10 and 2% at 0.5, so that vectors where none
        // is (most of them in 8 or 16 lanes) skip its two logs.
        if(!hn::AllFalse(df, undecided))
            accept = hn::Or(accept, hn::And(undecided, hn::Lt(log_uniform(df, u), bound())));
    }

    const auto three = hn::Set(df, T(3));
    const auto v     = hn::Add(one, y);
    const auto near  = hn::Add(d, hn::Mul(d, hn::Mul(y, hn::Add(three, hn::Mul(y, hn::Add(three, y))))));
    const auto far   = hn::Mul(d, hn::Mul(hn::Mul(v, v), v));
    dv               = hn::IfThenElse(hn::Lt(hn::Abs(y), hn::Set(df, T(0.25))), near, far);
    rejected         = hn::Not(accept);
    const auto plain = hn::Mul(dv, hn::Set(df, scale));
    if(hn::AllFalse(df, boost))
    {
        power     = hn::Zero(df);
        log_boost = hn::Zero(df);
        wide      = hn::FirstN(df, 0);
        return plain;
    }
    log_boost         = hn::IfThenElseZero(boost, log_uniform(df, boost_word));
    power             = hn::Add(hn::Mul(log_boost, inv_shape), hn::Set(df, log_scale));
    const auto narrow = hn::Lt(hn::Abs(power), hn::Set(df, T(sizeof(T) == 4 ? 80 : 700)));
    wide              = hn::And(boost, hn::AndNot(narrow, accept));
    return hn::IfThenElse(boost, hn::Mul(dv, hn::Exp(df, hn::IfThenElseZero(narrow, power))), plain);
}

// The same attempt with every lane's parameters those of p.
template <class DF>
HWY_INLINE hn::Vec<DF> gamma_attempt(DF df, const distributions::gamma_params<hn::TFromD<DF>>& p, hn::Vec<DF> z,
                                     hn::Vec<hn::RebindToUnsigned<DF>> u, hn::Vec<hn::RebindToUnsigned<DF>> boost_word,
                                     hn::Vec<DF>& dv, hn::Vec<DF>& power, hn::Mask<DF>& rejected, hn::Mask<DF>& wide)
{
    const auto  boost = hn::FirstN(df, p.boost ? hn::Lanes(df) : 0);
    hn::Vec<DF> log_boost;
    return gamma_attempt(df, hn::Set(df, p.c), hn::Set(df, p.d), hn::Set(df, p.half_defect), boost,
                         hn::Set(df, p.inv_shape), p.scale, p.log_scale, z, u, boost_word, dv, power, log_boost,
                         rejected, wide);
}

// The inputs of four vectors of attempts from blocks 1 (a), 2 (b) and 0
// (c, shapes below 1) of groups in 32-bit lanes (rocdist/device/blocks/gamma_words.hpp):
// vector q's lane i is attempt 4 i + q of the groups taken in order
// (floats: group i's attempt q; doubles: attempt q % 2 of group 2 i + q / 2,
// through paired_words), with its normal z, U's word or 53 bits u and U''s
// ub.
template <class DT, class V32 = hn::Vec<hn::Repartition<std::uint32_t, DT>>>
HWY_INLINE void group_inputs(DT dt, V32 a0, V32 a1, V32 a2, V32 a3, V32 b0, V32 b1, V32 b2, V32 b3, V32 c0, V32 c1,
                             V32 c2, V32 c3, hn::Vec<DT>& z0, hn::Vec<DT>& z1, hn::Vec<DT>& z2, hn::Vec<DT>& z3,
                             hn::Vec<hn::RebindToUnsigned<DT>>& u0,
                             hn::Vec<hn::RebindToUnsigned<DT>>& u1, hn::Vec<hn::RebindToUnsigned<DT>>& u2,
                             hn::Vec<hn::RebindToUnsigned<DT>>& u3, hn::Vec<hn::RebindToUnsigned<DT>>& ub0,
                             hn::Vec<hn::RebindToUnsigned<DT>>& ub1, hn::Vec<hn::RebindToUnsigned<DT>>& ub2,
                             hn::Vec<hn::RebindToUnsigned<DT>>& ub3)
{
    if constexpr(sizeof(hn::TFromD<DT>) == 4)
    {
        box_muller(dt, a0, a1, z0, z1);
        box_muller(dt, b0, b1, z2, z3);
        u0 = a2, u1 = a3, u2 = b2, u3 = b3;
        ub0 = c0, ub1 = c1, ub2 = c2, ub3 = c3;
    }
    else
    {
        const hn::RebindToUnsigned<DT>            du;
        const hn::Repartition<std::uint32_t, DT> d32;
        hn::Vec<decltype(du)>                     x0, y0, x1, y1;
        paired_words(d32, a0, a1, a2, a3, x0, y0, x1, y1);
        box_muller(dt, bits53(du, x0), bits53(du, y0), z0, z1);
        box_muller(dt, bits53(du, x1), bits53(du, y1), z2, z3);
        paired_words(d32, b0, b1, b2, b3, u0, u1, u2, u3);
        u0 = bits53(du, u0), u1 = bits53(du, u1), u2 = bits53(du, u2), u3 = bits53(du, u3);
        paired_words(d32, c0, c1, c2, c3, ub0, ub1, ub2, ub3);
        ub0 = bits53(du, ub0), ub1 = bits53(du, ub1), ub2 = bits53(du, ub2), ub3 = bits53(du, ub3);
    }
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
