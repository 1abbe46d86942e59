// The ziggurat method (Marsaglia and Tsang, "The Ziggurat Method for
// Generating Random Variables", JSS 2000) with 256 layers of equal area
// v = 4.92867323399e-3 under f(x) = exp(-x^2/2), base layer at r = 3.6541528853610088.
// One word (float) or two (double) usually suffice: 99.3% of attempts land
// in the part of a layer that lies under the curve. The rest take the slow
// path, which is exact: a wedge test against f itself, and Marsaglia's
// exponential rejection for the tail beyond r. The slow path's words come
// from `next`, the element's own substream.
#pragma once

#include <cmath>
#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/constexpr_math.hpp"
#include "rocdist/device/distributions/uniform.hpp"

namespace rocdist::distributions
{

constexpr unsigned ziggurat_layers = 256;
constexpr double   ziggurat_r      = 3.6541528853610088;
constexpr double   ziggurat_v      = 4.92867323399e-3;

// Layer i's widths x[i] and x[i + 1], which the fast path reads together:
// one aligned load (on GPUs one load instruction per element, not two).
template <class T>
struct alignas(2 * sizeof(T)) ziggurat_widths
{
    T outer;
    T inner;
};

// Layer i covers |x| < x[i] between heights f[i] and f[i+1]. x[0] = v / f(r)
// is the base layer's width (its part beyond r stands for the tail),
// x[1] = r, x[256] = 0, f[256] = 1; width[i] = {x[i], x[i + 1]}.
template <class T>
struct ziggurat_table
{
    T                  x[ziggurat_layers + 1];
    T                  f[ziggurat_layers + 1];
    ziggurat_widths<T> width[ziggurat_layers];
};

template <class T>
constexpr ziggurat_table<T> make_ziggurat_table()
{
    namespace cm = constexpr_math;
    double x[ziggurat_layers + 1] = {};
    double f[ziggurat_layers + 1] = {};
    f[1] = cm::exp(-0.5 * ziggurat_r * ziggurat_r);
    x[0] = ziggurat_v / f[1];
    f[0] = 0;
    x[1] = ziggurat_r;
    for(unsigned i = 1; i + 1 < ziggurat_layers; ++i)
    {
        f[i + 1] = f[i] + ziggurat_v / x[i]; // equal areas: x[i] (f[i+1] - f[i]) = v
        x[i + 1] = cm::sqrt(-2 * cm::log(f[i + 1]));
    }
    x[ziggurat_layers] = 0;
    f[ziggurat_layers] = 1;
    ziggurat_table<T> t{};
    for(unsigned i = 0; i <= ziggurat_layers; ++i)
    {
        t.x[i] = static_cast<T>(x[i]);
        t.f[i] = static_cast<T>(f[i]);
    }
    for(unsigned i = 0; i < ziggurat_layers; ++i)
        t.width[i] = {t.x[i], t.x[i + 1]};
    return t;
}

inline constexpr ziggurat_table<float>  ziggurat_table_float  = make_ziggurat_table<float>();
inline constexpr ziggurat_table<double> ziggurat_table_double = make_ziggurat_table<double>();
#if ROCDIST_GPU_COMPILER
ROCDIST_DEVICE_TABLE ziggurat_table<float>  ziggurat_table_float_device  = make_ziggurat_table<float>();
ROCDIST_DEVICE_TABLE ziggurat_table<double> ziggurat_table_double_device = make_ziggurat_table<double>();
#endif

template <class T>
ROCDIST_HOST_DEVICE const ziggurat_table<T>& ziggurat_tables()
{
#if ROCDIST_DEVICE_PASS
    if constexpr(sizeof(T) == sizeof(float))
        return ziggurat_table_float_device;
    else
        return ziggurat_table_double_device;
#else
    if constexpr(sizeof(T) == sizeof(float))
        return ziggurat_table_float;
    else
        return ziggurat_table_double;
#endif
}

// Bits of one attempt (32 for float, 64 for double): the low 8 pick the
// layer, bit 8 the sign, the top bits a magnitude (23 for float, 52 for
// double, so that 2m + 1 is exact in the type).
struct ziggurat_bits
{
    unsigned      layer;
    bool          negative;
    std::uint64_t magnitude;
};

// Marsaglia's tail: x = r + a where a = -log(u1)/r is kept when
// -2 log(u2) > a^2, an exact sampler of the normal beyond r.
template <class T, class NextUniform>
ROCDIST_HOST_DEVICE T ziggurat_tail(NextUniform&& next_uniform)
{
    const T r = static_cast<T>(ziggurat_r);
    for(;;)
    {
        const T a = -std::log(next_uniform()) / r;
        const T b = -std::log(next_uniform());
        if(b + b > a * a)
            return r + a;
    }
}

template <class T>
ROCDIST_HOST_DEVICE ziggurat_bits split_ziggurat_bits(std::uint64_t b)
{
    constexpr unsigned magnitude_shift = sizeof(T) == sizeof(float) ? 32 - 23 : 64 - 52;
    return {static_cast<unsigned>(b & 0xff), ((b >> 8) & 1) != 0, b >> magnitude_shift};
}

// The attempt's |x| = u x[layer], u = (2m + 1) 2^-(m_bits + 1) in (0, 1),
// exact in T; `outer` is x[layer]. A float's 2m + 1 (below 2^24) converts
// from 32 bits: the same value, one I2FP in nvcc's sm_90 code where the
// 64-bit form takes an I2F.U64 and a register zeroed for its high word.
template <class T>
ROCDIST_HOST_DEVICE T ziggurat_abscissa(const ziggurat_bits& z, T outer)
{
    constexpr T scale = sizeof(T) == sizeof(float) ? T(0x1p-24) : T(0x1p-53);
    if constexpr(sizeof(T) == sizeof(float))
        return static_cast<T>(static_cast<std::uint32_t>(2 * z.magnitude + 1)) * scale * outer;
    else
        return static_cast<T>(2 * z.magnitude + 1) * scale * outer;
}

// The fast path: true, with the normal, when the attempt's point lies in the
// part of its layer that is under the curve (99.3% of attempts).
template <class T>
ROCDIST_HOST_DEVICE bool ziggurat_fast(std::uint64_t b, T& out)
{
    const ziggurat_bits      z = split_ziggurat_bits<T>(b);
    const ziggurat_widths<T> w = ziggurat_tables<T>().width[z.layer];
    const T                  x = ziggurat_abscissa<T>(z, w.outer);
    out                        = z.negative ? -x : x;
    return x < w.inner;
}

// One slow-path attempt for bits b that failed ziggurat_fast: in the base
// layer, the tail (accepted always: it has its own exact rejection loop);
// elsewhere the wedge test against f with one uniform. False when the wedge
// test rejects: the caller then starts a fresh attempt.
template <class T, class NextUniform>
ROCDIST_HOST_DEVICE bool ziggurat_slow_attempt(std::uint64_t b, NextUniform&& next_uniform, T& out)
{
    const ziggurat_table<T>& t = ziggurat_tables<T>();
    const ziggurat_bits      z = split_ziggurat_bits<T>(b);
    const unsigned           i = z.layer;
    T                        x;
    if(i == 0)
    {
        x = ziggurat_tail<T>(next_uniform);
    }
    else
    {
        x         = ziggurat_abscissa<T>(z, t.x[i]);
        const T y = t.f[i] + next_uniform() * (t.f[i + 1] - t.f[i]);
        if(!(y < std::exp(T(-0.5) * x * x)))
            return false;
    }
    out = z.negative ? -x : x;
    return true;
}

// One whole attempt from bits b, the slow path's uniforms from next_uniform.
template <class T, class NextUniform>
ROCDIST_HOST_DEVICE bool ziggurat_attempt(std::uint64_t b, NextUniform&& next_uniform, T& out)
{
    return ziggurat_fast(b, out) || ziggurat_slow_attempt(b, next_uniform, out);
}

// The slow path, for an attempt `rejected` that failed ziggurat_fast: its
// slow attempt, then fresh attempts from next_bits() (one attempt's worth)
// and next_uniform() until one is accepted.
template <class T, class NextBits, class NextUniform>
ROCDIST_HOST_DEVICE T ziggurat_after_fast_path(std::uint64_t rejected, NextBits&& next_bits, NextUniform&& next_uniform)
{
    T    x;
    bool accepted = ziggurat_slow_attempt(rejected, next_uniform, x);
    while(!accepted)
        accepted = ziggurat_attempt(next_bits(), next_uniform, x);
    return x;
}

} // namespace rocdist::distributions
