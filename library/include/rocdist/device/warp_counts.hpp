// The device API's warp-cooperative Poisson and binomial samplers
// (rocdist/rocdist_kernel.h): lanes whose counts are done make attempts of
// transformed rejection for lanes whose are not (warp_rejection.hpp).
// Element i's attempt j reads block j of its own substream
// (blocks/count_functors.hpp), so the attempts of one element can be made
// on several lanes at once; its first attempt is attempt 0, its retry j
// attempt j + 1. Inversion (lambda < 10, trials min(p, 1 - p) < 10) takes
// no second attempt.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/binomial.hpp"
#include "rocdist/device/distributions/poisson.hpp"
#include "rocdist/device/engine/substream.hpp"
#include "rocdist/device/warp_rejection.hpp"

namespace rocdist::device::detail
{

// The Poisson sampler of one lambda, as warp_count_job calls it.
struct warp_poisson
{
    using params_type                          = distributions::poisson_params;
    static constexpr engine::substream_tag tag = engine::substream_tag::poisson;
    double                                 lambda;

    ROCDIST_HOST_DEVICE params_type params() const { return distributions::make_poisson_params(lambda); }
    __device__ warp_poisson of_lane(std::uint64_t active, unsigned owner) const
    {
        return {ROCDIST_WARP_SHFL(active, lambda, owner)};
    }
    template <class Reader>
    ROCDIST_HOST_DEVICE static bool inversion(const params_type& p, Reader& words, unsigned int& count)
    {
        if(!p.inversion)
            return false;
        count = distributions::poisson_inversion(p, words);
        return true;
    }
    template <class Reader>
    ROCDIST_HOST_DEVICE static bool attempt(const params_type& p, Reader& words, unsigned int& count)
    {
        return distributions::poisson_attempt(p, words, count);
    }
};

// The binomial sampler of one (trials, p).
struct warp_binomial
{
    using params_type                          = distributions::binomial_params;
    static constexpr engine::substream_tag tag = engine::substream_tag::binomial;
    unsigned int                           trials;
    double                                 p;

    ROCDIST_HOST_DEVICE params_type params() const { return distributions::make_binomial_params(trials, p); }
    __device__ warp_binomial of_lane(std::uint64_t active, unsigned owner) const
    {
        return {ROCDIST_WARP_SHFL(active, trials, owner), ROCDIST_WARP_SHFL(active, p, owner)};
    }
    template <class Reader>
    ROCDIST_HOST_DEVICE static bool inversion(const params_type& b, Reader& words, unsigned int& count)
    {
        if(!b.inversion)
            return false;
        count = distributions::binomial_inversion(b, words);
        return true;
    }
    template <class Reader>
    ROCDIST_HOST_DEVICE static bool attempt(const params_type& b, Reader& words, unsigned int& count)
    {
        return distributions::binomial_attempt(b, words, count);
    }
};

// warp_elements' job for a lane's count elements base .. base + N - 1,
// all with the lane's parameters.
template <class Sampler>
struct warp_count_job
{
    using type = unsigned int;
    engine::philox_key                    key;
    std::uint64_t                         base;
    Sampler                               sampler;
    typename Sampler::params_type         params;

    __device__ warp_count_job(engine::philox_key k, std::uint64_t b, Sampler s)
        : key(k), base(b), sampler(s), params(s.params())
    {
    }
    __device__ bool first(unsigned k, type& x) const
    {
        engine::substream_reader words(key, Sampler::tag, base + k);
        return Sampler::inversion(params, words, x) || Sampler::attempt(params, words, x);
    }
    __device__ bool retry(unsigned k, std::uint32_t j, type& x) const
    {
        // Attempt j + 1 reads the four words of block j + 1 and no more.
        const engine::substream_id id = engine::element_substream(Sampler::tag, base + k);
        engine::substream_reader   words(key, id, engine::substream_block(key, id, j + 1));
        return Sampler::attempt(params, words, x);
    }
    __device__ warp_count_job of_lane(std::uint64_t active, unsigned owner) const
    {
        return {shuffled_key(active, key, owner), ROCDIST_WARP_SHFL(active, static_cast<unsigned long long>(base), owner),
                sampler.of_lane(active, owner)};
    }
};

// The lane's N counts by Sampler into out (invalid_count throughout where
// its parameters are outside the domain); the state advances by N.
template <unsigned N, class Sampler>
__device__ void warp_counts(philox_state& s, Sampler sampler, bool valid, unsigned int (&out)[N], unsigned* rounds)
{
    const std::uint64_t           base = s.index();
    s.skipahead(N);
    const warp_count_job<Sampler> job(s.key(), base, sampler);
    const unsigned                r = warp_elements<N>(job, valid, out);
    if(!valid)
        for(unsigned k = 0; k < N; ++k)
            out[k] = invalid_count;
    if(rounds != nullptr)
        *rounds = r;
}

} // namespace rocdist::device::detail

namespace rocdist::device
{

/// \brief N Poisson(lambda) counts per lane, warp-cooperatively: elements
///        index() .. index() + N - 1 of the Poisson stream, each exactly
///        rocdist::device::poisson's count (invalid_count for a lambda
///        outside [0, 2^31]); the state advances by N. Every live lane of
///        the warp must call it at the same place, each with its own state
///        and lambda. rounds (if not NULL) receives the rounds of attempts
///        the warp ran: N first attempts, then one per cooperative round.
template <unsigned N>
__device__ void poisson_warp(philox_state& s, double lambda, unsigned int (&out)[N], unsigned* rounds = nullptr)
{
    const bool valid = distributions::valid_lambda(lambda);
    detail::warp_counts<N>(s, detail::warp_poisson{valid ? lambda : 0.0}, valid, out, rounds);
}

/// \brief One Poisson count per lane, warp-cooperatively (poisson_warp<1>).
__device__ inline unsigned int poisson_warp(philox_state& s, double lambda, unsigned* rounds = nullptr)
{
    unsigned int out[1];
    poisson_warp(s, lambda, out, rounds);
    return out[0];
}

/// \brief N Binomial(trials, p) counts per lane, warp-cooperatively, each
///        exactly rocdist::device::binomial's count (invalid_count for a p
///        outside [0, 1]). As poisson_warp otherwise.
template <unsigned N>
__device__ void binomial_warp(philox_state& s, unsigned int trials, double p, unsigned int (&out)[N],
                              unsigned* rounds = nullptr)
{
    const bool valid = distributions::valid_probability(p);
    detail::warp_counts<N>(s, detail::warp_binomial{trials, valid ? p : 0.0}, valid, out, rounds);
}

/// \brief One binomial count per lane, warp-cooperatively (binomial_warp<1>).
__device__ inline unsigned int binomial_warp(philox_state& s, unsigned int trials, double p,
                                             unsigned* rounds = nullptr)
{
    unsigned int out[1];
    binomial_warp(s, trials, p, out, rounds);
    return out[0];
}

} // namespace rocdist::device
