// The float normal by inversion (distributions::normal_inverse_cdf) on the
// lanes of a Highway vector, accurate (Giles) and fast (Winitzki): the tail
// probability q and |2u - 1| from the integer, bit for bit, then w =
// -log(4 q (1 - q)) or -log1p(-e^2) with log_unit (the GPU kernels' log,
// within 1.23 ulp; log1p with the rounding of 1 + x added back) where the
// scalar code calls libm, and the erfinv core's arithmetic. A value may thus
// differ from the scalar function's by a few ulp (test_block_kernels.cpp
// bounds it). Lanes beyond Giles' fitted range (w > 16, about one element
// in 2^24), where the scalar code refines with a Halley step, are the
// caller's to finish on the scalar path. The double forms are here too:
// the fast one (Winitzki) with the scalar arithmetic, the accurate one by
// another method (below).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_INVERSE_CDF_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_INVERSE_CDF_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_INVERSE_CDF_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_INVERSE_CDF_LANES_HPP
#endif

#include <cstdint>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "backend/host/simd/log_unit_lanes.hpp"
#include "rocdist/device/distributions/erfinv.hpp"
#include "rocdist/device/distributions/inverse_cdf.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// distributions::erfinv_giles_core: both polynomials, then the one for w.
template <class DF>
HWY_INLINE hn::Vec<DF> erfinv_giles_core(DF df, hn::Vec<DF> w, hn::Vec<DF> x)
{
    const auto step = [df](hn::Vec<DF> p, float c, hn::Vec<DF> t) { return hn::Add(hn::Set(df, c), hn::Mul(p, t)); };
    const auto c = hn::Sub(w, hn::Set(df, 2.5f));
    auto       p = hn::Set(df, 2.81022636e-08f);
    p            = step(p, 3.43273939e-07f, c);
    p            = step(p, -3.5233877e-06f, c);
    p            = step(p, -4.39150654e-06f, c);
    p            = step(p, 0.00021858087f, c);
    p            = step(p, -0.00125372503f, c);
    p            = step(p, -0.00417768164f, c);
    p            = step(p, 0.246640727f, c);
    p            = step(p, 1.50140941f, c);
    const auto t = hn::Sub(hn::Sqrt(w), hn::Set(df, 3.0f));
    auto       r = hn::Set(df, -0.000200214257f);
    r            = step(r, 0.000100950558f, t);
    r            = step(r, 0.00134934322f, t);
    r            = step(r, -0.00367342844f, t);
    r            = step(r, 0.00573950773f, t);
    r            = step(r, -0.0076224613f, t);
    r            = step(r, 0.00943887047f, t);
    r            = step(r, 1.00167406f, t);
    r            = step(r, 2.83297682f, t);
    return hn::Mul(hn::IfThenElse(hn::Lt(w, hn::Set(df, 5.0f)), p, r), x);
}

// distributions::erfinv_winitzki_core for x > 0, in floats or doubles.
template <class DF>
HWY_INLINE hn::Vec<DF> erfinv_winitzki_core(DF df, hn::Vec<DF> w)
{
    using T                   = hn::TFromD<DF>;
    const T    a              = T(0.147);
    const T    two_over_pi_a  = T(2 / (3.14159265358979323846 * 0.147));
    const auto t1             = hn::Sub(hn::Set(df, two_over_pi_a), hn::Mul(hn::Set(df, T(0.5)), w));
    const auto  wa            = hn::Div(w, hn::Set(df, a));
    const auto  d             = hn::Div(wa, hn::Add(hn::Sqrt(hn::Add(hn::Mul(t1, t1), wa)), t1));
    return hn::Sqrt(d);
}

