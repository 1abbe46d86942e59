// 16-bit outputs (IEEE half, bfloat16) of the float calls: the float value
// the float call computes for element i, rounded to nearest even
// (distributions/half_formats.hpp). A block functor or a fast-ordering
// sampler of floats is wrapped, so that GPU kernels round in registers and
// the stream layout is the float call's, element for element.
#pragma once

#include <cstdint>

#include "backend/compacted_chunks.hpp"
#include "build_config.hpp"
#include "rocdist/device/distributions/half_formats.hpp"

namespace rocdist::backend
{

// How a float becomes its 16 bits.
struct to_half
{
    ROCDIST_HOST_DEVICE std::uint16_t operator()(float x) const { return distributions::half_bits(x); }
};

// Uniforms in (0, 1]: a float below 2^-25 rounds to a half 0, which the
// uniform's interval excludes; it is given the smallest half, 2^-24, instead.
struct to_positive_half
{
    ROCDIST_HOST_DEVICE std::uint16_t operator()(float x) const
    {
        const std::uint16_t h = distributions::half_bits(x);
        return h == 0 ? std::uint16_t{1} : h;
    }
};

// bfloat16 reaches down to float's smallest values, so uniforms never round to 0.
struct to_bfloat16
{
    ROCDIST_HOST_DEVICE std::uint16_t operator()(float x) const { return distributions::bfloat16_bits(x); }
};

template <class Functor, class Format>
struct narrowed_functor
{
    using value_type                            = std::uint16_t;
    static constexpr unsigned outputs_per_block = Functor::outputs_per_block;
    Functor                   inner;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, value_type* v) const
    {
        float x[outputs_per_block];
        inner(block, x);
        ROCDIST_UNROLL
        for(unsigned k = 0; k < outputs_per_block; ++k)
            v[k] = Format{}(x[k]);
    }
};

template <class Sampler, class Format>
struct narrowed_sampler
{
    using value_type                                        = std::uint16_t;
    using words_type                                        = typename Sampler::words_type;
    static constexpr unsigned               outputs_per_attempt    = Sampler::outputs_per_attempt;
    static constexpr unsigned               attempts_per_candidate = Sampler::attempts_per_candidate;
    static constexpr engine::substream_tag tag                    = Sampler::tag;
    engine::philox_key                      key;
    Sampler                                 inner;

    ROCDIST_HOST_DEVICE bool attempt(words_type& words, value_type (&v)[outputs_per_attempt]) const
    {
        float      x[outputs_per_attempt];
        const bool accepted = inner.attempt(words, x);
        // A rejected attempt's outputs are never written out; they are set
        // all the same, so that no path leaves them indeterminate.
        ROCDIST_UNROLL
        for(unsigned m = 0; m < outputs_per_attempt; ++m)
            v[m] = accepted ? Format{}(x[m]) : std::uint16_t{0};
        return accepted;
    }
};

template <class Format, class Functor>
narrowed_functor<Functor, Format> narrowed(const Functor& f)
{
    return {f};
}

template <class Format, class Sampler>
compacted<narrowed_sampler<Sampler, Format>> narrowed(const compacted<Sampler>& c)
{
    return {{c.sampler.key, c.sampler}};
}

} // namespace rocdist::backend
