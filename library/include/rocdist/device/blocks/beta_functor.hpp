// Beta(a, b) in the reproducible ordering: element i is X / (X + Y) for the
// gamma variates X = element 2i with shape a and Y = element 2i + 1 with
// shape b of the gamma stream layout (gamma_functor.hpp), so engine block
// b gives beta elements P b .. P b + P - 1 (P = 2 floats or 1 double) from
// gamma's packet b. The ratio comes from the variates' logarithms
// (distributions/normalised_gammas.hpp), so tiny a and b lose nothing to
// underflow.
#pragma once

#include <cstdint>

#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/normalised_gammas.hpp"

namespace rocdist::blocks
{

template <class T>
struct beta_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = gamma_group_size<T> / 2;
    engine::philox_key    key;
    alternating_shapes<T> shapes; // scale 1

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        double logs[gamma_group_size<T>];
        gamma_packet<T>(key, block, shapes, gamma_scaled_logs<T>{}, logs);
        ROCDIST_UNROLL
        for(unsigned m = 0; m < outputs_per_block; ++m)
            v[m] = distributions::beta_from_scaled_logs<T>(logs[2 * m], logs[2 * m + 1]);
    }
};

} // namespace rocdist::blocks
