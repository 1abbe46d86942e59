/**
 * \file rocdist_kernel.h
 * \brief rocdist's samplers in user kernels (HIP, CUDA) and in host code:
 *        the device API. C++17; see docs/device_api.md.
 *
 * On a rocdist::device::philox_state made from (seed, element index) each
 * function gives element `index` of the stream that the C API's call of the
 * same distribution, parameters and normal method writes under the
 * reproducible ordering, then advances the state by one element: integers
 * and uniforms bit for bit, other values within the documented host/GPU
 * tolerance. The same samplers also draw from any source of 32-bit words
 * (a type with `std::uint32_t next()`), such as curand_bits or hiprand_bits
 * over a user's Philox state: the distribution is the same, the stream is
 * the user's.
 *
 * Device code cannot return statuses: a mean or stddev that is not finite,
 * a stddev, shape, scale, a, b or rate that is zero, negative, infinite or
 * NaN gives NaN, and a lambda outside [0, 2^31] or a p outside [0, 1] gives
 * the count rocdist::device::invalid_count (each still advances the state);
 * no function loops forever.
 */
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/device/blocks/exponential_functor.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/blocks/substream_sources.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/rocdist.h"

#if ROCDIST_GPU_CUDA_COMPILER
#include <curand_kernel.h>
#elif defined(__HIP__)
#include <hiprand/hiprand_kernel.h>
#endif

namespace rocdist::device
{

/// \brief The count that a Poisson or binomial draw with parameters
///        outside their domain gives: 2^32 - 1, which no Poisson count and
///        no binomial count below 2^32 - 1 trials reaches.
inline constexpr unsigned int invalid_count = 0xFFFFFFFFu;

/// \brief A position in rocdist's Philox4x32-10 stream: the seed of
///        rocdist_set_seed and the index of the next element. Each draw
///        takes element index() of its distribution's stream and advances
///        by one; rocdist_set_offset(k) corresponds to index k.
class philox_state
{
public:
    /// \param seed the generator's seed (rocdist_set_seed).
    /// \param index the element the next draw takes (rocdist_set_offset).
    ROCDIST_HOST_DEVICE philox_state(unsigned long long seed, unsigned long long index)
        : key_(engine::philox_key_from_seed(seed)), index_(index)
    {
    }

