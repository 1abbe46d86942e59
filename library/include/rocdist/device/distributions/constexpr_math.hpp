// exp, log and sqrt usable in constant expressions, so that lookup tables
// (the ziggurat's) are computed by the compiler from their defining formulas
// instead of being pasted in as numbers. Accurate to a few ulp of double for
// the arguments the tables use; not meant for run-time use.
#pragma once

namespace rocdist::distributions::constexpr_math
{

constexpr double ln2 = 0.693147180559945309417232121458176568;

constexpr double sqrt(double x)
{
    if(x <= 0)
        return 0;
    double r = x < 1 ? 1 : x;
    for(int i = 0; i < 200; ++i) // Newton from above: monotone convergence
    {
        const double next = 0.5 * (r + x / r);
        if(next >= r)
            break;
        r = next;
    }
    return r;
}

constexpr double exp(double x)
{
    // x = k ln2 + r with |r| <= ln2 / 2, then a Taylor series for e^r.
    const long   k = static_cast<long>(x / ln2 + (x < 0 ? -0.5 : 0.5));
    const double r = x - static_cast<double>(k) * ln2;
    double       term = 1, sum = 1;
    for(int n = 1; n < 30; ++n)
    {
        term *= r / n;
        sum += term;
    }
    for(long i = 0; i < k; ++i)
        sum *= 2;
    for(long i = 0; i > k; --i)
        sum /= 2;
    return sum;
}

constexpr double log(double x)
{
    // x = m 2^e with m in [1, 2); log m = 2 atanh((m - 1) / (m + 1)).
    int e = 0;
    while(x >= 2)
    {
        x /= 2;
        ++e;
    }
    while(x < 1)
    {
        x *= 2;
        --e;
    }
    const double s = (x - 1) / (x + 1), s2 = s * s;
    double       term = s, sum = 0;
    // Stop before terms underflow: EDG (nvcc) rejects inexact underflow in
    // constant evaluation.
    for(int n = 1; n < 120 && (term > 1e-200 || term < -1e-200); n += 2)
    {
        sum += term / n;
        term *= s2;
    }
    return 2 * sum + e * ln2;
}

} // namespace rocdist::distributions::constexpr_math
