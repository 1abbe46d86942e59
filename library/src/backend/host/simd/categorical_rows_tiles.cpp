// weight_tile_largest and weight_run_sums (categorical_rows_tiles.hpp) for each
// Highway target. The check runs on the weights' bits in integer lanes of
// their width. The sums: a vector target
// converts Lanes(dd) weights at a time to doubles, scales them and adds
// their integer parts, split into two exact halves, in double lanes, summed
// once per run; a short last run takes the scalar arithmetic. Compiled with
// -ffp-contract=off, as block_kernels.cpp is: the split's product and
// difference must not fuse, nor a logit's exponent's product and sum.
#include "backend/host/simd/categorical_rows_tiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/categorical_row_inputs.hpp"
#include "build_config.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/categorical_rows_tiles.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/exp2_fixed_point_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// The scalar path's fixed point of one weight (categorical_rows_tiles.hpp).
inline std::uint64_t fixed_point(float w, const distributions::fixed_point_scale& s)
{
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<double>(w) * (s.first * s.second)));
}
inline std::uint64_t fixed_point(double w, const distributions::fixed_point_scale& s)
{
    return static_cast<std::uint64_t>(static_cast<std::int64_t>((w * s.first) * s.second));
}

// Signed integers of a weight's width.
template <class T>
using weight_bits = std::conditional_t<sizeof(T) == sizeof(float), std::int32_t, std::int64_t>;

// The largest finite weight's bits.
template <class T>
constexpr weight_bits<T> finite_bits = sizeof(T) == sizeof(float) ? weight_bits<T>(0x7f7fffff)
                                                                  : weight_bits<T>(0x7fefffffffffffff);

// The scalar check from `begin` on, continuing the extremes m (largest bits)
// and low (smallest bits) of the weights before it.
template <class T>
bool scalar_tile_largest(const T* v, std::uint64_t n, std::uint64_t begin, weight_bits<T> m, weight_bits<T> low,
                         double& largest)
{
    using Bits     = weight_bits<T>;
    using Unsigned = std::make_unsigned_t<Bits>;
    for(std::uint64_t i = begin; i < n; ++i)
    {
        Unsigned u;
        std::memcpy(&u, v + i, sizeof u);
        u &= -static_cast<Unsigned>(static_cast<Unsigned>(u << 1) != 0); // -0 (only the sign bit) becomes 0
        const auto b = static_cast<Bits>(u);
        low          = b < low ? b : low;
        m            = b > m ? b : m;
    }
    T t;
    std::memcpy(&t, &m, sizeof t);
    largest = t;
    return low >= 0 && m <= finite_bits<T>;
}

template <class T>
std::uint64_t scalar_run_sums(const T* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                              std::uint64_t* runs, std::uint64_t begin, std::uint64_t sum)
{
    for(; begin < n; begin += weight_run_size)
    {
        const std::uint64_t end = std::min(n, begin + weight_run_size);
        for(std::uint64_t i = begin; i < end; ++i)
            sum += fixed_point(v[i], s);
        runs[begin / weight_run_size] = sum;
    }
    return sum;
}

// backend::logit_rows' check and largest from `begin` on, continuing the
// largest m and validity of the logits before it: -inf does not count
// towards the largest.
bool scalar_logit_largest(const float* v, std::uint64_t n, std::uint64_t begin, float m, bool valid,
                          double& largest)
{
    for(std::uint64_t i = begin; i < n; ++i)
    {
        valid &= backend::logit_rows::valid(v[i]);
        m = v[i] > m ? v[i] : m;
    }
    largest = m > -HUGE_VALF ? static_cast<double>(m) : backend::logit_rows::none;
    return valid;
}

void scalar_logit_values(const float* v, std::uint64_t n, const distributions::logit_tile_scale& s, double c,
                         unsigned bits, std::uint64_t* out, std::uint64_t begin)
{
    for(std::uint64_t i = begin; i < n; ++i)
        out[i] = distributions::logit_fixed_point(v[i], s, c, bits);
}

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

template <class T>
bool vector_tile_largest(const T* v, std::uint64_t n, double& largest)
{
    const hn::ScalableTag<weight_bits<T>> di;
    const std::size_t                     lanes = hn::Lanes(di);
    auto                                  m = hn::Zero(di), low = hn::Zero(di);
    std::uint64_t                         i = 0;
    for(; i + lanes <= n; i += lanes)
    {
        auto b = hn::LoadU(di, reinterpret_cast<const weight_bits<T>*>(v + i));
        b      = hn::IfThenElseZero(hn::Ne(hn::ShiftLeft<1>(b), hn::Zero(di)), b); // -0 becomes 0
        low    = hn::Min(low, b);
        m      = hn::Max(m, b);
    }
    return scalar_tile_largest(v, n, i, hn::GetLane(hn::MaxOfLanes(di, m)), hn::GetLane(hn::MinOfLanes(di, low)),
                               largest);
}

bool float_tile_largest(const float* v, std::uint64_t n, double& largest)
{
    return vector_tile_largest(v, n, largest);
}
bool double_tile_largest(const double* v, std::uint64_t n, double& largest)
{
    return vector_tile_largest(v, n, largest);
}

