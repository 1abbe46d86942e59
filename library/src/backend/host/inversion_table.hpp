// The sums P(K <= k) of the count samplers' inversion (distributions/
// poisson.hpp below lambda = 10, distributions/binomial.hpp below n p' =
// 10) for a call with one parameter, formed once per call with the
// sequential search's own steps (poisson_term, binomial_term), so that an
// element's count is the first k whose sum reaches u, found in the table
// instead of a division per step: the search's count, bit for bit, by
// construction. The host's count kernels (simd/count_blocks.cpp) use it.
#pragma once

#include "rocdist/device/distributions/binomial.hpp"
#include "rocdist/device/distributions/poisson.hpp"

namespace rocdist::host
{

struct inversion_table
{
    // Room for every search of the samplers' domains: the longest have 47
    // sums (lambda just below 10; n = 2^31, p near 4.6e-9), and
    // test_count_blocks.cpp checks the bound across both domains.
    static constexpr unsigned capacity = 64;

    double   cdf[capacity];
    unsigned size     = 0;     // sums in cdf
    unsigned end      = 0;     // the count for a u above every sum
    bool     complete = false; // the search ends within capacity

    // The search's count for u (complete tables only).
    unsigned int count(double u) const
    {
        unsigned k = 0;
        while(k < size && u > cdf[k])
            ++k;
        return k < size ? k : end;
    }
};

// The search of poisson_variate: p_0 = e^-lambda, then sums until one stops
// changing; a u above them all gets that step's k.
inline inversion_table poisson_inversion(const distributions::poisson_params& p)
{
    inversion_table t;
    double          pk = p.p0;
    t.cdf[0]           = pk;
    for(unsigned k = 1; k < inversion_table::capacity; ++k)
    {
        pk                = distributions::poisson_term(pk, p.lambda, k);
        const double next = t.cdf[k - 1] + pk;
        if(next == t.cdf[k - 1])
        {
            t.size = t.end = k;
            t.complete     = true;
            return t;
        }
        t.cdf[k] = next;
    }
    return t;
}

// The search of binomial_variate: as Poisson's, but it also ends at k = n,
// which a u above every sum then gets (the count of successes at p', before
// a flip).
inline inversion_table binomial_inversion(const distributions::binomial_params& b)
{
    inversion_table t;
    double          pk = b.p0;
    t.cdf[0]           = pk;
    for(unsigned k = 0; k + 1 < inversion_table::capacity; ++k)
    {
        if(k >= b.n)
        {
            t.size     = k + 1;
            t.end      = k;
            t.complete = true;
            return t;
        }
        pk                = distributions::binomial_term(b, pk, k);
        const double next = t.cdf[k] + pk;
        if(next == t.cdf[k])
        {
            t.size = t.end = k + 1;
            t.complete     = true;
            return t;
        }
        t.cdf[k + 1] = next;
    }
    return t;
}

} // namespace rocdist::host
