// The device API's warp-cooperative rejection samplers (rocdist_kernel.h:
// gamma_warp, beta_warp, poisson_warp, binomial_warp): every lane of a warp
// needs variates with its own parameters, and lanes whose variates are done
// make attempts for lanes whose are not.
//
// A lane owns N consecutive elements, element k with the parameters its
// job gives it. Rounds 1..N: every lane makes its element k's first
// attempt, as the stream does. Then, while any element is pending, one
// cooperative round: the pending elements, ordered by (k, lane), are
// numbered m = 0..n-1, and the live lane of rank r (its place among the
// warp's live lanes) makes retry j_m + r / n of element m = r % n, where j_m
// is the element's first retry not yet made. Element m takes its accepted
// retry of lowest index and otherwise moves j_m past the retries made for
// it. A retry's words depend only on (seed, element, retry index), so every
// value is the stream's own: cooperation changes how many rounds a warp
// runs, never a value.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"

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

// The key of lane `owner` (lanes may hold states of different seeds).
__device__ inline engine::philox_key shuffled_key(std::uint64_t active, engine::philox_key key, unsigned owner)
{
    return {{ROCDIST_WARP_SHFL(active, key.k[0], owner), ROCDIST_WARP_SHFL(active, key.k[1], owner)}};
}

// The lane's N elements into out by its Job: job.first(k, x) makes element
// k's first attempt and job.retry(k, j, x) its retry j, each true with x
// set when accepted; job.of_lane(active, owner) is lane owner's job, every
// live lane calling it with the same owner or its own. valid: the lane's
// parameters are in the sampler's domain; otherwise its elements are left
// Job::type(0) and it only helps. Every live lane of the warp calls it.
// Returns the rounds the warp ran.
template <unsigned N, class Job>
__device__ unsigned warp_elements(const Job& job, bool valid, typename Job::type (&out)[N])
{
    static_assert(N >= 1 && N <= 16);
    using R                     = typename Job::type;
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
        if(valid && job.first(k, out[k]))
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
        const Job     theirs = job.of_lane(active, owner);
        std::uint32_t j      = 0;
        ROCDIST_UNROLL
        for(unsigned k = 0; k < N; ++k)
        {
            const std::uint32_t their_next = ROCDIST_WARP_SHFL(active, next[k], owner);
            j                              = k == kind ? their_next : j;
        }
        j += rank / n;
        R              x        = R(0);
        const bool     accepted = theirs.retry(kind, j, x);
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
