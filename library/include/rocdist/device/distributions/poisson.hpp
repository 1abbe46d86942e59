// Poisson variates, exact at every lambda: no normal approximation.
//
// lambda < 10: inversion by sequential search from 0, one uniform double
// (two words): the first k with u <= P(K <= k), the probabilities formed by
// p_k = p_{k-1} lambda / k from p_0 = e^-lambda. The search ends where the
// sum stops changing in double (a tail below 1e-16 of probability).
//
// lambda >= 10: W. Hormann's transformed rejection with squeeze, PTRS ("The
// transformed rejection method for generating Poisson random variables",
// Insurance: Mathematics and Economics 12, 1993). An attempt reads four
// words (the uniforms U and V) and is accepted with probability 0.75 at
// lambda = 10, rising to 0.89 from lambda = 1e6 on; the squeeze, which
// costs no logarithm, decides 35% of attempts at lambda = 10 and more above.
//
// Every decision is made in reproducible:: arithmetic (count_pmf.hpp), so
// host and GPU return the same count for the same words.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/count_pmf.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"
#include "rocdist/device/distributions/uniform.hpp"

namespace rocdist::distributions
{

// A lambda the sampler takes: 0 <= lambda <= 2^31 (NaN fails).
ROCDIST_HOST_DEVICE bool valid_lambda(double lambda)
{
    return lambda >= 0 && lambda <= 0x1p31;
}

struct lambda_rule
{
    ROCDIST_HOST_DEVICE bool operator()(double lambda) const { return valid_lambda(lambda); }
};

// The uniform double in (0, 1) of the next two words (low word first).
template <class Reader>
ROCDIST_HOST_DEVICE double next_uniform_double(Reader& words)
{
    const std::uint32_t x = words.next();
    const std::uint32_t y = words.next();
    return uniform_double(x, y);
}

// Everything a lambda's variates need, computed once per lambda.
struct poisson_params
{
    double lambda;
    bool   inversion;   // lambda < 10
    double p0;          // e^-lambda (inversion)
    double log_lambda;  // the rest: PTRS
    double a, b, inv_alpha, v_r;
};

ROCDIST_HOST_DEVICE poisson_params make_poisson_params(double lambda)
{
    poisson_params p{};
    p.lambda    = lambda;
    p.inversion = lambda < 10;
    if(p.inversion)
    {
        p.p0 = reproducible::exp(-lambda);
        return p;
    }
    p.log_lambda = reproducible::log(lambda);
    p.b          = 0.931 + unfused_mul(2.53, std::sqrt(lambda));
    p.a          = -0.059 + unfused_mul(0.02483, p.b);
    p.inv_alpha  = 1.1239 + 1.1328 / (p.b - 3.4);
    p.v_r        = 0.9277 - 3.6224 / (p.b - 2);
    return p;
}

// Inversion's p_k from p_{k-1}: p_{k-1} lambda / k (the host's table of
// the sums, backend/host/inversion_table.hpp, takes the same steps).
ROCDIST_HOST_DEVICE double poisson_term(double previous, double lambda, unsigned int k)
{
    return unfused_mul(previous, lambda) / k;
}

// The largest count an unsigned int holds; a proposal above it is rejected
// (at lambda = 2^31 its probability is below e^-10^8).
constexpr double largest_count = 4294967295.0;

// Inversion: the count of the uniform of the next two words.
template <class Reader>
ROCDIST_HOST_DEVICE unsigned int poisson_inversion(const poisson_params& p, Reader& words)
{
    const double u   = next_uniform_double(words);
    double       pk  = p.p0;
    double       cdf = pk;
    unsigned int k   = 0;
    while(u > cdf)
    {
        ++k;
        pk                = poisson_term(pk, p.lambda, k);
        const double next = cdf + pk;
        if(next == cdf)
            break;
        cdf = next;
    }
    return k;
}

// One attempt of PTRS from the next four words: true with the count in k
// when it is accepted. Attempt j of an element reads block j of its
// substream, so attempts can be made out of order (the device API's
// warp-cooperative samplers make an element's attempts on several lanes).
template <class Reader>
ROCDIST_HOST_DEVICE bool poisson_attempt(const poisson_params& p, Reader& words, unsigned int& count)
{
    const double u  = next_uniform_double(words) - 0.5; // exact
    const double v  = next_uniform_double(words);
    const double us = 0.5 - std::fabs(u);
    const double k  = std::floor((unfused_mul(2 * p.a / us + p.b, u) + p.lambda) + 0.43);
    if(k < 0 || k > largest_count)
        return false;
    count = static_cast<unsigned int>(k);
    if(us >= 0.07 && v <= p.v_r)
        return true;
    if(us < 0.013 && v > us)
        return false;
    const double hat = unfused_mul(v, p.inv_alpha) / (p.a / unfused_mul(us, us) + p.b);
    return reproducible::log(hat) <= log_poisson_pmf(k, p.lambda, p.log_lambda);
}

template <class Reader>
ROCDIST_HOST_DEVICE unsigned int poisson_variate(const poisson_params& p, Reader& words)
{
    if(p.inversion)
        return poisson_inversion(p, words);
    for(unsigned int k = 0;;)
        if(poisson_attempt(p, words, k))
            return k;
}

} // namespace rocdist::distributions