// A run's sum in exact double arithmetic, as x86-64 before AVX-512 has no
// vector conversion from doubles to 64-bit integers: each scaled weight's
// integer part f = floor(x) (the truncation, x >= 0) splits exactly into
// h = floor(f 2^-32) and l = f - h 2^32 (Sterbenz: h 2^32 is f's own
// high part), both integers below 2^32, whose sums over a run (below 2^38)
// are exact doubles too.
template <class T>
std::uint64_t vector_run_sums(const T* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                              std::uint64_t* runs)
{
    const hn::ScalableTag<double>     dd;
    const hn::Rebind<T, decltype(dd)> dt; // Lanes(dd) weights
    const std::size_t                 lanes = hn::Lanes(dd);
    const auto first = hn::Set(dd, s.first), second = hn::Set(dd, s.second), both = hn::Set(dd, s.first * s.second);
    const auto        down = hn::Set(dd, 0x1p-32), up = hn::Set(dd, 0x1p32);
    std::uint64_t     sum = 0, begin = 0;
    // Whole runs; a run is a whole number of vectors (64 is a multiple of
    // every target's double lanes).
    for(; begin + weight_run_size <= n; begin += weight_run_size)
    {
        auto high = hn::Zero(dd), low = hn::Zero(dd);
        for(std::uint64_t i = begin; i < begin + weight_run_size; i += lanes)
        {
            hn::Vec<decltype(dd)> x;
            if constexpr(sizeof(T) == sizeof(float))
                x = hn::Mul(hn::PromoteTo(dd, hn::LoadU(dt, v + i)), both);
            else
                x = hn::Mul(hn::Mul(hn::LoadU(dt, v + i), first), second);
            const auto f = hn::Floor(x);
            const auto h = hn::Floor(hn::Mul(f, down));
            high         = hn::Add(high, h);
            low          = hn::Add(low, hn::Sub(f, hn::Mul(h, up)));
        }
        sum += (static_cast<std::uint64_t>(hn::GetLane(hn::SumOfLanes(dd, high))) << 32)
               + static_cast<std::uint64_t>(hn::GetLane(hn::SumOfLanes(dd, low)));
        runs[begin / weight_run_size] = sum;
    }
    return scalar_run_sums(v, n, s, runs, begin, sum);
}

std::uint64_t float_run_sums(const float* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                             std::uint64_t* runs)
{
    return vector_run_sums(v, n, s, runs);
}
std::uint64_t double_run_sums(const double* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                              std::uint64_t* runs)
{
    return vector_run_sums(v, n, s, runs);
}

bool logit_largest(const float* v, std::uint64_t n, double& largest)
{
    const hn::ScalableTag<float> df;
    const std::size_t            lanes = hn::Lanes(df);
    auto                         m = hn::Set(df, -HUGE_VALF), invalid = hn::Zero(df);
    const auto                   finite = hn::Set(df, 0x1.fffffep+127f), zero = hn::Zero(df);
    std::uint64_t                i      = 0;
    for(; i + lanes <= n; i += lanes)
    {
        const auto l = hn::LoadU(df, v + i); // logit_rows::valid on the lanes
        invalid      = hn::Or(invalid, hn::VecFromMask(df, hn::Not(hn::Or(hn::Le(l, finite), hn::Lt(l, zero)))));
        m            = hn::Max(m, l);
    }
    // A NaN may have left Max's result unspecified: the call fails anyway.
    const bool valid = hn::AllTrue(df, hn::Eq(invalid, zero));
    return scalar_logit_largest(v, n, i, hn::GetLane(hn::MaxOfLanes(df, m)), valid, largest);
}

// A logit's exponent h = (l - m) c + phi, its product rounded on its own,
// then 2^h in fixed point on the lanes; -inf gives h = -inf, whose fixed
// point is 0 as the scalar path's.
HWY_INLINE hn::Vec<hn::ScalableTag<std::uint64_t>> logit_lanes(const float* v, const distributions::logit_tile_scale& s,
                                                               double c, unsigned bits)
{
    const hn::ScalableTag<double>         dd;
    const hn::Rebind<float, decltype(dd)> df; // Lanes(dd) logits
    const auto h = hn::Add(hn::Mul(hn::Sub(hn::PromoteTo(dd, hn::LoadU(df, v)), hn::Set(dd, s.largest)), hn::Set(dd, c)),
                           hn::Set(dd, s.fraction));
    return exp2_fixed_point(dd, h, bits);
}

void logit_values(const float* v, std::uint64_t n, const distributions::logit_tile_scale& s, double c, unsigned bits,
                  std::uint64_t* out)
{
    const hn::ScalableTag<std::uint64_t> du;
    const std::size_t                    lanes = hn::Lanes(du);
    std::uint64_t                        i     = 0;
    for(; i + lanes <= n; i += lanes)
        hn::StoreU(logit_lanes(v + i, s, c, bits), du, out + i);
    scalar_logit_values(v, n, s, c, bits, out, i);
}

