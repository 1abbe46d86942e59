// Goodness-of-fit statistics against Boost.Math distributions: the
// Kolmogorov-Smirnov test on a whole sample and Pearson's chi-square on
// counts. Each returns a p-value; tests compare it with a stated threshold.
#pragma once

#include <algorithm>
#include <cmath>
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
