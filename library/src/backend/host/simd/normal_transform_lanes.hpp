// blocks::normal_transform on the lanes of a Highway vector: its affine
// part, mean + stddev z with the product rounded on its own, bit for bit;
// the kernels apply a log-normal's exponential after it, in libm, so that
// it too is the scalar transform's.
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
