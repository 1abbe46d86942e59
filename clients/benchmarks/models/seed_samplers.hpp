// The two samplers the seed articles time that rocdist does not offer, as
// block functors so that both backends run them through the library's own
// packet body: polar Box-Muller *without* replacement (a rejected pair
// becomes two NaNs, so fewer than n normals come out) and Box-Muller keeping
// one value of each pair ("one sample per thread").
#pragma once

#include <cmath>
#include <cstdint>

#include "build_config.hpp"
#include "rocdist/device/distributions/box_muller.hpp"
#include "rocdist/device/distributions/polar.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"

namespace rocdist_bench
{

enum class seed_sampler
{
    polar_without_replacement,
    box_muller_one_of_pair,
};

struct polar_without_replacement_functor
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    rocdist::engine::philox_key key;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, float* v) const
    {
        namespace dist             = rocdist::distributions;
        const auto r               = rocdist::engine::word_block(key, block);
        for(unsigned p = 0; p < 2; ++p)
        {
            dist::normal_pair<float> pair{NAN, NAN};
            dist::polar_attempt(dist::polar_coordinate(r.w[2 * p]), dist::polar_coordinate(r.w[2 * p + 1]), pair);
            v[2 * p]     = pair.first;
            v[2 * p + 1] = pair.second;
        }
    }
};

struct box_muller_one_of_pair_functor
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    rocdist::engine::philox_key key;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, float* v) const
    {
        for(unsigned half = 0; half < 2; ++half)
        {
            const auto r = rocdist::engine::word_block(key, 2 * block + half);
            for(unsigned p = 0; p < 2; ++p)
                v[2 * half + p] = rocdist::distributions::box_muller(r.w[2 * p], r.w[2 * p + 1]).first;
        }
    }
};

#if ROCDIST_HAS_GPU_BACKEND
// Queues the sampler over n floats of device memory; the caller synchronises.
ROCDIST_KERNEL_SOURCE_API void device_seed_sampler(seed_sampler which, float* out, std::size_t n);
#endif

} // namespace rocdist_bench
