// The device API's warp-cooperative gamma and beta (rocdist/rocdist_kernel.h):
// every lane of a warp needs variates with its own shapes, and lanes whose
// variates are done make attempts for lanes whose are not.
//
// A lane owns N consecutive elements of the gamma stream, element k with
// its own shape. Rounds 1..N: every lane makes its element k's first
// attempt, from the element's packet group, as the stream does. Then, while
// any element is pending, one cooperative round: the pending elements,
// ordered by (k, lane), are numbered m = 0..n-1, and the live lane of rank r
// (its place among the warp's live lanes) makes retry j_m + r / n of element
// m = r % n, where j_m is the element's first retry not yet made. Element m
// takes its accepted retry of lowest index and otherwise moves j_m past the
// retries made for it. A retry's words depend only on (seed, element, retry
// index), so every value is the stream's own: cooperation changes how many
// rounds a warp runs, never a value.
#pragma once

#include <cstdint>

#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/gamma.hpp"

namespace rocdist::device::detail
{

// The calling lane's index in its warp.
__device__ inline unsigned warp_lane()
{
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % warpSize;
}

// The index of the lowest set bit of a nonzero mask.
ROCDIST_HOST_DEVICE unsigned lowest_lane(std::uint64_t mask)
{
    return ROCDIST_POPCOUNT64((mask & (~mask + 1)) - 1);
}

// The index of set bit number m (from 0, lowest first) of mask.
ROCDIST_HOST_DEVICE unsigned nth_lane(std::uint64_t mask, unsigned m)
{
    for(; m != 0; --m)
        mask &= mask - 1;
    return lowest_lane(mask);
}

// Lanes below `lane`.
ROCDIST_HOST_DEVICE std::uint64_t lanes_below(unsigned lane)
{
    return (std::uint64_t{1} << lane) - 1;
}

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

// The lane's elements base .. base + N - 1 into out, Finish applied (valid:
// the lane's shapes are in the sampler's domain; otherwise its elements are
// left 0 and it only helps). Every live lane of the warp calls it. Returns
// the rounds the warp ran.
template <unsigned N, class T, class Finish>
__device__ unsigned warp_gamma_elements(engine::philox_key key, std::uint64_t base, const warp_shapes<T>& shapes,
                                        bool valid, const Finish& finish, typename Finish::type (&out)[N])
{
    static_assert(N >= 1 && N <= 16);
    using R                     = typename Finish::type;
    const std::uint64_t active  = ROCDIST_WARP_ACTIVE();
    const unsigned      lane    = warp_lane();
    const std::uint64_t below   = lanes_below(lane);
    const unsigned      rank    = ROCDIST_POPCOUNT64(active & below);
    const unsigned      lanes   = ROCDIST_POPCOUNT64(active);
    unsigned            done    = valid ? 0u : (1u << N) - 1;
    std::uint32_t       next[N] = {};
    ROCDIST_UNROLL
    for(unsigned k = 0; k < N; ++k)
    {
        out[k] = R(0);
        if(valid && blocks::gamma_first_attempt(key, base + k, shapes.at(k), finish, out[k]))
            done |= 1u << k;
    }
    unsigned rounds = N;
    for(;;)
    {
        std::uint64_t pending[N];
        unsigned      n = 0;
        ROCDIST_UNROLL
        for(unsigned k = 0; k < N; ++k)
        {
            pending[k] = ROCDIST_WARP_BALLOT(active, (done >> k & 1u) == 0);
            n += ROCDIST_POPCOUNT64(pending[k]);
        }
        if(n == 0)
            return rounds;
        ++rounds;

        // This lane's attempt: for pending element m = rank % n, the owner's
        // element `kind` on lane `owner`.
        unsigned m = rank % n, kind = 0, owner = lane;
        bool     found = false;
        ROCDIST_UNROLL
        for(unsigned k = 0; k < N; ++k)
        {
            const unsigned count = ROCDIST_POPCOUNT64(pending[k]);
            if(!found && m < count)
            {
                kind  = k;
                owner = nth_lane(pending[k], m);
                found = true;
            }
            else if(!found)
                m -= count;
        }
        warp_shapes<T> theirs;
        theirs.even = ROCDIST_WARP_SHFL(active, shapes.even, owner);
        theirs.odd  = ROCDIST_WARP_SHFL(active, shapes.odd, owner);
        theirs.scale = ROCDIST_WARP_SHFL(active, shapes.scale, owner);
        const std::uint64_t their_base
            = ROCDIST_WARP_SHFL(active, static_cast<unsigned long long>(base), owner);
        std::uint32_t j = 0;
        ROCDIST_UNROLL
        for(unsigned k = 0; k < N; ++k)
        {
            const std::uint32_t their_next = ROCDIST_WARP_SHFL(active, next[k], owner);
            j                              = k == kind ? their_next : j;
        }
        j += rank / n;
        const distributions::gamma_params<T> p = theirs.at(kind);
        T                                    dv, log_u;
        R                                    x = R(0);
        const bool accepted = blocks::gamma_retry_attempt(key, their_base + kind, j, p, dv, log_u);
        if(accepted)
            x = finish(p, dv, log_u);
        const std::uint64_t accepting = ROCDIST_WARP_BALLOT(active, accepted);

        // Each pending element of this lane takes the accepted retry of
        // lowest index made for it: its helpers in lane order.
        unsigned before = 0; // pending elements numbered before this lane's element k
        ROCDIST_UNROLL
        for(unsigned k = 0; k < N; ++k)
        {
            const bool     mine   = (done >> k & 1u) == 0;
            const unsigned number = before + ROCDIST_POPCOUNT64(pending[k] & below);
            unsigned       source = lane;
            bool           served = false;
            for(std::uint64_t a = mine ? accepting : 0; a != 0 && !served; a &= a - 1)
            {
                const unsigned l = lowest_lane(a);
                if(ROCDIST_POPCOUNT64(active & lanes_below(l)) % n == number)
                {
                    source = l;
                    served = true;
                }
            }
            const R got = ROCDIST_WARP_SHFL(active, x, source);
            if(served)
            {
                out[k] = got;
                done |= 1u << k;
            }
            else if(mine && number < lanes)
                next[k] += (lanes - number + n - 1) / n;
            before += ROCDIST_POPCOUNT64(pending[k]);
        }
    }
}

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
    const unsigned      r     = detail::warp_gamma_elements<N>(
        s.key(), base, detail::warp_shapes<T>{shape, shape, scale}, valid, blocks::gamma_variates<T>{}, out);
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
    const unsigned      r = detail::warp_gamma_elements<2 * N>(s.key(), base, detail::warp_shapes<T>{a, b, T(1)},
                                                               valid, blocks::gamma_scaled_logs<T>{}, logs);
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
