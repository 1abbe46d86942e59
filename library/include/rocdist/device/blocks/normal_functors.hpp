// Block functors for normal and log-normal variates, one per method and
// precision, in the reproducible ordering: engine block b gives elements
// P b .. P b + P - 1 (P = 4 floats or 2 doubles), laid out on the stream as
// the uniforms of the same type are. Rejection methods take their first
// attempt from the block and any further ones from the element's (or pair's)
// own substream.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "rocdist/device/blocks/substream_sources.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/inverse_cdf.hpp"
#include "rocdist/device/distributions/polar.hpp"
#include "rocdist/device/distributions/ziggurat.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"
#include "rocdist/device/engine/substream.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::blocks
{

// mean + stddev z, or its exponential for log-normal output.
template <class T>
struct normal_transform
{
    T    mean;
    T    stddev;
    bool log_normal;

    ROCDIST_HOST_DEVICE T operator()(T z) const
    {
        const T v = mean + stddev * z;
        return log_normal ? std::exp(v) : v;
    }
};

// The coordinates of a polar attempt from a substream's next words: one
// word each for floats, two (low first) for doubles.
template <class T>
ROCDIST_HOST_DEVICE void next_polar_coordinates(engine::substream_reader& words, T& a, T& b)
{
    if constexpr(sizeof(T) == sizeof(float))
    {
        a = distributions::polar_coordinate(words.next());
        b = distributions::polar_coordinate(words.next());
    }
    else
    {
        const std::uint32_t a0 = words.next(), a1 = words.next();
        const std::uint32_t b0 = words.next(), b1 = words.next();
        a = distributions::polar_coordinate(a0, a1);
        b = distributions::polar_coordinate(b0, b1);
    }
}

template <class T>
ROCDIST_HOST_DEVICE distributions::normal_pair<T>
    polar_pair(engine::philox_key key, std::uint64_t pair_index, T a, T b)
{
    distributions::normal_pair<T> out{};
    if(distributions::polar_attempt(a, b, out))
        return out;
    engine::substream_reader reader(key, engine::substream_tag::polar, pair_index);
    for(;;)
    {
        next_polar_coordinates(reader, a, b);
        if(distributions::polar_attempt(a, b, out))
            return out;
    }
}

// Element `element` of the ziggurat whose first attempt, bits `first`,
// failed the fast path: the rest from the element's own substream.
template <class T>
ROCDIST_HOST_DEVICE T ziggurat_slow_element(engine::philox_key key, std::uint64_t element, std::uint64_t first)
{
    engine::substream_reader reader(key, engine::substream_tag::ziggurat, element);
    return distributions::ziggurat_after_fast_path<T>(first, substream_bits<T>{&reader},
                                                      substream_uniform<T>{&reader});
}

template <class T>
ROCDIST_HOST_DEVICE T ziggurat_element(engine::philox_key key, std::uint64_t element, std::uint64_t first)
{
    T x;
    if(distributions::ziggurat_fast(first, x))
        return x;
    return ziggurat_slow_element<T>(key, element, first);
}

// The ziggurat's P elements of a block from their first attempts' bits:
// the fast path for each, then the slow path of the rejected ones in one
// loop over their mask. Until the loop replaces it, a rejected element's
// slot of v holds its attempt's bits, so the loop needs neither the block's
// words beside the other values nor a copy of the slow path per slot: on
// sm_90 this keeps the aligned float kernel within 32 registers (8 blocks of
// 256 threads resident) without spilling, where a slow path inlined for each
// of the four slots took 37. (The double kernel keeps one slow path per
// slot: with the loop it took 50 registers instead of 46.)
template <class T, class Bits, unsigned P>
ROCDIST_HOST_DEVICE void ziggurat_elements(engine::philox_key key, std::uint64_t first_element, const Bits (&bits)[P],
                                           T* v)
{
    static_assert(sizeof(Bits) == sizeof(T) && P <= 32);
    unsigned rejected = 0;
    ROCDIST_UNROLL
    for(unsigned k = 0; k < P; ++k)
    {
        if(!distributions::ziggurat_fast(bits[k], v[k]))
        {
            ROCDIST_MEMCPY(&v[k], &bits[k], sizeof(T));
            rejected |= 1u << k;
        }
    }
    for(; rejected != 0; rejected &= rejected - 1)
    {
        const unsigned i = ROCDIST_LOWEST_SET_BIT(rejected);
        T              slot = v[0];
        ROCDIST_UNROLL
        for(unsigned k = 1; k < P; ++k)
            slot = i == k ? v[k] : slot;
        Bits b;
        ROCDIST_MEMCPY(&b, &slot, sizeof b);
        const T x = ziggurat_slow_element<T>(key, first_element + i, b);
        ROCDIST_UNROLL
        for(unsigned k = 0; k < P; ++k)
            v[k] = i == k ? x : v[k];
    }
}

// The default Box-Muller and its fast form (float, NVIDIA GPUs: the
// hardware's sine and cosine), which share the stream's layout.
template <rocdist_normal_method Method>
constexpr bool is_box_muller = Method == ROCDIST_NORMAL_BOX_MULLER || Method == ROCDIST_NORMAL_BOX_MULLER_FAST;

// The standard normals of block `block` by Method: 4 floats from the word
// stream's block, or 2 doubles from the double stream's. (Key: as
// philox4x32_10's.)
template <rocdist_normal_method Method, class Key>
ROCDIST_HOST_DEVICE void standard_normals(const Key& key, std::uint64_t block, float* v)
{
    using distributions::erfinv_kind;
    const engine::philox_words r = engine::word_block(key, block);
    if constexpr(is_box_muller<Method> || Method == ROCDIST_NORMAL_POLAR)
    {
        ROCDIST_UNROLL
        for(unsigned p = 0; p < 2; ++p)
        {
            distributions::normal_pair<float> pair;
            if constexpr(is_box_muller<Method>)
                pair = distributions::box_muller<Method == ROCDIST_NORMAL_BOX_MULLER_FAST>(r.w[2 * p], r.w[2 * p + 1]);
            else
                pair = polar_pair(key, 2 * block + p,
                                  distributions::polar_coordinate(r.w[2 * p]),
                                  distributions::polar_coordinate(r.w[2 * p + 1]));
            v[2 * p]     = pair.first;
            v[2 * p + 1] = pair.second;
        }
    }
    else if constexpr(Method == ROCDIST_NORMAL_ZIGGURAT)
    {
        const std::uint32_t bits[4] = {r.w[0], r.w[1], r.w[2], r.w[3]};
        ziggurat_elements(key, 4 * block, bits, v);
    }
    else
    {
        ROCDIST_UNROLL
        for(unsigned k = 0; k < 4; ++k)
        {
            if constexpr(Method == ROCDIST_NORMAL_INVERSE_CDF)
                v[k] = distributions::normal_inverse_cdf<erfinv_kind::giles>(r.w[k]);
            else
                v[k] = distributions::normal_inverse_cdf<erfinv_kind::winitzki>(r.w[k]);
        }
    }
}

template <rocdist_normal_method Method, class Key>
ROCDIST_HOST_DEVICE void standard_normals(const Key& key, std::uint64_t block, double* v)
{
    using distributions::erfinv_kind;
    const engine::philox_words r = engine::double_block(key, block);
    if constexpr(is_box_muller<Method> || Method == ROCDIST_NORMAL_POLAR)
    {
        distributions::normal_pair<double> pair;
        if constexpr(is_box_muller<Method>)
            pair = distributions::box_muller(r.w[0], r.w[1], r.w[2], r.w[3]);
        else
            pair = polar_pair(key, block,
                              distributions::polar_coordinate(r.w[0], r.w[1]),
                              distributions::polar_coordinate(r.w[2], r.w[3]));
        v[0] = pair.first;
        v[1] = pair.second;
    }
    else
    {
        ROCDIST_UNROLL
        for(unsigned k = 0; k < 2; ++k)
        {
            if constexpr(Method == ROCDIST_NORMAL_INVERSE_CDF)
                v[k] = distributions::normal_inverse_cdf<erfinv_kind::giles>(r.w[2 * k], r.w[2 * k + 1]);
            else if constexpr(Method == ROCDIST_NORMAL_INVERSE_CDF_FAST)
                v[k] = distributions::normal_inverse_cdf<erfinv_kind::winitzki>(r.w[2 * k], r.w[2 * k + 1]);
            else
                v[k] = ziggurat_element<double>(
                    key, 2 * block + k,
                    r.w[2 * k] | (static_cast<std::uint64_t>(r.w[2 * k + 1]) << 32));
        }
    }
}

// The key a normal functor holds: the round keys (engine::philox_round_keys)
// for float methods but the ziggurat, whose loop grew with them; double
// kernels keep their double constants in the uniform registers that the
// round keys would take (44 more moves per loop trip of double Box-Muller
// in nvcc 13.0's sm_90 code).
template <rocdist_normal_method Method, class T>
using normal_key = std::conditional_t<sizeof(T) == sizeof(float) && Method != ROCDIST_NORMAL_ZIGGURAT,
                                      engine::philox_round_keys, engine::philox_key>;

// Normal or log-normal variates by Method: the block's standard normals
// through the transform.
template <rocdist_normal_method Method, class T>
struct normal_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = sizeof(T) == sizeof(float) ? 4 : 2;
    normal_key<Method, T>     key;
    normal_transform<T>       transform;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        standard_normals<Method>(key, block, v);
        ROCDIST_UNROLL
        for(unsigned k = 0; k < outputs_per_block; ++k)
            v[k] = transform(v[k]);
    }
};

} // namespace rocdist::blocks