    /// \return the element the next draw takes.
    ROCDIST_HOST_DEVICE unsigned long long index() const { return index_; }
    /// \param n elements to move on by.
    ROCDIST_HOST_DEVICE void skipahead(unsigned long long n) { index_ += n; }
    /// \return the Philox key of the seed.
    ROCDIST_HOST_DEVICE engine::philox_key key() const { return key_; }
    /// \return the current element's index, moving past it.
    ROCDIST_HOST_DEVICE std::uint64_t take() { return index_++; }

private:
    engine::philox_key key_;
    std::uint64_t      index_;
};

#if ROCDIST_GPU_CUDA_COMPILER
/// cuRAND's Philox state as a source of words: each next() is curand().
struct curand_bits
{
    curandStatePhilox4_32_10_t* state;
    __device__ std::uint32_t    next() { return curand(state); }
};
#elif defined(__HIP__)
/// hipRAND's Philox state as a source of words: each next() is hiprand().
struct hiprand_bits
{
    hiprandStatePhilox4_32_10_t* state;
    __device__ std::uint32_t     next() { return hiprand(state); }
};
#endif

namespace detail
{

template <class T>
inline constexpr bool is_real = std::is_same_v<T, float> || std::is_same_v<T, double>;

// std::numeric_limits' quiet_NaN is host-only under nvcc; the macro is not.
template <class T>
ROCDIST_HOST_DEVICE T nan()
{
    return static_cast<T>(NAN);
}

template <class T>
ROCDIST_HOST_DEVICE bool valid_normal(T mean, T stddev)
{
    return std::isfinite(mean) && distributions::valid_shape(stddev);
}

// Element i of a block functor's stream: its engine block, then slot i % P
// chosen by selects (a dynamically indexed array goes to GPU local memory).
template <class Functor>
ROCDIST_HOST_DEVICE typename Functor::value_type element(const Functor& f, std::uint64_t i)
{
    constexpr unsigned           P = Functor::outputs_per_block;
    typename Functor::value_type v[P];
    f(i / P, v);
    const unsigned               slot = static_cast<unsigned>(i % P);
    typename Functor::value_type out  = v[0];
    ROCDIST_UNROLL
    for(unsigned k = 1; k < P; ++k)
        out = slot == k ? v[k] : out;
    return out;
}

// Four words of a source as a Philox block, read in order.
template <class Bits>
ROCDIST_HOST_DEVICE engine::philox_words next_block(Bits& bits)
{
    engine::philox_words w;
    for(unsigned k = 0; k < 4; ++k)
        w.w[k] = bits.next();
    return w;
}

// A standard normal variate from a source's words, by Method: the first
// of a Box-Muller or polar pair (the second is not kept), one inverse-CDF
// word (two for doubles), or a ziggurat attempt and, rarely, its slow path.
template <rocdist_normal_method Method, class T, class Bits>
ROCDIST_HOST_DEVICE T standard_normal(Bits& bits)
{
    using distributions::erfinv_kind;
    constexpr bool single = sizeof(T) == sizeof(float);
    if constexpr(blocks::is_box_muller<Method>)
    {
        const engine::philox_words w = next_block(bits);
        if constexpr(single)
            return distributions::box_muller<Method == ROCDIST_NORMAL_BOX_MULLER_FAST>(w.w[0], w.w[1]).first;
        else
            return distributions::box_muller(w.w[0], w.w[1], w.w[2], w.w[3]).first;
    }
    else if constexpr(Method == ROCDIST_NORMAL_POLAR)
    {
        distributions::normal_pair<T> pair{};
        for(;;)
        {
            const engine::philox_words w = next_block(bits);
            T                          a, b;
            if constexpr(single)
            {
                a = distributions::polar_coordinate(w.w[0]);
                b = distributions::polar_coordinate(w.w[1]);
            }
            else
            {
                a = distributions::polar_coordinate(w.w[0], w.w[1]);
                b = distributions::polar_coordinate(w.w[2], w.w[3]);
            }
            if(distributions::polar_attempt(a, b, pair))
                return pair.first;
        }
    }
    else if constexpr(Method == ROCDIST_NORMAL_ZIGGURAT)
    {
        const std::uint64_t first = blocks::substream_bits<T, Bits>{&bits}();
        T                   x;
        if(distributions::ziggurat_fast(first, x))
            return x;
        return distributions::ziggurat_after_fast_path<T>(first, blocks::substream_bits<T, Bits>{&bits},
                                                          blocks::substream_uniform<T, Bits>{&bits});
    }
    else
    {
        constexpr erfinv_kind kind
            = Method == ROCDIST_NORMAL_INVERSE_CDF ? erfinv_kind::giles : erfinv_kind::winitzki;
        const std::uint32_t x = bits.next();
        if constexpr(single)
            return distributions::normal_inverse_cdf<kind>(x);
        else
            return distributions::normal_inverse_cdf<kind>(x, bits.next());
    }
}

// A gamma variate (Finish::type) from a source's words: attempts of the
// retry layout (blocks::gamma_block_attempt) until one is accepted.
template <class T, class Finish, class Bits>
ROCDIST_HOST_DEVICE typename Finish::type gamma_from(Bits& bits, const distributions::gamma_params<T>& p,
                                                     const Finish& finish)
{
    T dv, log_u;
    for(;;)
    {
        const engine::philox_words a = next_block(bits);
        const engine::philox_words b = sizeof(T) == sizeof(float) ? engine::philox_words{} : next_block(bits);
        if(blocks::gamma_block_attempt(p, a, b, dv, log_u))
            return finish(p, dv, log_u);
    }
}

// Normal (or log-normal) element i of the state's position.
template <rocdist_normal_method Method, class T>
ROCDIST_HOST_DEVICE T normal_element(philox_state& s, T mean, T stddev, bool log_normal)
{
    static_assert(is_real<T>, "float or double parameters");
    const std::uint64_t i = s.take();
    if(!valid_normal(mean, stddev))
        return nan<T>();
    return element(blocks::normal_functor<Method, T>{s.key(), {mean, stddev, log_normal}}, i);
}

// A normal (or log-normal) variate from a source's words.
template <rocdist_normal_method Method, class T, class Bits>
ROCDIST_HOST_DEVICE T normal_from(Bits& bits, T mean, T stddev, bool log_normal)
{
    static_assert(is_real<T>, "float or double parameters");
    if(!valid_normal(mean, stddev))
        return nan<T>();
    return blocks::normal_transform<T>{mean, stddev, log_normal}(standard_normal<Method, T>(bits));
}

} // namespace detail

/// \brief 32 random bits: rocdist_generate's element.
/// \param s the position, moved on by one.
/// \return the element.
ROCDIST_HOST_DEVICE unsigned int bits(philox_state& s)
{
    return detail::element(blocks::bits_functor{s.key()}, s.take());
}

/// \brief Uniform in (0, 1]: rocdist_generate_uniform's element.
/// \param s the position, moved on by one.
/// \return the element.
ROCDIST_HOST_DEVICE float uniform(philox_state& s)
{
    return detail::element(blocks::uniform_float_functor{s.key()}, s.take());
}

/// \brief Uniform in (0, 1]: rocdist_generate_uniform_double's element.
/// \param s the position, moved on by one.
/// \return the element.
ROCDIST_HOST_DEVICE double uniform_double(philox_state& s)
{
    return detail::element(blocks::uniform_double_functor{s.key()}, s.take());
}

/// \brief Normal(mean, stddev) by Method: rocdist_generate_normal's (float)
///        or rocdist_generate_normal_double's (double) element under
///        rocdist_set_normal_method(Method).
/// \param s the position, moved on by one.
/// \param mean finite.
/// \param stddev finite and positive.
/// \return the element, or NaN for parameters outside their domain.
template <rocdist_normal_method Method = ROCDIST_NORMAL_BOX_MULLER, class T>
ROCDIST_HOST_DEVICE T normal(philox_state& s, T mean, T stddev)
{
    return detail::normal_element<Method>(s, mean, stddev, false);
}

/// \brief exp(Normal(mean, stddev)): rocdist_generate_log_normal's element.
/// \param s the position, moved on by one.
/// \param mean finite.
/// \param stddev finite and positive.
/// \return the element, or NaN for parameters outside their domain.
template <rocdist_normal_method Method = ROCDIST_NORMAL_BOX_MULLER, class T>
ROCDIST_HOST_DEVICE T log_normal(philox_state& s, T mean, T stddev)
{
    return detail::normal_element<Method>(s, mean, stddev, true);
}

/// \brief Gamma(shape, scale): rocdist_generate_gamma's element (and
///        rocdist_generate_gamma_shapes' with this element's shape).
/// \param s the position, moved on by one.
/// \param shape finite and positive.
/// \param scale finite and positive.
/// \return the element, or NaN for parameters outside their domain.
template <class T>
ROCDIST_HOST_DEVICE T gamma(philox_state& s, T shape, T scale)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    const std::uint64_t i = s.take();
    if(!distributions::valid_shape(shape) || !distributions::valid_shape(scale))
        return detail::nan<T>();
    return blocks::gamma_element(s.key(), i, distributions::make_gamma_params(shape, scale),
                                  blocks::gamma_variates<T>{});
}

