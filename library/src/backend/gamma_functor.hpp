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
        for(unsigned k = 0; k < outputs_per_block; ++k)
        {
            engine::substream_reader reader(key, engine::substream_tag::gamma, outputs_per_block * block + k);
            while(!distributions::gamma_attempt(params, reader, v[k]))
            {
            }
        }
    }
};

} // namespace rocdist::backend
