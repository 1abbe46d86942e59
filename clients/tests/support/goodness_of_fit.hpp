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

// Pearson's statistic of counts of categories against their probabilities
// (n draws in all), categories merged into runs of consecutive ones until
// each run expects at least min_expected draws (a short last run joins the
// one before). Categories of probability 0 join runs like the others; tests
// check separately that they are never drawn.
struct chi_square_statistic
{
    double statistic = 0;
    double degrees   = 0; // runs - 1
};

template <class Probability>
chi_square_statistic binned_chi_square(const std::vector<double>& counts, const std::vector<Probability>& p,
                                       double n, double min_expected)
{
    std::vector<double> observed, expected;
    double              o = 0, e = 0;
    for(size_t i = 0; i < counts.size(); ++i)
    {
        o += counts[i];
        e += static_cast<double>(p[i]) * n;
        if(e >= min_expected)
        {
            observed.push_back(o);
            expected.push_back(e);
            o = e = 0;
        }
    }
    if(!observed.empty())
    {
        observed.back() += o;
        expected.back() += e;
    }
    chi_square_statistic c;
    for(size_t i = 0; i < observed.size(); ++i)
        c.statistic += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
    c.degrees = static_cast<double>(observed.size()) - 1;
    return c;
}

// The p-value of a chi-square statistic (several independent ones summed:
// their statistics and degrees of freedom add).
inline double chi_square_p_value(const chi_square_statistic& c)
{
    const boost::math::chi_squared dist(c.degrees);
    return boost::math::cdf(boost::math::complement(dist, c.statistic));
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
//
// Reference CDFs can be slow (Boost's gamma CDF takes 30 us at shape 1e6),
// so the CDF is evaluated only where more than stride samples would
// otherwise lie between two evaluated values; values in between are bracketed by their evaluated neighbours (P(rounded < v) is at
// least the one before, P(rounded <= v) at most the one after), which makes
// the statistic an upper bound on the exact one, too large by at most the
// largest bracket. That bracket is returned in max_bracket for the caller to
// bound (at 2^20 samples and stride 16 it is near 1.5e-5, against a
// critical distance near 1.9e-3 for p = 1e-4).
template <class T, class Cdf>
double ks_p_value_rounded(std::vector<T> sample, Cdf&& cdf, double& max_bracket, size_t stride = 16)
{
    std::sort(sample.begin(), sample.end());
    struct distinct
    {
        T      v;
        size_t first, end; // sample indices holding v
    };
    std::vector<distinct> values;
    for(size_t i = 0; i < sample.size();)
    {
        size_t j = i;
        while(j < sample.size() && sample[j] == sample[i])
            ++j;
        values.push_back({sample[i], i, j});
        i = j;
    }
    // below[k] = P(rounded < v_k), upto[k] = P(rounded <= v_k), at evaluated k.
    const size_t        m = values.size();
    std::vector<double> below(m, 0), upto(m, 1);
    std::vector<size_t> evaluated;
    // Evaluate v_k when more than stride samples would otherwise lie strictly
    // between two evaluated values.
    evaluated.push_back(0);
    for(size_t k = 1; k < m; ++k)
        if(k + 1 == m || values[k + 1].first - values[evaluated.back()].end > stride)
            evaluated.push_back(k);
    for(size_t k : evaluated)
    {
        const T           x    = values[k].v;
        const long double v    = x;
        const long double up   = std::nextafter(x, std::numeric_limits<T>::infinity());
        const long double down = x > 0 ? std::nextafter(x, T(0)) : v;
        below[k] = x > 0 ? static_cast<double>(cdf((down + v) / 2)) : 0.0;
        upto[k]  = static_cast<double>(cdf((v + up) / 2));
    }
    const double n = static_cast<double>(sample.size());
    double       d = 0;
    max_bracket    = 0;
    for(size_t e = 0; e < evaluated.size(); ++e)
    {
        const size_t k = evaluated[e];
        d = std::max({d, below[k] - values[k].first / n, values[k].end / n - upto[k]});
        if(e + 1 == evaluated.size())
            break;
        const size_t next = evaluated[e + 1];
        // Between two evaluated values: P(rounded < v) >= upto[k] and
        // P(rounded <= v) <= below[next].
        for(size_t i = k + 1; i < next; ++i)
            d = std::max({d, below[next] - values[i].first / n, values[i].end / n - upto[k]});
        if(next > k + 1)
            max_bracket = std::max(max_bracket, below[next] - upto[k]);
    }
    return kolmogorov_p_value(d, n);
}

} // namespace rocdist_test
