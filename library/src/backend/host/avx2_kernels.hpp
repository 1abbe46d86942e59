// The host backend's AVX2+FMA kernels (avx2_kernels.cpp) and which block
// functor each one computes. A kernel writes engine blocks
// first_block .. first_block + blocks - 1 of its functor to out[0 .. P blocks)
// (P = outputs_per_block; out needs no alignment) with the same value for
// every element as the functor, except Box-Muller and gamma, whose log,
// sincos and exp are the kernel's own (docs/normal.md and docs/gamma.md state
// the bounds): on such a CPU every element of those streams comes from the
// kernel.
#pragma once

#include <cstdint>

#include "backend/block_functors.hpp"
#include "backend/gamma_functor.hpp"
#include "backend/normal_functors.hpp"
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

void bits(engine::philox_key key, std::uint64_t first_block, std::uint64_t blocks, unsigned int* out);
void uniform_float(engine::philox_key key, std::uint64_t first_block, std::uint64_t blocks, float* out);
void normal_box_muller(const backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, float>& f,
                       std::uint64_t first_block, std::uint64_t blocks, float* out);
void normal_ziggurat(const backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, float>& f,
                     std::uint64_t first_block, std::uint64_t blocks, float* out);
void categorical(const backend::categorical_functor& f, std::uint64_t first_block, std::uint64_t blocks,
                 unsigned int* out);
void gamma_float(const backend::gamma_functor<float>& f, std::uint64_t first_block, std::uint64_t blocks,
                 float* out);

} // namespace avx2

template <>
struct avx2_kernel<backend::bits_functor>
{
    static constexpr bool exists = true;
    static void run(const backend::bits_functor& f, std::uint64_t first, std::uint64_t blocks, unsigned int* out)
    {
        avx2::bits(f.key, first, blocks, out);
    }
};

template <>
struct avx2_kernel<backend::uniform_float_functor>
{
    static constexpr bool exists = true;
    static void run(const backend::uniform_float_functor& f, std::uint64_t first, std::uint64_t blocks, float* out)
    {
        avx2::uniform_float(f.key, first, blocks, out);
    }
};

template <>
struct avx2_kernel<backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, float>>
{
    static constexpr bool exists = true;
    static void run(const backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, float>& f,
                    std::uint64_t first, std::uint64_t blocks, float* out)
    {
        avx2::normal_box_muller(f, first, blocks, out);
    }
};

template <>
struct avx2_kernel<backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, float>>
{
    static constexpr bool exists = true;
    static void run(const backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, float>& f,
                    std::uint64_t first, std::uint64_t blocks, float* out)
    {
        avx2::normal_ziggurat(f, first, blocks, out);
    }
};

template <>
struct avx2_kernel<backend::categorical_functor>
{
    static constexpr bool exists = true;
    static void run(const backend::categorical_functor& f, std::uint64_t first, std::uint64_t blocks,
                    unsigned int* out)
    {
        avx2::categorical(f, first, blocks, out);
    }
};

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