/// \brief Beta(a, b): rocdist_generate_beta's element (the ratio of gamma
///        elements 2i and 2i + 1 with shapes a and b).
/// \param s the position, moved on by one.
/// \param a finite and positive.
/// \param b finite and positive.
/// \return the element, or NaN for parameters outside their domain.
template <class T>
ROCDIST_HOST_DEVICE T beta(philox_state& s, T a, T b)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    const std::uint64_t i = s.take();
    if(!distributions::valid_shape(a) || !distributions::valid_shape(b))
        return detail::nan<T>();
    const engine::philox_key key = s.key();
    const double             x   = blocks::gamma_element(key, 2 * i, distributions::make_gamma_params(a, T(1)),
                                                          blocks::gamma_scaled_logs<T>{});
    const double             y   = blocks::gamma_element(key, 2 * i + 1, distributions::make_gamma_params(b, T(1)),
                                                          blocks::gamma_scaled_logs<T>{});
    return distributions::beta_from_scaled_logs<T>(x, y);
}

/// \brief A category from a table's view (rocdist_get_categorical_view):
///        rocdist_generate_categorical's element. The table must live in
///        memory the calling code can read (device memory for a GPU
///        generator's table, host memory for a host generator's).
/// \param s the position, moved on by one.
/// \param table the table's view.
/// \return the element: a category below table.k.
ROCDIST_HOST_DEVICE unsigned int categorical(philox_state& s, const rocdist_categorical_view& table)
{
    const blocks::categorical_functor f{s.key(), static_cast<const distributions::alias_entry*>(table.entries),
                                         table.k};
    return detail::element(f, s.take());
}

