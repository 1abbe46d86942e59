// Inverse error function approximations. Each is split into a core that
// takes w = -log(1 - x^2) = -log((1 - x)(1 + x)) and x, so that the normal
// sampler can compute w from the tail probability q (1 - x = 2q) without the
// cancellation of 1 - x for x near 1, and a plain erfinv(x) for users and
// the accuracy tests.
#pragma once

#include <cmath>

#include "rocdist/device/config.hpp"

namespace rocdist::distributions
{

// Giles, "Approximating the erfinv function" (GPU Computing Gems, 2011):
// single-precision coefficients, one polynomial in w for the centre
// (w < 5, |x| < 0.9966) and one in sqrt(w) for the tails.
template <class T>
ROCDIST_HOST_DEVICE T erfinv_giles_core(T w, T x)
{
    T p;
    if(w < T(5))
    {
        w = w - T(2.5);
        p = T(2.81022636e-08);
        p = T(3.43273939e-07) + p * w;
        p = T(-3.5233877e-06) + p * w;
        p = T(-4.39150654e-06) + p * w;
        p = T(0.00021858087) + p * w;
        p = T(-0.00125372503) + p * w;
        p = T(-0.00417768164) + p * w;
        p = T(0.246640727) + p * w;
        p = T(1.50140941) + p * w;
    }
    else
    {
        w = std::sqrt(w) - T(3);
        p = T(-0.000200214257);
        p = T(0.000100950558) + p * w;
        p = T(0.00134934322) + p * w;
        p = T(-0.00367342844) + p * w;
        p = T(0.00573950773) + p * w;
        p = T(-0.0076224613) + p * w;
        p = T(0.00943887047) + p * w;
        p = T(1.00167406) + p * w;
        p = T(2.83297682) + p * w;
    }
    return p * x;
}

// Winitzki, "A handy approximation for the error function and its inverse"
// (2008), a = 0.147: closed form, one log and two square roots.
template <class T>
ROCDIST_HOST_DEVICE T erfinv_winitzki_core(T w, T x)
{
    constexpr T a             = T(0.147);
    constexpr T two_over_pi_a = T(2 / (3.14159265358979323846 * 0.147));
    const T     t1            = two_over_pi_a - T(0.5) * w; // 2/(pi a) + ln(1 - x^2)/2
    // sqrt(t1^2 + w/a) - t1, written without its cancellation near x = 0.
    const T d = (w / a) / (std::sqrt(t1 * t1 + w / a) + t1);
    const T r = std::sqrt(d);
    return x < T(0) ? -r : r;
}

// One Halley step towards y = erfinv(|x|) from y > 0, given tail = 1 - |x|:
// on G(y) = erfc(y) - tail in the tails and on G(y) = erf(y) - |x| in the
// centre (each free of cancellation where it is used). Both have
// G'' = -2 y G', so the step is y - t / (1 + y t) with t = G / G'.
// Halley triples the number of correct digits.
template <class T>
ROCDIST_HOST_DEVICE T erfinv_halley_step(T y, T tail)
{
    const T slope = T(1.1283791670955126) * std::exp(-y * y); // 2/sqrt(pi) e^{-y^2}
    const T t     = tail < T(0.5) ? (std::erfc(y) - tail) / -slope : (std::erf(y) - (T(1) - tail)) / slope;
    return y - t / (T(1) + y * t);
}

// Giles fitted his single-precision polynomials for w <= 16 (|x| up to
// 1 - 2^-24); beyond, where the normal sampler's 32-bit tail probabilities
// reach (w up to 22.2), their error grows to 5e-4, and one Halley step
// brings it back under float resolution.
constexpr float giles_fitted_w = 16.0f;

template <class T>
ROCDIST_HOST_DEVICE T erfinv_giles_refined(T w, T x, T tail)
{
    T y = erfinv_giles_core(w, x);
    if(w > T(giles_fitted_w))
    {
        y = erfinv_halley_step(std::fabs(y), tail);
        y = x < T(0) ? -y : y;
    }
    return y;
}

// A starting point for erfc(y) = tail far out, where Giles' polynomials no
// longer apply: y^2 = -log(tail) - log(y sqrt(pi)) + log(1 - 1/(2 y^2)),
// the asymptotic series of erfc, solved by fixed-point iteration (about 1e-4
// relative at w = 16, better beyond).
ROCDIST_HOST_DEVICE double erfc_inverse_asymptotic(double tail)
{
    const double l = -std::log(tail);
    double       y = std::sqrt(l);
    for(int i = 0; i < 4; ++i)
        y = std::sqrt(l - std::log(y * 1.7724538509055159) + std::log1p(-0.5 / (y * y)));
    return y;
}

// Double precision: Giles' polynomial (1e-7) within its fitted range, the
// asymptotic start beyond, then Halley steps until they stop mattering.
ROCDIST_HOST_DEVICE double erfinv_double_core(double w, double x, double tail)
{
    double y = w > double(giles_fitted_w) ? erfc_inverse_asymptotic(tail) : std::fabs(erfinv_giles_core(w, x));
    for(int step = 0; step < 4; ++step)
    {
        const double next = erfinv_halley_step(y, tail);
        const bool   done = std::fabs(next - y) <= 1e-9 * y; // the next step would be below 1e-25
        y                 = next;
        if(done)
            break;
    }
    return x < 0 ? -y : y;
}

// w = -log(1 - x^2): through log1p near 0, where 1 - x^2 rounds to 1 and
// Winitzki's formula would return 0; through the product near +-1.
template <class T>
ROCDIST_HOST_DEVICE T erfinv_w(T x)
{
    return std::fabs(x) < T(0.5) ? -std::log1p(-x * x) : -std::log((T(1) - x) * (T(1) + x));
}

ROCDIST_HOST_DEVICE float erfinv_giles(float x)
{
    return erfinv_giles_refined(erfinv_w(x), x, 1.0f - std::fabs(x));
}

ROCDIST_HOST_DEVICE float erfinv_winitzki(float x)
{
    return erfinv_winitzki_core(erfinv_w(x), x);
}

ROCDIST_HOST_DEVICE double erfinv_double(double x)
{
    return erfinv_double_core(erfinv_w(x), x, 1.0 - std::fabs(x));
}

} // namespace rocdist::distributions
