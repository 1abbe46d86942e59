// Dirichlet(alpha) rows in the reproducible ordering: component j of row r
// is X_j / sum X for X_j the gamma variate of element r k + j of the gamma
// stream layout (gamma_functor.hpp) with shape alpha[j] and scale 1, formed
// from the variates' logarithms (distributions/normalised_gammas.hpp). Row r
// depends only on (seed, r, alpha); the caller keeps r k + k - 1 below 2^64.
//
// A row is two passes over its variates, the second computing them again:
// the sum must be known before any share is written, and a GPU thread has no
// room to keep k of them. Wide rows on GPUs split each pass over the threads
// of a block (parts of for_each_row_log) and merge the partial sums.
#pragma once

#include <cstdint>

#include "build_config.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/distributions/normalised_gammas.hpp"

namespace rocdist::backend
{

// visit(j, l_j) for the components j of row `row`, l_j the scaled
// logarithm of component j's gamma variate: the components of the row's
// engine blocks part, part + parts, part + 2 parts, ... (all of them, in
// order, for part 0 of 1).
template <class T, class Visit>
ROCDIST_HOST_DEVICE void for_each_row_log(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t row,
                                          Visit&& visit, std::uint64_t part = 0, std::uint64_t parts = 1)
{
    constexpr unsigned   G      = blocks::gamma_group_size<T>;
    const std::uint64_t  first  = row * k;
    const blocks::shape_array<T> shapes{alpha, first, k, T(1), T(0)};
    const std::uint64_t  blocks = (first + k - 1) / G - first / G + 1;
    for(std::uint64_t b = first / G + part; b < first / G + blocks; b += parts)
    {
        double l[G];
        blocks::gamma_packet<T>(key, b, shapes, blocks::gamma_scaled_logs<T>{}, l);
        ROCDIST_UNROLL
        for(unsigned s = 0; s < G; ++s)
        {
            const std::uint64_t i = G * b + s;
            if(shapes.has(i))
                visit(i - first, l[s]);
        }
    }
}

template <class T>
ROCDIST_HOST_DEVICE void dirichlet_row(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t row,
                                       T* out)
{
    distributions::scaled_log_sum sum = distributions::scaled_log_sum::empty();
    for_each_row_log(key, alpha, k, row, [&](std::uint64_t, double l) { sum.add(l); });
    for_each_row_log(key, alpha, k, row, [&](std::uint64_t j, double l) { out[j] = sum.share<T>(l); });
}

} // namespace rocdist::backend
