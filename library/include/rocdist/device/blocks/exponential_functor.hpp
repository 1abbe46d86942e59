// Exponential variates in both orderings: element i from word i of the
// stream (float, four per engine block) or from words 2i, 2i + 1 (double,
// two per block), the words uniforms take (distributions/exponential.hpp);
// -log u divided by the rate in the value's type.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/exponential.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"

namespace rocdist::blocks
{

template <class T>
struct exponential_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = sizeof(T) == sizeof(float) ? 4 : 2;
    engine::philox_round_keys key;
    T                         rate;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        if constexpr(sizeof(T) == sizeof(float))
        {
            const engine::philox_words r = engine::word_block(key, block);
            ROCDIST_UNROLL
            for(unsigned i = 0; i < 4; ++i)
                v[i] = distributions::exponential_of_word(r.w[i]) / rate;
        }
        else
        {
            const engine::philox_words r = engine::double_block(key, block);
            v[0] = distributions::exponential_of_words(r.w[0], r.w[1]) / rate;
            v[1] = distributions::exponential_of_words(r.w[2], r.w[3]) / rate;
        }
    }
};

} // namespace rocdist::blocks
