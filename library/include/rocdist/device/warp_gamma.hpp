// The device API's warp-cooperative gamma and beta (rocdist/rocdist_kernel.h):
// every lane of a warp needs variates with its own shapes, and lanes whose
// variates are done make attempts for lanes whose are not
// (warp_rejection.hpp). An element's first attempt comes from its packet
// group, as the stream's does; retry j from its own substream.
#pragma once

#include <cstdint>

#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/warp_rejection.hpp"

namespace rocdist::device::detail
{

// Element k of a lane has shape `even` for even k and `odd` for odd k.
template <class T>
struct warp_shapes
{
    T even, odd, scale;

    ROCDIST_HOST_DEVICE distributions::gamma_params<T> at(unsigned k) const
    {
        return distributions::make_gamma_params(k % 2 == 0 ? even : odd, scale);
    }
};

// warp_elements' job for a lane's gamma elements base .. base + N - 1,
// Finish applied to each accepted attempt.
template <class T, class Finish>
struct warp_gamma_job
{
    using type = typename Finish::type;
    engine::philox_key key;
    std::uint64_t      base;
    warp_shapes<T>     shapes;
    Finish             finish;

    __device__ bool first(unsigned k, type& x) const
    {
        return blocks::gamma_first_attempt(key, base + k, shapes.at(k), finish, x);
    }
    __device__ bool retry(unsigned k, std::uint32_t j, type& x) const
    {
        const distributions::gamma_params<T> p = shapes.at(k);
        T                                    dv, log_u;
        if(!blocks::gamma_retry_attempt(key, base + k, j, p, dv, log_u))
            return false;
        x = finish(p, dv, log_u);
        return true;
    }
    __device__ warp_gamma_job of_lane(std::uint64_t active, unsigned owner) const
    {
        return {shuffled_key(active, key, owner),
                ROCDIST_WARP_SHFL(active, static_cast<unsigned long long>(base), owner),
                {ROCDIST_WARP_SHFL(active, shapes.even, owner), ROCDIST_WARP_SHFL(active, shapes.odd, owner),
                 ROCDIST_WARP_SHFL(active, shapes.scale, owner)},
                finish};
    }
};

} // namespace rocdist::device::detail

namespace rocdist::device
{

/// \brief N gamma(shape, scale) variates per lane, warp-cooperatively:
///        elements index() .. index() + N - 1 of the gamma stream, each
///        exactly rocdist::device::gamma's value; the state advances by N.
///        Every live lane of the warp must call it at the same place, each
///        with its own state and shape. rounds (if not NULL) receives the
///        rounds of attempts the warp ran: N first attempts, then one per
///        cooperative round.
template <unsigned N, class T>
__device__ void gamma_warp(philox_state& s, T shape, T scale, T (&out)[N], unsigned* rounds = nullptr)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    const std::uint64_t base  = s.index();
    s.skipahead(N);
    const bool          valid = distributions::valid_shape(shape) && distributions::valid_shape(scale);
    const detail::warp_gamma_job<T, blocks::gamma_variates<T>> job{s.key(), base, {shape, shape, scale}, {}};
    const unsigned                                              r = detail::warp_elements<N>(job, valid, out);
    if(!valid)
        for(unsigned k = 0; k < N; ++k)
            out[k] = detail::nan<T>();
    if(rounds != nullptr)
        *rounds = r;
}

/// \brief One gamma variate per lane, warp-cooperatively (gamma_warp<1>).
template <class T>
__device__ T gamma_warp(philox_state& s, T shape, T scale, unsigned* rounds = nullptr)
{
    T out[1];
    gamma_warp(s, shape, scale, out, rounds);
    return out[0];
}

/// \brief N beta(a, b) variates per lane, warp-cooperatively: elements
///        index() .. index() + N - 1 of the beta stream (gamma elements
///        2 index() .. 2 index() + 2N - 1), each exactly
///        rocdist::device::beta's value. As gamma_warp otherwise.
template <unsigned N, class T>
__device__ void beta_warp(philox_state& s, T a, T b, T (&out)[N], unsigned* rounds = nullptr)
{
    static_assert(detail::is_real<T>, "float or double parameters");
    const std::uint64_t base  = 2 * s.index();
    s.skipahead(N);
    const bool          valid = distributions::valid_shape(a) && distributions::valid_shape(b);
    double              logs[2 * N];
    const detail::warp_gamma_job<T, blocks::gamma_scaled_logs<T>> job{s.key(), base, {a, b, T(1)}, {}};
    const unsigned r = detail::warp_elements<2 * N>(job, valid, logs);
    ROCDIST_UNROLL
    for(unsigned k = 0; k < N; ++k)
        out[k] = valid ? distributions::beta_from_scaled_logs<T>(logs[2 * k], logs[2 * k + 1]) : detail::nan<T>();
    if(rounds != nullptr)
        *rounds = r;
}

/// \brief One beta variate per lane, warp-cooperatively (beta_warp<1>).
template <class T>
__device__ T beta_warp(philox_state& s, T a, T b, unsigned* rounds = nullptr)
{
    T out[1];
    beta_warp(s, a, b, out, rounds);
    return out[0];
}

} // namespace rocdist::device
