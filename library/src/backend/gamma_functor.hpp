// Gamma variates in the reproducible ordering: engine block b gives elements
// G b .. G b + G - 1 (G = 4 floats or 2 doubles, as the normals), from the
// group substream (tag gamma_group, index b) and, for an element whose first
// attempt is rejected, its own substream (tag gamma, its index); nothing
// comes from the main stream (backend/gamma_words.hpp has the layout). An
// element's value depends only on (seed, i, shape, scale), so host and GPU
// make the same accept/reject decisions from the same words.
#pragma once

#include <cstdint>

#include "backend/gamma_words.hpp"
#include "config.hpp"
#include "distributions/gamma.hpp"
#include "engine/substream.hpp"

namespace rocdist::backend
{

template <class T>
struct gamma_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = gamma_group_size<T>;
    engine::philox_key             key;
    distributions::gamma_params<T> params;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        constexpr unsigned G = outputs_per_block;
        gamma_group<T>     group(key, engine::element_substream(engine::substream_tag::gamma_group, block));
        engine::philox_words boost{};
        if(params.boost)
            boost = group.boost_block();
        unsigned rejected = 0;
        ROCDIST_UNROLL
        for(unsigned k = 0; k < G; ++k)
        {
            T dv;
            if(group.next(params, dv))
                v[k] = distributions::gamma_variate(params, dv, params.boost ? gamma_log_boost(params, boost, k) : T(0));
            else
                rejected |= 1u << k;
        }
        // The rejected elements' retries in one loop of single attempts, each
        // for the lowest element still rejected: a GPU warp runs as many
        // rounds as its busiest lane makes retries in all, not the sum over
        // the elements of each element's slowest lane (at shape 0.5 on 32
        // lanes, about 1.2 rounds per packet instead of 2.4).
        std::uint32_t j = 0;
        while(rejected != 0)
        {
            const unsigned k = lowest(rejected);
            T              x;
            if(!gamma_retry(key, G * block + k, j++, params, x))
                continue;
            // v[k] by a select in every slot: v stays in registers on GPUs
            // (a conditional store becomes a store through a chosen pointer).
            ROCDIST_UNROLL
            for(unsigned i = 0; i < G; ++i)
                v[i] = i == k ? x : v[i];
            rejected &= rejected - 1;
            j = 0;
        }
    }

    static ROCDIST_HOST_DEVICE unsigned lowest(unsigned bits)
    {
        return bits & 1u ? 0 : bits & 2u ? 1 : bits & 4u ? 2 : 3;
    }
};

} // namespace rocdist::backend
