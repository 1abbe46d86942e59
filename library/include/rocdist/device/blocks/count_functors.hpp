// Poisson and binomial counts in both orderings: element i reads only its
// own substream (tag poisson or binomial, index i), so it depends only on
// (seed, i, its parameters), whatever the call's chunks, offset or ordering.
// Inversion (lambda < 10, n min(p, 1 - p) < 10) reads two words of the
// substream's block 0; transformed rejection reads block j for its attempt
// j, 1.12 to 1.33 blocks per element on average (1.33 at lambda = 10;
// distributions/poisson.hpp, distributions/binomial.hpp).
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/binomial.hpp"
#include "rocdist/device/distributions/poisson.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist::blocks
{

// One lambda for every element of a call.
struct one_lambda
{
    static constexpr engine::substream_tag tag = engine::substream_tag::poisson;
    distributions::poisson_params          params;

    ROCDIST_HOST_DEVICE bool has(std::uint64_t) const { return true; }
    template <class Reader>
    ROCDIST_HOST_DEVICE unsigned int sample(std::uint64_t, Reader& words) const
    {
        return distributions::poisson_variate(params, words);
    }
};

// A lambda per element: stream element first + j has lambdas[j] for j
// below count (modulo 2^64).
struct lambda_array
{
    static constexpr engine::substream_tag tag = engine::substream_tag::poisson;
    const double*                          lambdas;
    std::uint64_t                          first, count;

    ROCDIST_HOST_DEVICE bool has(std::uint64_t i) const { return i - first < count; }
    template <class Reader>
    ROCDIST_HOST_DEVICE unsigned int sample(std::uint64_t i, Reader& words) const
    {
        return distributions::poisson_variate(distributions::make_poisson_params(lambdas[i - first]), words);
    }
};

// One (trials, p) for every element of a call.
struct one_binomial
{
    static constexpr engine::substream_tag tag = engine::substream_tag::binomial;
    distributions::binomial_params         params;

    ROCDIST_HOST_DEVICE bool has(std::uint64_t) const { return true; }
    template <class Reader>
    ROCDIST_HOST_DEVICE unsigned int sample(std::uint64_t, Reader& words) const
    {
        return distributions::binomial_variate(params, words);
    }
};

// (trials[j], p[j]) for stream element first + j, j below count.
struct binomial_arrays
{
    static constexpr engine::substream_tag tag = engine::substream_tag::binomial;
    const unsigned int*                    trials;
    const double*                          p;
    std::uint64_t                          first, count;

    ROCDIST_HOST_DEVICE bool has(std::uint64_t i) const { return i - first < count; }
    template <class Reader>
    ROCDIST_HOST_DEVICE unsigned int sample(std::uint64_t i, Reader& words) const
    {
        const std::uint64_t j = i - first;
        return distributions::binomial_variate(distributions::make_binomial_params(trials[j], p[j]), words);
    }
};

// Element `block` (one output per engine block) from its substream; 0 in
// the slot of an element that Parameters does not have.
template <class Parameters>
struct count_functor
{
    using value_type                            = unsigned int;
    static constexpr unsigned outputs_per_block = 1;
    engine::philox_key key;
    Parameters         parameters;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, unsigned int* v) const
    {
        if(!parameters.has(block))
        {
            v[0] = 0;
            return;
        }
        engine::substream_reader words(key, Parameters::tag, block);
        v[0] = parameters.sample(block, words);
    }
};

} // namespace rocdist::blocks
