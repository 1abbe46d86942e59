// Beta and Dirichlet variates as gamma variates over their sum, X_j / sum X,
// formed from the variates' scaled logarithms (gamma_scaled_log) without
// forming X_j: with every shape at 1e-3 all of a row's float variates
// underflow to 0 most of the time, and X_j / sum X would be 0 / 0, while
// the ratios of their logarithms' exponentials are exact to rounding.
#pragma once

#include <cmath>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

// term added to a Neumaier-compensated sum: s the rounded sum, c the
// rounding errors so far, so that s + c is the exact sum to within an ulp
// or two of a double even over 10^4 terms.
ROCDIST_HOST_DEVICE void neumaier_add(double& s, double& c, double term)
{
    const double t = s + term;
    c += std::fabs(s) >= std::fabs(term) ? (s - t) + term : (term - t) + s;
    s = t;
}

// X / (X + Y) from the scaled logarithms of X and Y: t = log(Y / X), and
// 1 / (1 + Y / X) in the form whose exponential cannot overflow, so that a
// result down to the smallest subnormal is kept. (The host computes it a
// vector at a time.)
template <class T>
ROCDIST_HOST_DEVICE T beta_from_scaled_logs(double sx, double sy)
{
    const double t = (sy - sx) * 0x1p64;
    const double e = std::exp(-std::fabs(t));
    return static_cast<T>((t > 0 ? e : 1.0) / (1 + e)); // a select, not a branch: t's sign is a coin toss
}

// The sum of a row's X_j / X_max, accumulated from scaled logarithms: m is
// the largest logarithm so far, and the sum s is rescaled when it grows
// (about ln k times in a row of k independent variates). The sum is
// compensated (Neumaier, c), so that X_j / sum X, each rounded once, add up
// to 1 within an ulp or two of the output's format even for k = 10^4.
// Partial sums of parts of a row merge (GPU blocks that share a row). A
// plain aggregate, so that GPU blocks can reduce it in __shared__ memory:
// start from empty().
struct scaled_log_sum
{
    double m, s, c;

    static ROCDIST_HOST_DEVICE scaled_log_sum empty() { return {-HUGE_VAL, 0, 0}; }

    // The exponent of the exponential that adding l takes when the largest
    // logarithm so far is m: the rescaling's if l is larger (-inf - 0 for
    // the first term, m = -inf), else the term's.
    static ROCDIST_HOST_DEVICE double add_exponent(double l, double m) { return -std::fabs(l - m) * 0x1p64; }

    // add(l) with e = exp(add_exponent(l, m)) given (the host computes it a
    // vector at a time).
    // Selects, not branches: whether l is the largest so far is hard to
    // predict, and a rescaling by 1 changes nothing.
    ROCDIST_HOST_DEVICE void add(double l, double e)
    {
        const bool larger = l > m;
        rescale(larger ? e : 1.0);
        m = larger ? l : m;
        add_term(larger ? 1.0 : e);
    }

    ROCDIST_HOST_DEVICE void add(double l) { add(l, std::exp(add_exponent(l, m))); }

    // The sum of both parts' variates.
    ROCDIST_HOST_DEVICE void merge(const scaled_log_sum& other)
    {
        if(other.m == -HUGE_VAL)
            return;
        if(other.m > m)
        {
            rescale(std::exp((m - other.m) * 0x1p64));
            m = other.m;
            add_term(other.s);
            c += other.c;
            return;
        }
        const double f = std::exp((other.m - m) * 0x1p64);
        add_term(other.s * f);
        c += other.c * f;
    }

    // X_j / sum X for the variate whose scaled logarithm is l: from e =
    // exp(share_exponent(l)), or whole.
    ROCDIST_HOST_DEVICE double share_exponent(double l) const { return (l - m) * 0x1p64; }

    template <class T>
    ROCDIST_HOST_DEVICE T share_from_exp(double e) const
    {
        return static_cast<T>(e / (s + c));
    }

    template <class T>
    ROCDIST_HOST_DEVICE T share(double l) const
    {
        return share_from_exp<T>(std::exp(share_exponent(l)));
    }

private:
    ROCDIST_HOST_DEVICE void rescale(double f)
    {
        s *= f;
        c *= f;
    }
    ROCDIST_HOST_DEVICE void add_term(double term) { neumaier_add(s, c, term); }
};

} // namespace rocdist::distributions
