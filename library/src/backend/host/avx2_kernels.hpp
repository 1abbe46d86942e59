// The host backend's AVX2+FMA float gamma kernel (avx2_kernels.cpp) and the
// block functor it computes: engine blocks first_block .. first_block +
// blocks - 1 to out[0 .. 4 blocks) (out needs no alignment), with the
// kernel's own log, sincos and exp (docs/gamma.md states the bounds): on
// such a CPU every element of that stream comes from the kernel. The other
// kernels are backend/host/simd/block_kernels.hpp.
#pragma once

#include <cstdint>

#include "backend/gamma_functor.hpp"
#include "config.hpp"

namespace rocdist::host
{

// The primary template: no vector kernel; the packet body runs the functor.
template <class Functor>
struct avx2_kernel
{
    static constexpr bool exists = false;
};

#if ROCDIST_HOST_AVX2

namespace avx2
{

// True when this CPU has AVX2 and FMA (asked once).
bool supported();

void gamma_float(const backend::gamma_functor<float>& f, std::uint64_t first_block, std::uint64_t blocks,
                 float* out);

} // namespace avx2

template <>
struct avx2_kernel<backend::gamma_functor<float>>
{
    static constexpr bool exists = true;
    static void run(const backend::gamma_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
    {
        avx2::gamma_float(f, first, blocks, out);
    }
};

#endif // ROCDIST_HOST_AVX2

} // namespace rocdist::host
