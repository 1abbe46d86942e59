// blocks::normal_transform on the lanes of a Highway vector: its affine
// part, mean + stddev z with the product rounded on its own, bit for bit.
// A log-normal's exponential: on the lanes (transformed4) in the Box-Muller
// kernels, Highway contrib's Exp (within 1 ulp; libm's within 0.5), where
// libm's, element by element, would cost more than the rest of the kernel;
// after the kernel in libm (exponentiate) in the others, whose values are
// then the scalar transform's (the ziggurat's bit for bit).
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_NORMAL_TRANSFORM_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_NORMAL_TRANSFORM_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_NORMAL_TRANSFORM_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_NORMAL_TRANSFORM_LANES_HPP
#endif

#include <cmath>
#include <cstdint>

#include <hwy/highway.h>

#include <hwy/contrib/math/math-inl.h>

#include "rocdist/device/blocks/normal_functors.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

template <class D>
HWY_INLINE hn::Vec<D> affine(D d, const blocks::normal_transform<hn::TFromD<D>>& t, hn::Vec<D> z)
{
    return hn::Add(hn::Set(d, t.mean), hn::Mul(hn::Set(d, t.stddev), z));
}

// e, with the lanes of x beyond Exp's valid range (flagged) taking libm's
// exp.
template <class D>
HWY_NOINLINE hn::Vec<D> exp_beyond_range(D d, hn::Vec<D> x, hn::Vec<D> e, hn::Mask<D> beyond)
{
    using T                                   = hn::TFromD<D>;
    const hn::RebindToUnsigned<D>             du;
    constexpr std::size_t                     max_lanes = hn::MaxLanes(D());
    HWY_ALIGN T                               xs[max_lanes];
    HWY_ALIGN T                               es[max_lanes];
    HWY_ALIGN hn::TFromD<decltype(du)>        flags[max_lanes];
    hn::Store(x, d, xs);
    hn::Store(e, d, es);
    hn::Store(hn::BitCast(du, hn::VecFromMask(d, beyond)), du, flags);
    for(std::size_t i = 0; i < hn::Lanes(d); ++i)
        if(flags[i] != 0)
            es[i] = std::exp(xs[i]);
    return hn::Load(d, es);
}

// The whole transform on the lanes of four vectors, in place: the affine
// part, then for log-normal output Exp, whose valid range ends at 104
// (float) or 706 (double); a lane beyond it (exp overflows from 88.7 or
// 709.8) takes libm's exp. The four exponentials side by side and one
// range check for the four: one branch, not four between them.
template <class D>
HWY_INLINE void transformed4(D d, const blocks::normal_transform<hn::TFromD<D>>& t, hn::Vec<D>& z0, hn::Vec<D>& z1,
                             hn::Vec<D>& z2, hn::Vec<D>& z3)
{
    using T = hn::TFromD<D>;
    z0      = affine(d, t, z0);
    z1      = affine(d, t, z1);
    z2      = affine(d, t, z2);
    z3      = affine(d, t, z3);
    if(!t.log_normal)
        return;
    const auto limit = hn::Set(d, sizeof(T) == sizeof(float) ? T(104) : T(706));
    const auto e0 = hn::Exp(d, hn::Min(z0, limit)), e1 = hn::Exp(d, hn::Min(z1, limit));
    const auto e2 = hn::Exp(d, hn::Min(z2, limit)), e3 = hn::Exp(d, hn::Min(z3, limit));
    const auto largest = hn::Max(hn::Max(z0, z1), hn::Max(z2, z3));
    if(HWY_LIKELY(hn::AllFalse(d, hn::Gt(largest, limit))))
    {
        z0 = e0, z1 = e1, z2 = e2, z3 = e3;
        return;
    }
    z0 = exp_beyond_range(d, z0, e0, hn::Gt(z0, limit));
    z1 = exp_beyond_range(d, z1, e1, hn::Gt(z1, limit));
    z2 = exp_beyond_range(d, z2, e2, hn::Gt(z2, limit));
    z3 = exp_beyond_range(d, z3, e3, hn::Gt(z3, limit));
}

// The exponential of log-normal output, over n outputs the affine part wrote.
template <class T>
void exponentiate(bool log_normal, T* out, std::uint64_t n)
{
    if(!log_normal)
        return;
    for(std::uint64_t i = 0; i < n; ++i)
        out[i] = std::exp(out[i]);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