// The normal of word x in each lane; `scalar` marks the lanes (w > 16, Giles
// only) that the caller must take from the scalar function instead.
template <distributions::erfinv_kind Kind, class DF>
HWY_INLINE hn::Vec<DF> normal_inverse_cdf(DF df, hn::Vec<hn::RebindToUnsigned<DF>> x, hn::Mask<DF>& scalar)
{
    const hn::RebindToUnsigned<DF> du;
    const hn::RebindToSigned<DF>   di;
    const auto upper = hn::RebindMask(df, hn::Lt(hn::BitCast(di, x), hn::Zero(di)));
    const auto m     = hn::IfThenElse(hn::RebindMask(du, upper), hn::Not(x), x); // m < 2^31
    const auto one   = hn::Set(du, 1u);
    const auto q     = hn::Mul(hn::ConvertTo(df, hn::Add(hn::Add(m, m), one)), hn::Set(df, 0x1p-33f));
    const auto rest  = hn::Sub(hn::Set(du, 0x7fffffffu), m);
    const auto e     = hn::Mul(hn::ConvertTo(df, hn::Add(hn::Add(rest, rest), one)), hn::Set(df, 0x1p-32f));
    const auto tail  = hn::Neg(log_unit(df, hn::Mul(hn::Mul(hn::Set(df, 4.0f), q), hn::Sub(hn::Set(df, 1.0f), q))));
    const auto centre = hn::Neg(log1p(df, hn::Neg(hn::Mul(e, e))));
    const auto w      = hn::IfThenElse(hn::Lt(q, hn::Set(df, 0.25f)), tail, centre);
    hn::Vec<DF> y;
    if constexpr(Kind == distributions::erfinv_kind::giles)
    {
        y      = erfinv_giles_core(df, w, e);
        scalar = hn::Gt(w, hn::Set(df, distributions::giles_fitted_w));
    }
    else
    {
        y      = erfinv_winitzki_core(df, w);
        scalar = hn::FirstN(df, 0);
    }
    const auto z = hn::Mul(hn::Set(df, 1.41421356f), y);
    return hn::IfThenElse(upper, z, hn::Neg(z));
}

// The tail probability q = min(u, 1 - u) and e = |2u - 1| of each 64-bit
// lane's uniform (z + 1/2) 2^-53 from its 53 bits z (bits53), as
// distributions::normal_inverse_cdf forms them, bit for bit; `upper` where
// u > 1/2.
template <class DD>
HWY_INLINE void tail_and_centre(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z, hn::Mask<DD>& upper, hn::Vec<DD>& q,
                                hn::Vec<DD>& e)
{
    const hn::RebindToUnsigned<DD> du;
    const hn::RebindToSigned<DD>   di;
    constexpr std::uint64_t        half = std::uint64_t{1} << 52;
    // z < 2^53: the signed comparison is the unsigned one.
    upper            = hn::RebindMask(dd, hn::Gt(hn::BitCast(di, z), hn::Set(di, std::int64_t{half - 1})));
    const auto m     = hn::IfThenElse(hn::RebindMask(du, upper), hn::Sub(hn::Set(du, 2 * half - 1), z), z);
    const auto one   = hn::Set(du, 1);
    q                = hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, hn::Add(hn::Add(m, m), one))), hn::Set(dd, 0x1p-54));
    const auto rest  = hn::Sub(hn::Set(du, half - 1), m);
    e = hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, hn::Add(hn::Add(rest, rest), one))), hn::Set(dd, 0x1p-53));
}

// distributions::normal_inverse_cdf<winitzki>(x0, x1) from each 64-bit
// lane's 53 bits z (bits53): q, e, the branch and Winitzki's formula as the
// scalar function computes them, with Highway's Log (4 ulp) and Log1p
// (2 ulp) where the scalar code calls libm's log and log1p.
template <class DD>
HWY_INLINE hn::Vec<DD> normal_inverse_cdf_fast(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z)
{
    hn::Mask<DD> upper;
    hn::Vec<DD>  q, e;
    tail_and_centre(dd, z, upper, q, e);
    const auto tail   = hn::Neg(hn::Log(dd, hn::Mul(hn::Mul(hn::Set(dd, 4.0), q), hn::Sub(hn::Set(dd, 1.0), q))));
    const auto centre = hn::Neg(hn::Log1p(dd, hn::Neg(hn::Mul(e, e))));
    const auto w      = hn::IfThenElse(hn::Lt(q, hn::Set(dd, 0.25)), tail, centre);
    const auto r      = hn::Mul(hn::Set(dd, 1.4142135623730951), erfinv_winitzki_core(dd, w));
    return hn::IfThenElse(upper, r, hn::Neg(r));
}

