// One attempt of each rejection sampler, in the form the fast ordering's
// compacting backends run (see compacted_chunks.hpp). Every word comes from
// the candidate's substream, read through the sampler's words_type; the
// per-element math is the reproducible ordering's, so both orderings sample
// the same distribution exactly.
#pragma once

#include <cstdint>

#include "build_config.hpp"
#include "rocdist/device/blocks/gamma_words.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/blocks/substream_sources.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/distributions/polar.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist::backend
{

template <class T>
struct polar_sampler
{
    using value_type                                  = T;
    using words_type                                  = engine::substream_reader;
    static constexpr unsigned               outputs_per_attempt    = 2;
    static constexpr unsigned               attempts_per_candidate = sizeof(T) == sizeof(float) ? 2 : 1;
    static constexpr engine::substream_tag tag                    = engine::substream_tag::polar;
    engine::philox_key                      key;
    blocks::normal_transform<T>                     transform;

    ROCDIST_HOST_DEVICE bool attempt(engine::substream_reader& words, T (&v)[2]) const
    {
        T a, b;
        blocks::next_polar_coordinates(words, a, b);
        distributions::normal_pair<T> pair;
        if(!distributions::polar_attempt(a, b, pair))
            return false;
        v[0] = transform(pair.first);
        v[1] = transform(pair.second);
        return true;
    }
};

// A candidate is one group of attempts (gamma_words.hpp): two Philox blocks
// (three below shape 1) for 4 float or 2 double attempts.
template <class T>
struct gamma_sampler
{
    using value_type                                  = T;
    using words_type                                  = blocks::gamma_group_outputs<T>;
    static constexpr unsigned               outputs_per_attempt    = 1;
    static constexpr unsigned               attempts_per_candidate = blocks::gamma_group_size<T>;
    static constexpr engine::substream_tag tag                    = engine::substream_tag::gamma;
    engine::philox_key                      key;
    distributions::gamma_params<T>          params;

    ROCDIST_HOST_DEVICE bool attempt(words_type& group, T (&v)[1]) const { return group.next(params, v[0]); }
};

} // namespace rocdist::backend