std::uint64_t logit_sums(const float* v, std::uint64_t n, const distributions::logit_tile_scale& s, double c,
                         unsigned bits, std::uint64_t* runs)
{
    const hn::ScalableTag<std::uint64_t> du;
    const std::size_t                    lanes = hn::Lanes(du);
    std::uint64_t                        sum = 0;
    for(std::uint64_t begin = 0; begin < n; begin += weight_run_size)
    {
        const std::uint64_t end = std::min(n, begin + weight_run_size);
        auto                run = hn::Zero(du);
        std::uint64_t       i   = begin;
        for(; i + lanes <= end; i += lanes)
            run = hn::Add(run, logit_lanes(v + i, s, c, bits));
        // Summed in scalar code: the sum wraps modulo 2^64 as the scalar
        // path's does, which GCC's AVX-512 reduction computes in signed
        // arithmetic (undefined behaviour on overflow).
        HWY_ALIGN std::uint64_t parts[hn::MaxLanes(du)];
        hn::Store(run, du, parts);
        for(std::size_t l = 0; l < lanes; ++l)
            sum += parts[l];
        for(; i < end; ++i) // a short last run's last values
            sum += distributions::logit_fixed_point(v[i], s, c, bits);
        runs[begin / weight_run_size] = sum;
    }
    return sum;
}

#else // a target without vector kernels: the scalar arithmetic

bool logit_largest(const float* v, std::uint64_t n, double& largest)
{
    return scalar_logit_largest(v, n, 0, -HUGE_VALF, true, largest);
}

void logit_values(const float* v, std::uint64_t n, const distributions::logit_tile_scale& s, double c, unsigned bits,
                  std::uint64_t* out)
{
    scalar_logit_values(v, n, s, c, bits, out, 0);
}

std::uint64_t logit_sums(const float* v, std::uint64_t n, const distributions::logit_tile_scale& s, double c,
                         unsigned bits, std::uint64_t* runs)
{
    std::uint64_t sum = 0;
    for(std::uint64_t begin = 0; begin < n; begin += weight_run_size)
    {
        const std::uint64_t end = std::min(n, begin + weight_run_size);
        for(std::uint64_t i = begin; i < end; ++i)
            sum += distributions::logit_fixed_point(v[i], s, c, bits);
        runs[begin / weight_run_size] = sum;
    }
    return sum;
}

bool float_tile_largest(const float* v, std::uint64_t n, double& largest)
{
    return scalar_tile_largest<float>(v, n, 0, 0, 0, largest);
}
bool double_tile_largest(const double* v, std::uint64_t n, double& largest)
{
    return scalar_tile_largest<double>(v, n, 0, 0, 0, largest);
}

std::uint64_t float_run_sums(const float* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                             std::uint64_t* runs)
{
    return scalar_run_sums(v, n, s, runs, 0, 0);
}
std::uint64_t double_run_sums(const double* v, std::uint64_t n, const distributions::fixed_point_scale& s,
                              std::uint64_t* runs)
{
    return scalar_run_sums(v, n, s, runs, 0, 0);
}

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

HWY_EXPORT(float_tile_largest);
HWY_EXPORT(double_tile_largest);
HWY_EXPORT(float_run_sums);
HWY_EXPORT(double_run_sums);
HWY_EXPORT(logit_sums);
HWY_EXPORT(logit_largest);
HWY_EXPORT(logit_values);

bool weight_tile_largest(const float* v, std::uint64_t n, double& largest)
{
    return HWY_DYNAMIC_DISPATCH(float_tile_largest)(v, n, largest);
}
bool weight_tile_largest(const double* v, std::uint64_t n, double& largest)
{
    return HWY_DYNAMIC_DISPATCH(double_tile_largest)(v, n, largest);
}

std::uint64_t weight_run_sums(const float* v, std::uint64_t n, const distributions::fixed_point_scale& scale,
                              std::uint64_t* runs)
{
    return HWY_DYNAMIC_DISPATCH(float_run_sums)(v, n, scale, runs);
}
std::uint64_t weight_run_sums(const double* v, std::uint64_t n, const distributions::fixed_point_scale& scale,
                              std::uint64_t* runs)
{
    return HWY_DYNAMIC_DISPATCH(double_run_sums)(v, n, scale, runs);
}

std::uint64_t logit_run_sums(const float* v, std::uint64_t n, const distributions::logit_tile_scale& scale, double c,
                             unsigned bits, std::uint64_t* runs)
{
    return HWY_DYNAMIC_DISPATCH(logit_sums)(v, n, scale, c, bits, runs);
}

bool logit_tile_largest(const float* v, std::uint64_t n, double& largest)
{
    return HWY_DYNAMIC_DISPATCH(logit_largest)(v, n, largest);
}

void logit_fixed_points(const float* v, std::uint64_t n, const distributions::logit_tile_scale& scale, double c,
                        unsigned bits, std::uint64_t* out)
{
    HWY_DYNAMIC_DISPATCH(logit_values)(v, n, scale, c, bits, out);
}

} // namespace rocdist::host::simd

#endif // HWY_ONCE