/// \brief Poisson(lambda): rocdist_generate_poisson's element (and
///        rocdist_generate_poisson_lambdas' with this element's lambda),
///        bit for bit.
/// \param s the position, moved on by one.
/// \param lambda the mean, 0 <= lambda <= 2^31.
/// \return the element, or invalid_count for a lambda outside its domain.
ROCDIST_HOST_DEVICE unsigned int poisson(philox_state& s, double lambda)
{
    const std::uint64_t i = s.take();
    if(!distributions::valid_lambda(lambda))
        return invalid_count;
    return detail::element(blocks::count_functor<blocks::one_lambda>{s.key(), {distributions::make_poisson_params(lambda)}},
                           i);
}

/// \brief Binomial(trials, p): rocdist_generate_binomial's element (and
///        rocdist_generate_binomial_parameters' with these parameters), bit
///        for bit.
/// \param s the position, moved on by one.
/// \param trials the number of trials.
/// \param p the success probability, 0 <= p <= 1.
/// \return the element, or invalid_count for a p outside its domain.
ROCDIST_HOST_DEVICE unsigned int binomial(philox_state& s, unsigned int trials, double p)
{
    const std::uint64_t i = s.take();
    if(!distributions::valid_probability(p))
        return invalid_count;
    return detail::element(
        blocks::count_functor<blocks::one_binomial>{s.key(), {distributions::make_binomial_params(trials, p)}}, i);
}

/// \brief Exponential(rate), mean 1 / rate: rocdist_generate_exponential's
///        (float) or rocdist_generate_exponential_double's (double)
///        element, bit for bit.
/// \param s the position, moved on by one.
/// \param rate finite and positive.
/// \return the element, or NaN for a rate outside its domain.
template <class T>
ROCDIST_HOST_DEVICE T exponential(philox_state& s, T rate)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    const std::uint64_t i = s.take();
    if(!distributions::valid_rate(rate))
        return detail::nan<T>();
    return detail::element(blocks::exponential_functor<T>{s.key(), rate}, i);
}

/// \brief Uniform in (0, 1] from one word of a source (cuRAND's uniform
///        formula).
/// \param bits the source of words.
/// \return the variate.
template <class Bits>
ROCDIST_HOST_DEVICE float uniform(Bits& bits)
{
    return distributions::uniform_float(bits.next());
}

/// \brief Uniform in (0, 1] from two words of a source.
/// \param bits the source of words.
/// \return the variate.
template <class Bits>
ROCDIST_HOST_DEVICE double uniform_double(Bits& bits)
{
    const std::uint32_t x = bits.next();
    return distributions::uniform_double(x, bits.next());
}

/// \brief Normal(mean, stddev) by Method from a source's words.
/// \param bits the source of words.
/// \param mean finite.
/// \param stddev finite and positive.
/// \return the variate, or NaN for parameters outside their domain.
template <rocdist_normal_method Method = ROCDIST_NORMAL_BOX_MULLER, class T, class Bits>
ROCDIST_HOST_DEVICE T normal(Bits& bits, T mean, T stddev)
{
    return detail::normal_from<Method>(bits, mean, stddev, false);
}

/// \brief exp(Normal(mean, stddev)) by Method from a source's words.
/// \param bits the source of words.
/// \param mean finite.
/// \param stddev finite and positive.
/// \return the variate, or NaN for parameters outside their domain.
template <rocdist_normal_method Method = ROCDIST_NORMAL_BOX_MULLER, class T, class Bits>
ROCDIST_HOST_DEVICE T log_normal(Bits& bits, T mean, T stddev)
{
    return detail::normal_from<Method>(bits, mean, stddev, true);
}

