// Gamma variates in the reproducible ordering: element i (4 floats or 2
// doubles per engine block, as the normals) takes every attempt from its own
// substream (tag gamma, index i) and none from the main stream, so its value
// depends only on (seed, i, shape, scale) and host and GPU make the same
// accept/reject decisions from the same words.
#pragma once

#include <cstdint>

#include "config.hpp"
#include "distributions/gamma.hpp"
#include "engine/substream.hpp"

namespace rocdist::backend
{

template <class T>
struct gamma_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = sizeof(T) == sizeof(float) ? 4 : 2;
    engine::philox_key               key;
    distributions::gamma_params<T>   params;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        fill<!ROCDIST_DEVICE_PASS>(block, v);
    }

    // Two schedules of the same values (test_gamma_functor_schedules.cpp).
    // Interleaved, for CPUs: the elements' first attempts are drawn together
    // and decided after; their words, normals and logs are independent chains
    // a core overlaps (one after the other, an element's latency bounds the
    // loop; measured 5-12% faster). The rare rejected element retries from its
    // substream's next block, exactly as the sequential loop would.
    // Sequential, for GPUs: one element at a time, so that only one attempt's
    // state is live and the kernel stays within its register budget.
    template <bool Interleaved>
    ROCDIST_HOST_DEVICE void fill(std::uint64_t block, T* v) const
    {
        constexpr auto      tag   = engine::substream_tag::gamma;
        const std::uint64_t first = outputs_per_block * block;
        if constexpr(Interleaved)
        {
            distributions::gamma_draw<T> draws[outputs_per_block];
            ROCDIST_UNROLL
            for(unsigned k = 0; k < outputs_per_block; ++k)
            {
                engine::substream_reader reader(key, tag, first + k);
                draws[k] = distributions::read_gamma_draw(params, reader);
            }
            ROCDIST_UNROLL
            for(unsigned k = 0; k < outputs_per_block; ++k)
            {
                if(distributions::gamma_accept(params, draws[k], v[k]))
                    continue;
                engine::substream_reader reader(key, tag, first + k, distributions::gamma_blocks_per_attempt<T>);
                while(!distributions::gamma_attempt(params, reader, v[k]))
                {
                }
            }
        }
        else
        {
            ROCDIST_UNROLL
            for(unsigned k = 0; k < outputs_per_block; ++k)
            {
                engine::substream_reader reader(key, tag, first + k);
                while(!distributions::gamma_attempt(params, reader, v[k]))
                {
                }
            }
        }
    }
};

} // namespace rocdist::backend
