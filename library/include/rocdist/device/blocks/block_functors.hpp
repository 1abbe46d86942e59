// One functor per output type: engine block index in, a fixed number of
// outputs out. The host loops and the GPU kernels call the same functors, so
// the two backends agree by construction.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/distributions/uniform.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"

namespace rocdist::blocks
{

// Four outputs per block, Map of each of its words.
template <class Map>
struct word_map_functor
{
    using value_type                           = decltype(Map{}(0u));
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, value_type* v) const
    {
        const engine::philox_words r = engine::word_block(key, block);
        ROCDIST_UNROLL
        for(unsigned i = 0; i < 4; ++i)
            v[i] = Map{}(r.w[i]);
    }
};

struct raw_word
{
    ROCDIST_HOST_DEVICE unsigned int operator()(std::uint32_t w) const { return w; }
};
struct uniform_float_of_word
{
    ROCDIST_HOST_DEVICE float operator()(std::uint32_t w) const { return distributions::uniform_float(w); }
};

using bits_functor          = word_map_functor<raw_word>;
using uniform_float_functor = word_map_functor<uniform_float_of_word>;

struct uniform_double_functor
{
    using value_type                           = double;
    static constexpr unsigned outputs_per_block = 2;
    engine::philox_key key;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, value_type* v) const
    {
        const engine::philox_words r = engine::double_block(key, block);
        v[0] = distributions::uniform_double(r.w[0], r.w[1]);
        v[1] = distributions::uniform_double(r.w[2], r.w[3]);
    }
};

// Categories from an alias table: element e takes the 64 bits of uniform
// double e (lanes 2e, 2e+1 of the double stream, low word first), so offsets
// and chunks work exactly as for doubles.
struct categorical_functor
{
    using value_type                           = unsigned int;
    static constexpr unsigned outputs_per_block = 2;
    engine::philox_round_keys         key;
    const distributions::alias_entry* table;
    std::uint32_t                     k;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, value_type* v) const
    {
        const engine::philox_words r = engine::double_block(key, block);
        v[0] = distributions::alias_lookup(table, k, r.w[0] | static_cast<std::uint64_t>(r.w[1]) << 32);
        v[1] = distributions::alias_lookup(table, k, r.w[2] | static_cast<std::uint64_t>(r.w[3]) << 32);
    }
};

} // namespace rocdist::blocks