/// \brief Gamma(shape, scale) from a source's words.
/// \param bits the source of words.
/// \param shape finite and positive.
/// \param scale finite and positive.
/// \return the variate, or NaN for parameters outside their domain.
template <class T, class Bits>
ROCDIST_HOST_DEVICE T gamma(Bits& bits, T shape, T scale)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    if(!distributions::valid_shape(shape) || !distributions::valid_shape(scale))
        return detail::nan<T>();
    return detail::gamma_from(bits, distributions::make_gamma_params(shape, scale), blocks::gamma_variates<T>{});
}

/// \brief Beta(a, b) from a source's words.
/// \param bits the source of words.
/// \param a finite and positive.
/// \param b finite and positive.
/// \return the variate, or NaN for parameters outside their domain.
template <class T, class Bits>
ROCDIST_HOST_DEVICE T beta(Bits& bits, T a, T b)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    if(!distributions::valid_shape(a) || !distributions::valid_shape(b))
        return detail::nan<T>();
    const blocks::gamma_scaled_logs<T> logs{};
    const double                        x = detail::gamma_from(bits, distributions::make_gamma_params(a, T(1)), logs);
    const double                        y = detail::gamma_from(bits, distributions::make_gamma_params(b, T(1)), logs);
    return distributions::beta_from_scaled_logs<T>(x, y);
}

/// \brief A category from a table's view, from two words of a source.
/// \param bits the source of words.
/// \param table the table's view.
/// \return a category below table.k.
template <class Bits>
ROCDIST_HOST_DEVICE unsigned int categorical(Bits& bits, const rocdist_categorical_view& table)
{
    const std::uint64_t lo = bits.next();
    const std::uint64_t hi = bits.next();
    return distributions::alias_lookup(static_cast<const distributions::alias_entry*>(table.entries), table.k,
                                       lo | hi << 32);
}

/// \brief Poisson(lambda) from a source's words: two words by inversion
///        below lambda = 10, four per attempt of PTRS from 10 on.
/// \param bits the source of words.
/// \param lambda the mean, 0 <= lambda <= 2^31.
/// \return the count, or invalid_count for a lambda outside its domain.
template <class Bits>
ROCDIST_HOST_DEVICE unsigned int poisson(Bits& bits, double lambda)
{
    if(!distributions::valid_lambda(lambda))
        return invalid_count;
    return distributions::poisson_variate(distributions::make_poisson_params(lambda), bits);
}

/// \brief Binomial(trials, p) from a source's words: two words by
///        inversion where trials min(p, 1 - p) < 10, four per attempt of
///        BTRS elsewhere.
/// \param bits the source of words.
/// \param trials the number of trials.
/// \param p the success probability, 0 <= p <= 1.
/// \return the count, or invalid_count for a p outside its domain.
template <class Bits>
ROCDIST_HOST_DEVICE unsigned int binomial(Bits& bits, unsigned int trials, double p)
{
    if(!distributions::valid_probability(p))
        return invalid_count;
    return distributions::binomial_variate(distributions::make_binomial_params(trials, p), bits);
}

/// \brief Exponential(rate) from one word (float) or two (double) of a
///        source.
/// \param bits the source of words.
/// \param rate finite and positive.
/// \return the variate, or NaN for a rate outside its domain.
template <class T, class Bits>
ROCDIST_HOST_DEVICE T exponential(Bits& bits, T rate)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    if(!distributions::valid_rate(rate))
        return detail::nan<T>();
    if constexpr(sizeof(T) == sizeof(float))
        return distributions::exponential_of_word(bits.next()) / rate;
    else
    {
        const std::uint32_t x = bits.next();
        return distributions::exponential_of_words(x, bits.next()) / rate;
    }
}

} // namespace rocdist::device

// The warp-cooperative samplers, for code in a kernel language: HIP or
// CUDA, or the emulated platform's (whose hip_runtime.h, included first,
// defines ROCDIST_EMULATED_KERNEL_LANGUAGE).
#if ROCDIST_GPU_COMPILER || defined(ROCDIST_EMULATED_KERNEL_LANGUAGE)
#include "rocdist/device/warp_counts.hpp"
#include "rocdist/device/warp_gamma.hpp"
#endif