// The polynomial c[0] + c[1] x + ... + c[7] x^7 (Horner, fused).
template <class DD>
HWY_INLINE hn::Vec<DD> polynomial7(DD dd, const double (&c)[8], hn::Vec<DD> x)
{
    auto p = hn::Set(dd, c[7]);
    for(int i = 6; i >= 0; --i)
        p = hn::MulAdd(p, x, hn::Set(dd, c[i]));
    return p;
}

// The accurate double normal by inversion (distributions::normal_inverse_cdf
// <giles>(x0, x1)) from each lane's 53 bits z: q and e bit for bit, then
// the quantile by Wichura's rational approximations (Algorithm AS 241,
// PPND16, Applied Statistics 37(3), 1988; relative error about 1e-16)
// instead of Giles' polynomial and Halley steps, whose erf and erfc
// Highway lacks. Centre (q >= 0.075): h = e / 2 = |u - 1/2| (exact), the
// value h A(r) / B(r) at r = 0.180625 - h^2; tails: t = sqrt(-log q)
// through Highway's Log (4 ulp), C(t - 1.6) / D(t - 1.6) up to t = 5 (q
// down to 1.4e-11), E(t - 5) / F(t - 5) beyond (q down to 2^-54).
template <class DD>
HWY_INLINE hn::Vec<DD> normal_inverse_cdf_accurate(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z)
{
    static constexpr double a[8] = {3.3871328727963666080e0,  1.3314166789178437745e+2, 1.9715909503065514427e+3,
                                    1.3731693765509461125e+4, 4.5921953931549871457e+4, 6.7265770927008700853e+4,
                                    3.3430575583588128105e+4, 2.5090809287301226727e+3};
    static constexpr double b[8] = {1.0,                      4.2313330701600911252e+1, 6.8718700749205790830e+2,
                                    5.3941960214247511077e+3, 2.1213794301586595867e+4, 3.9307895800092710610e+4,
                                    2.8729085735721942674e+4, 5.2264952788528545610e+3};
    static constexpr double c[8] = {1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
                                    3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
                                    2.27238449892691845833e-2, 7.74545014278341407640e-4};
    static constexpr double d[8] = {1.0,                      2.05319162663775882187e0, 1.67638483018380384940e0,
                                    6.89767334985100004550e-1, 1.48103976427480074590e-1, 1.51986665636164571966e-2,
                                    5.47593808499534494600e-4, 1.05075007164441684324e-9};
    static constexpr double e7[8] = {6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
                                     2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
                                     2.71155556874348757815e-5, 2.01033439929228813265e-7};
    static constexpr double f[8] = {1.0,                       5.99832206555887937690e-1, 1.36929880922735805310e-1,
                                    1.48753612908506148525e-2, 7.86869131145613259100e-4, 1.84631831751005468180e-5,
                                    1.42151175831644588870e-7, 2.04426310338993978564e-15};
    hn::Mask<DD> upper;
    hn::Vec<DD>  q, e;
    tail_and_centre(dd, z, upper, q, e);
    const auto h      = hn::Mul(e, hn::Set(dd, 0.5));
    const auto r      = hn::NegMulAdd(h, h, hn::Set(dd, 0.180625));
    const auto centre = hn::Div(hn::Mul(h, polynomial7(dd, a, r)), polynomial7(dd, b, r));
    const auto t      = hn::Sqrt(hn::Neg(hn::Log(dd, q)));
    const auto near   = hn::Sub(t, hn::Set(dd, 1.6));
    const auto far    = hn::Sub(t, hn::Set(dd, 5.0));
    const auto inner  = hn::Le(t, hn::Set(dd, 5.0));
    const auto tail   = hn::IfThenElse(inner, hn::Div(polynomial7(dd, c, near), polynomial7(dd, d, near)),
                                       hn::Div(polynomial7(dd, e7, far), polynomial7(dd, f, far)));
    const auto v      = hn::IfThenElse(hn::Ge(q, hn::Set(dd, 0.075)), centre, tail);
    return hn::IfThenElse(upper, v, hn::Neg(v));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
