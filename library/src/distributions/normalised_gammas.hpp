// Beta and Dirichlet variates as gamma variates over their sum, X_j / sum X,
// formed from the variates' scaled logarithms (gamma_scaled_log) without
// forming X_j: with every shape at 1e-3 all of a row's float variates
// underflow to 0 most of the time, and X_j / sum X would be 0 / 0, while
// the ratios of their logarithms' exponentials are exact to rounding.
#pragma once

#include <cmath>

#include "config.hpp"

namespace rocdist::distributions
{

// X / (X + Y) = 1 / (1 + Y / X) from the scaled logarithms of X and Y, in
// the form whose exponential cannot overflow, so that a result down to
// the smallest subnormal is kept.
template <class T>
ROCDIST_HOST_DEVICE T beta_from_scaled_logs(double sx, double sy)
{
    const double t = (sy - sx) * 0x1p64; // log(Y / X)
    if(t > 0)
    {
        const double e = std::exp(-t);
        return static_cast<T>(e / (1 + e));
    }
    return static_cast<T>(1 / (1 + std::exp(t)));
}

// The sum of a row's X_j / X_max, accumulated from scaled logarithms in one
// pass: m is the largest logarithm so far, and the sum is rescaled when it
// grows (about ln k times in a row of k independent variates). The sum is
// compensated (Neumaier), so that X_j / sum X, each rounded once, add up to
// 1 within an ulp or two of the output's format even for k = 10^4.
class scaled_log_sum
{
public:
    ROCDIST_HOST_DEVICE void add(double l)
    {
        double term = 1;
        if(l > m_)
        {
            const double f = std::exp((m_ - l) * 0x1p64); // 0 for the first term (m = -inf)
            s_ *= f;
            c_ *= f;
            m_ = l;
        }
        else
            term = std::exp((l - m_) * 0x1p64);
        const double t = s_ + term;
        c_ += std::fabs(s_) >= term ? (s_ - t) + term : (term - t) + s_;
        s_ = t;
    }

    // X_j / sum X for the variate whose scaled logarithm is l.
    template <class T>
    ROCDIST_HOST_DEVICE T share(double l) const
    {
        return static_cast<T>(std::exp((l - m_) * 0x1p64) / (s_ + c_));
    }

private:
    double m_ = -HUGE_VAL, s_ = 0, c_ = 0;
};

} // namespace rocdist::distributions
