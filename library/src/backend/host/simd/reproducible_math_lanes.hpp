// reproducible::log (distributions/reproducible_math.hpp) on the lanes of a
// Highway vector of doubles, with the scalar function's operations in the
// scalar function's order (each product rounded, then each sum; this file's
// includers are compiled with -ffp-contract=off; where the scalar function
// writes std::fma, MulAdd, a fused multiply-add on every target that runs
// these kernels), so every value is bit-identical to the scalar one's: the
// exponentials' and the count
// samplers' kernels (exponential_lanes.hpp, count_pmf_lanes.hpp,
// count_blocks.cpp); and reproducible::exp where its value is normal.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_REPRODUCIBLE_MATH_LANES_HPP
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "backend/host/simd/small_integer_lanes.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// reproducible::twice_atanh(f).
template <class DD>
HWY_INLINE hn::Vec<DD> twice_atanh(DD dd, hn::Vec<DD> f)
{
    const auto s = hn::Mul(f, f);
    auto       p = hn::Set(dd, 2.0 / 23);
    for(int j = 21; j >= 3; j -= 2)
        p = hn::MulAdd(p, s, hn::Set(dd, 2.0 / j));
    return hn::MulAdd(hn::Mul(f, s), p, hn::Add(f, f));
}

// twice_atanh of four vectors in place, a step of each series in turn:
// one vector's series is a chain of dependent operations, whose latency
// four chains side by side hide. Each lane takes twice_atanh's operations,
// so the values are the same.
template <class DD>
HWY_INLINE void twice_atanh4(DD dd, hn::Vec<DD>& f0, hn::Vec<DD>& f1, hn::Vec<DD>& f2, hn::Vec<DD>& f3)
{
    const auto s0 = hn::Mul(f0, f0), s1 = hn::Mul(f1, f1), s2 = hn::Mul(f2, f2), s3 = hn::Mul(f3, f3);
    auto       p0 = hn::Set(dd, 2.0 / 23), p1 = p0, p2 = p0, p3 = p0;
    for(int j = 21; j >= 3; j -= 2)
    {
        const auto c = hn::Set(dd, 2.0 / j);
        p0           = hn::MulAdd(p0, s0, c);
        p1           = hn::MulAdd(p1, s1, c);
        p2           = hn::MulAdd(p2, s2, c);
        p3           = hn::MulAdd(p3, s3, c);
    }
    f0 = hn::MulAdd(hn::Mul(f0, s0), p0, hn::Add(f0, f0));
    f1 = hn::MulAdd(hn::Mul(f1, s1), p1, hn::Add(f1, f1));
    f2 = hn::MulAdd(hn::Mul(f2, s2), p2, hn::Add(f2, f2));
    f3 = hn::MulAdd(hn::Mul(f3, s3), p3, hn::Add(f3, f3));
}

// k ln 2 + t, as reproducible::log adds its parts. k ln2_head is exact, so
// fusing its sum rounds as the scalar sum does, in one operation.
template <class DD>
HWY_INLINE hn::Vec<DD> scaled_by_ln2(DD dd, hn::Vec<DD> k, hn::Vec<DD> t)
{
    namespace r = distributions::reproducible;
    return hn::MulAdd(k, hn::Set(dd, r::ln2_head), hn::Add(hn::Mul(k, hn::Set(dd, r::ln2_tail)), t));
}

// frexp for positive normal x, with the mantissa moved to [sqrt(1/2),
// sqrt(2)) as reproducible::log moves it: x = m 2^k.
template <class DD>
HWY_INLINE void log_parts(DD dd, hn::Vec<DD> x, hn::Vec<DD>& m, hn::Vec<DD>& k)
{
    const hn::RebindToUnsigned<DD> du;
    const hn::RebindToSigned<DD>   di;
    const auto                     bits = hn::BitCast(du, x);
    // [1/2, 1): the exponent field of 1/2 over x's fraction.
    m = hn::BitCast(dd, hn::Or(hn::And(bits, hn::Set(du, 0x000fffffffffffffull)), hn::Set(du, 0x3fe0000000000000ull)));
    auto       e    = hn::Sub(hn::BitCast(di, hn::ShiftRight<52>(bits)), hn::Set(di, 1022));
    const auto low  = hn::Lt(m, hn::Set(dd, 0.70710678118654752));
    m               = hn::IfThenElse(low, hn::Add(m, m), m);
    e               = hn::IfThenElse(hn::RebindMask(di, low), hn::Sub(e, hn::Set(di, 1)), e);
    k               = double_of_small_integer(dd, e);
}

// reproducible::log(x) for positive normal x.
template <class DD>
HWY_INLINE hn::Vec<DD> reproducible_log(DD dd, hn::Vec<DD> x)
{
    hn::Vec<DD> m, k;
    log_parts(dd, x, m, k);
    const auto one = hn::Set(dd, 1.0);
    return scaled_by_ln2(dd, k, twice_atanh(dd, hn::Div(hn::Sub(m, one), hn::Add(m, one))));
}

// reproducible::log1p(x) for x > -1: 2 atanh(x / (2 + x)) in (-0.29,
// 0.41), log(1 + x) elsewhere, both through one twice_atanh.
template <class DD>
HWY_INLINE hn::Vec<DD> reproducible_log1p(DD dd, hn::Vec<DD> x)
{
    const auto  one  = hn::Set(dd, 1.0);
    const auto  near = hn::And(hn::Gt(x, hn::Set(dd, -0.29)), hn::Lt(x, hn::Set(dd, 0.41)));
    hn::Vec<DD> m, k;
    log_parts(dd, hn::IfThenElse(near, one, hn::Add(one, x)), m, k);
    const auto f = hn::IfThenElse(near, hn::Div(x, hn::Add(hn::Set(dd, 2.0), x)), hn::Div(hn::Sub(m, one), hn::Add(m, one)));
    const auto t = twice_atanh(dd, f);
    return hn::IfThenElse(near, t, scaled_by_ln2(dd, k, t));
}

// reproducible::exp(x) for x whose e^x is a normal double (x >= -708, x
// <= 709): the scaling by 2^k is a product with 2^k, exact there.
template <class DD>
HWY_INLINE hn::Vec<DD> reproducible_exp(DD dd, hn::Vec<DD> x)
{
    namespace r = distributions::reproducible;
    const hn::RebindToSigned<DD> di;
    const auto k = hn::Floor(hn::Add(hn::Mul(x, hn::Set(dd, 1.4426950408889634)), hn::Set(dd, 0.5)));
    const auto t = hn::Sub(hn::Sub(x, hn::Mul(k, hn::Set(dd, r::ln2_head))), hn::Mul(k, hn::Set(dd, r::ln2_tail)));
    auto       p = hn::Set(dd, 1.0);
    for(int j = 13; j >= 1; --j)
        p = hn::Add(hn::Mul(hn::Mul(t, p), hn::Set(dd, 1.0 / j)), hn::Set(dd, 1.0));
    const auto two_k = hn::BitCast(dd, hn::ShiftLeft<52>(hn::Add(small_integer_of_double(dd, k), hn::Set(di, 1023))));
    return hn::Mul(p, two_k);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
