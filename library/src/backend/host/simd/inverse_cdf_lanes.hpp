// The float normal by inversion (distributions::normal_inverse_cdf) on the
// lanes of a Highway vector, accurate (Giles) and fast (Winitzki): the tail
// probability q and |2u - 1| from the integer, bit for bit, then w =
// -log(4 q (1 - q)) or -log1p(-e^2) with log_unit (the GPU kernels' log,
// within 1.23 ulp; log1p with the rounding of 1 + x added back) where the
// scalar code calls libm, and the erfinv core's arithmetic. A value may thus
// differ from the scalar function's by a few ulp (test_host_vector_kernels.cpp
// bounds it). Lanes beyond Giles' fitted range (w > 16, about one element
// in 2^24), where the scalar code refines with a Halley step, are the
// caller's to finish on the scalar path. The fast double form (Winitzki) is
// here too; the accurate double one refines with erf and erfc, which
// Highway lacks, and stays scalar.
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
#include "distributions/erfinv.hpp"
#include "distributions/inverse_cdf.hpp"

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

// distributions::normal_inverse_cdf<winitzki>(x0, x1) from each 64-bit
// lane's 53 bits z (bits53): q, e, the branch and Winitzki's formula as the
// scalar function computes them, with Highway's Log (4 ulp) and Log1p
// (2 ulp) where the scalar code calls libm's log and log1p.
template <class DD>
HWY_INLINE hn::Vec<DD> normal_inverse_cdf_fast(DD dd, hn::Vec<hn::RebindToUnsigned<DD>> z)
{
    const hn::RebindToUnsigned<DD> du;
    const hn::RebindToSigned<DD>   di;
    constexpr std::uint64_t        half  = std::uint64_t{1} << 52;
    // z < 2^53: the signed comparison is the unsigned one.
    const auto upper = hn::RebindMask(dd, hn::Gt(hn::BitCast(di, z), hn::Set(di, std::int64_t{half - 1})));
    const auto m     = hn::IfThenElse(hn::RebindMask(du, upper), hn::Sub(hn::Set(du, 2 * half - 1), z), z);
    const auto one   = hn::Set(du, 1);
    const auto q     = hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, hn::Add(hn::Add(m, m), one))), hn::Set(dd, 0x1p-54));
    const auto rest  = hn::Sub(hn::Set(du, half - 1), m);
    const auto e = hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, hn::Add(hn::Add(rest, rest), one))), hn::Set(dd, 0x1p-53));
    const auto tail   = hn::Neg(hn::Log(dd, hn::Mul(hn::Mul(hn::Set(dd, 4.0), q), hn::Sub(hn::Set(dd, 1.0), q))));
    const auto centre = hn::Neg(hn::Log1p(dd, hn::Neg(hn::Mul(e, e))));
    const auto w      = hn::IfThenElse(hn::Lt(q, hn::Set(dd, 0.25)), tail, centre);
    const auto r      = hn::Mul(hn::Set(dd, 1.4142135623730951), erfinv_winitzki_core(dd, w));
    return hn::IfThenElse(upper, r, hn::Neg(r));
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
