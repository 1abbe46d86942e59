// Binomial variates, exact for every (n, p): no normal approximation.
// The sampler draws Binomial(n, p') for p' = min(p, 1 - p), and a draw for
// p > 1/2 is n minus the count of failures.
//
// n p' < 10: inversion by sequential search from 0, one uniform double (two
// words), the probabilities formed by p_k = p_{k-1} (n - k + 1) / k p' /
// (1 - p') from p_0 = (1 - p')^n; the search ends where the sum stops
// changing in double (a tail below 1e-16 of probability).
//
// n p' >= 10: W. Hormann's transformed rejection with squeeze, BTRS ("The
// generation of binomial random variates", Journal of Statistical
// Computation and Simulation 46, 1993). An attempt reads four words (U and
// V); it is accepted when V, on the hat's scale, is below f(k) / f(m), m the
// mode, in logarithms from count_pmf.hpp.
//
// Every decision is made in reproducible:: arithmetic, so host and GPU
// return the same count for the same words.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/count_pmf.hpp"
#include "rocdist/device/distributions/poisson.hpp"
#include "rocdist/device/distributions/reproducible_math.hpp"

namespace rocdist::distributions
{

// A success probability the sampler takes: 0 <= p <= 1 (NaN fails).
ROCDIST_HOST_DEVICE bool valid_probability(double p)
{
    return p >= 0 && p <= 1;
}

struct probability_rule
{
    ROCDIST_HOST_DEVICE bool operator()(double p) const { return valid_probability(p); }
};

struct binomial_params
{
    double n;         // trials
    double p, q;      // p' = min(p, 1 - p) and 1 - p'
    bool   flip;      // p > 1/2: the draw is n minus the count of failures
    bool   inversion; // n p' < 10
    double p0, ratio; // inversion: (1 - p')^n and p' / (1 - p')
    double a, b, c, alpha, v_r, m, log_f_m; // BTRS
};

ROCDIST_HOST_DEVICE binomial_params make_binomial_params(unsigned int trials, double p)
{
    binomial_params b{};
    b.n          = trials;
    b.flip       = p > 0.5;
    b.p          = b.flip ? 1 - p : p; // exact
    b.q          = 1 - b.p;
    const double mean = unfused_mul(b.n, b.p);
    b.inversion  = mean < 10;
    if(b.inversion)
    {
        b.p0    = reproducible::exp(unfused_mul(b.n, reproducible::log1p(-b.p)));
        b.ratio = b.p / b.q;
        return b;
    }
    const double spq = std::sqrt(unfused_mul(mean, b.q));
    b.b              = 1.15 + unfused_mul(2.53, spq);
    b.a              = (-0.0873 + unfused_mul(0.0248, b.b)) + unfused_mul(0.01, b.p);
    b.c              = mean + 0.5;
    b.alpha          = unfused_mul(2.83 + 5.1 / b.b, spq);
    b.v_r            = 0.92 - 4.2 / b.b;
    b.m              = std::floor(unfused_mul(b.n + 1, b.p));
    b.log_f_m        = log_binomial_pmf(b.m, b.n, b.p);
    return b;
}

// Inversion's p_{k+1} from p_k: p_k p' / (1 - p') (n - k) / (k + 1) (the
// host's table of the sums, backend/host/inversion_table.hpp, takes the
// same steps).
ROCDIST_HOST_DEVICE double binomial_term(const binomial_params& b, double previous, double k)
{
    return unfused_mul(unfused_mul(previous, b.ratio), b.n - k) / (k + 1);
}

// A count of the sampler at p' as the call returns it: n minus the count
// of failures for p above 1/2.
ROCDIST_HOST_DEVICE unsigned int binomial_returned(const binomial_params& b, double k)
{
    return static_cast<unsigned int>(b.flip ? b.n - k : k);
}

// Inversion: the count of the uniform of the next two words.
template <class Reader>
ROCDIST_HOST_DEVICE unsigned int binomial_inversion(const binomial_params& b, Reader& words)
{
    const double u   = next_uniform_double(words);
    double       pk  = b.p0;
    double       cdf = pk;
    double       k   = 0;
    while(u > cdf && k < b.n)
    {
        pk                = binomial_term(b, pk, k);
        k                 = k + 1;
        const double next = cdf + pk;
        if(next == cdf)
            break;
        cdf = next;
    }
    return binomial_returned(b, k);
}

// One attempt of BTRS from the next four words: true with the count (as
// the call returns it) in count when it is accepted. Attempt j of an
// element reads block j of its substream, as poisson_attempt's.
template <class Reader>
ROCDIST_HOST_DEVICE bool binomial_attempt(const binomial_params& b, Reader& words, unsigned int& count)
{
    const double u  = next_uniform_double(words) - 0.5; // exact
    const double v  = next_uniform_double(words);
    const double us = 0.5 - std::fabs(u);
    const double k  = std::floor(unfused_mul(2 * b.a / us + b.b, u) + b.c);
    if(k < 0 || k > b.n)
        return false;
    count = binomial_returned(b, k);
    if(us >= 0.07 && v <= b.v_r)
        return true;
    const double hat = unfused_mul(v, b.alpha) / (b.a / unfused_mul(us, us) + b.b);
    return reproducible::log(hat) <= log_binomial_pmf(k, b.n, b.p) - b.log_f_m;
}

template <class Reader>
ROCDIST_HOST_DEVICE unsigned int binomial_variate(const binomial_params& b, Reader& words)
{
    if(b.inversion)
        return binomial_inversion(b, words);
    for(unsigned int count = 0;;)
        if(binomial_attempt(b, words, count))
            return count;
}

} // namespace rocdist::distributions
