// log, log1p and exp in double that give the same bits on every platform:
// built from operations IEEE 754 rounds correctly (+, -, *, /, sqrt,
// frexp, ldexp, floor, and fused multiply-adds written as std::fma), with
// every other product rounded on its own (unfused_mul) so that no compiler
// fuses it into an FMA where the host would not. The libm of a host and the math
// library of a GPU differ by an ulp here and there; a count sampler's
// accept/reject decisions, which must be the same on host and GPU (integer
// outputs may not differ anywhere), take their logarithms and exponentials
// from here. Accuracy: within 4 ulp of the true value (test_count_math.cpp
// against the host's long double functions).
#pragma once

#include <cmath>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions::reproducible
{

// ln 2 as a head with 32 significant bits (k ln2_head is exact for
// |k| < 2^21) and the rest: ln2_head + ln2_tail = ln 2 to 2^-85.
constexpr double ln2_head = 0x1.62e42feep-1;
constexpr double ln2_tail = 0x1.a39ef35793c76p-33;

// 2 atanh(f) for |f| <= 3 - 2 sqrt(2) (0.1716): f (2 + f^2 (2/3 + f^2 (2/5
// + ...))), to f^23; the first term left out is below 2^-64 of the sum.
// Horner's steps are fused multiply-adds: IEEE 754's fusedMultiplyAdd
// rounds once, the same on every platform (GPUs, and CPUs with or without
// an FMA instruction), and takes half the operations of a product and a
// sum, which is most of a double exponential's logarithm.
ROCDIST_HOST_DEVICE double twice_atanh(double f)
{
    const double s = unfused_mul(f, f);
    double       p = 2.0 / 23;
    ROCDIST_UNROLL
    for(int j = 21; j >= 3; j -= 2)
        p = std::fma(p, s, 2.0 / j);
    return std::fma(unfused_mul(f, s), p, 2 * f);
}

// log x for finite x > 0: x = m 2^e with m in [sqrt(1/2), sqrt(2)), then
// log m = 2 atanh((m - 1) / (m + 1)), whose numerator m - 1 is exact.
ROCDIST_HOST_DEVICE double log(double x)
{
    int    e = 0;
    double m = std::frexp(x, &e); // [1/2, 1)
    if(m < 0.70710678118654752)
    {
        m *= 2; // exact
        --e;
    }
    const double k = static_cast<double>(e);
    return unfused_mul(k, ln2_head) + (unfused_mul(k, ln2_tail) + twice_atanh((m - 1) / (m + 1)));
}

// log(1 + x) for x > -1: where |x / (2 + x)| <= 0.1716 (x in (-0.29,
// 0.41)) as 2 atanh(x / (2 + x)), which keeps the digits of a small x
// (p = 1e-9 in 1 - p); elsewhere log(1 + x).
ROCDIST_HOST_DEVICE double log1p(double x)
{
    if(x > -0.29 && x < 0.41)
        return twice_atanh(x / (2 + x));
    return log(1 + x);
}

// e^x for -708 <= x <= 709: x = k ln 2 + r with |r| <= ln2 / 2, then the
// Taylor series of e^r to r^13 / 13! (the next term is below 2^-57 of the
// sum), 1 + r (1 + r/2 (1 + r/3 (...))), and a scaling by 2^k.
ROCDIST_HOST_DEVICE double exp(double x)
{
    const double k = std::floor(unfused_mul(x, 1.4426950408889634) + 0.5);
    const double r = (x - unfused_mul(k, ln2_head)) - unfused_mul(k, ln2_tail);
    double       p = 1;
    ROCDIST_UNROLL
    for(int j = 13; j >= 1; --j)
        p = unfused_mul(unfused_mul(r, p), 1.0 / j) + 1;
    return std::ldexp(p, static_cast<int>(k));
}

} // namespace rocdist::distributions::reproducible
