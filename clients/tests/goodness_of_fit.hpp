// Goodness-of-fit statistics against Boost.Math distributions: the
// Kolmogorov-Smirnov test on a whole sample and Pearson's chi-square on
// counts. Each returns a p-value; tests compare it with a stated threshold.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/math/distributions/chi_squared.hpp>

namespace rocdist_test
{

// The p-value threshold for every goodness-of-fit assertion. Seeds are fixed,
// so a test either always passes or always fails; at 1e-4 a correct sampler
// fails one assertion in ten thousand seeds, a biased one almost surely fails.
constexpr double p_threshold = 1e-4;

// P(D_n > d) for the one-sample KS statistic: Kolmogorov's limit law with
// Stephens' small-sample correction (accurate to a few percent for n >= 100,
// ample for a 1e-4 threshold).
inline double kolmogorov_p_value(double d, double n)
{
    const double root = std::sqrt(n);
    const double l    = (root + 0.12 + 0.11 / root) * d;
    if(l < 0.2)
        return 1.0;
    double sum = 0, sign = 1;
    for(int k = 1; k <= 100; ++k)
    {
        const double term = sign * std::exp(-2.0 * k * k * l * l);
        sum += term;
        if(std::fabs(term) < 1e-16)
            break;
        sign = -sign;
    }
    return std::clamp(2 * sum, 0.0, 1.0);
}

// KS statistic of a sample (reordered in place) against a continuous CDF.
template <class T, class Cdf>
double ks_statistic(std::vector<T>& sample, Cdf&& cdf)
{
    std::sort(sample.begin(), sample.end());
    const double n = static_cast<double>(sample.size());
    double       d = 0;
    for(size_t i = 0; i < sample.size(); ++i)
    {
        const double f = cdf(static_cast<double>(sample[i]));
        d = std::max({d, f - i / n, (i + 1) / n - f});
    }
    return d;
}

template <class T, class Cdf>
double ks_p_value(std::vector<T> sample, Cdf&& cdf)
{
    const double d = ks_statistic(sample, cdf);
    return kolmogorov_p_value(d, static_cast<double>(sample.size()));
}

// Pearson's chi-square p-value of observed counts against expected counts
// (all expectations should be 5 or more).
inline double chi_square_p_value(const std::vector<double>& observed, const std::vector<double>& expected)
{
    double x2 = 0;
    for(size_t i = 0; i < observed.size(); ++i)
        x2 += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
    const boost::math::chi_squared dist(static_cast<double>(observed.size() - 1));
    return boost::math::cdf(boost::math::complement(dist, x2));
}

} // namespace rocdist_test

namespace rocdist_test
{

// KS p-value of a sample of floating-point values, each the continuous
// variate with CDF cdf rounded to nearest in T, against the distribution of
// that rounded variate. Where many values round alike (gamma variates that
// underflow to 0 for tiny shapes, or a float's spacing at large ones), the
// continuous CDF would count the ties as a jump the sample cannot follow.
// The rounded variate is v exactly when the variate lies between the
// midpoints to v's neighbours, so P(rounded < v) and P(rounded <= v) are the
// CDF at those midpoints (computed in long double, where they are exact for
// float and double; cdf takes long double). The sup of |F_n - F| is reached
// at a sample value or just below one. Kolmogorov's law is the continuous
// case's; for a distribution with atoms it is conservative (Noether 1963),
// so a p-value below the threshold still means a misfit. Non-negative
// samples only (ties at 0 included).
template <class T, class Cdf>
double ks_p_value_rounded(std::vector<T> sample, Cdf&& cdf)
{
    std::sort(sample.begin(), sample.end());
    const double n = static_cast<double>(sample.size());
    double       d = 0;
    for(size_t i = 0; i < sample.size();)
    {
        size_t j = i;
        while(j < sample.size() && sample[j] == sample[i])
            ++j;
        const long double v    = sample[i];
        const long double up   = std::nextafter(sample[i], std::numeric_limits<T>::infinity());
        const long double down = sample[i] > 0 ? std::nextafter(sample[i], T(0)) : v;
        const double      below = sample[i] > 0 ? static_cast<double>(cdf((down + v) / 2)) : 0.0;
        const double      upto  = static_cast<double>(cdf((v + up) / 2));
        d = std::max({d, below - i / n, j / n - upto});
        i = j;
    }
    return kolmogorov_p_value(d, n);
}

} // namespace rocdist_test
