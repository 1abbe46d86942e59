// Gamma variates in the reproducible ordering: engine block b gives elements
// G b .. G b + G - 1 (G = 4 floats or 2 doubles, as the normals), from the
// group substream (tag gamma_group, index b) and, for an element whose first
// attempt is rejected, its own substream (tag gamma, its index); nothing
// comes from the main stream (rocdist/device/blocks/gamma_words.hpp has the layout). An
// element's value depends only on (seed, i, its shape, scale), so host and
// GPU make the same accept/reject decisions from the same words.
//
// One packet body (gamma_packet) serves every call built on gamma: one shape
// for the call (rocdist_generate_gamma), a shape per element
// (rocdist_generate_gamma_shapes), and the logarithms that beta and
// Dirichlet normalise (beta_functor.hpp, dirichlet_rows.hpp). Element i
// with shape a is the same variate in all of them.
#pragma once

#include <cstdint>

#include "rocdist/device/blocks/gamma_words.hpp"
#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist::blocks
{

// The shape of every element of a call.
template <class T>
struct one_shape
{
    distributions::gamma_params<T> params;

    ROCDIST_HOST_DEVICE bool                           has(std::uint64_t) const { return true; }
    ROCDIST_HOST_DEVICE distributions::gamma_params<T> at(std::uint64_t) const { return params; }
    ROCDIST_HOST_DEVICE bool                           all_boosted() const { return params.boost; }
};

// A shape per element: stream element first + j has shape shapes[j] for j
// below count (modulo 2^64); a packet's other elements are not computed.
template <class T>
struct shape_array
{
    const T*      shapes;
    std::uint64_t first, count;
    T             scale, log_scale;

    ROCDIST_HOST_DEVICE bool has(std::uint64_t i) const { return i - first < count; }
    ROCDIST_HOST_DEVICE distributions::gamma_params<T> at(std::uint64_t i) const
    {
        return distributions::make_gamma_params(shapes[i - first], scale, log_scale);
    }
    ROCDIST_HOST_DEVICE bool all_boosted() const { return false; }
};

// Beta(a, b)'s pairs: even elements have shape a, odd ones shape b.
template <class T>
struct alternating_shapes
{
    distributions::gamma_params<T> a, b;

    ROCDIST_HOST_DEVICE bool                           has(std::uint64_t) const { return true; }
    ROCDIST_HOST_DEVICE distributions::gamma_params<T> at(std::uint64_t i) const { return i % 2 == 0 ? a : b; }
    ROCDIST_HOST_DEVICE bool                           all_boosted() const { return a.boost && b.boost; }
};

// Shapes repeating with period k: element i has shape params[i % k] (scale
// 1): Dirichlet's alpha over its rows, beta's (a, b). The host's vector
// kernels take the parameters from here, built once per call.
template <class T>
struct shape_cycle
{
    const distributions::gamma_params<T>* params;
    std::uint64_t                         k;

    ROCDIST_HOST_DEVICE bool                           has(std::uint64_t) const { return true; }
    ROCDIST_HOST_DEVICE distributions::gamma_params<T> at(std::uint64_t i) const { return params[i % k]; }
    ROCDIST_HOST_DEVICE bool                           all_boosted() const { return false; }
};

// What an accepted attempt becomes: the variate times scale...
template <class T>
struct gamma_variates
{
    using type = T;
    ROCDIST_HOST_DEVICE T operator()(const distributions::gamma_params<T>& p, T dv, T log_u) const
    {
        return distributions::gamma_variate(p, dv, p.boost ? distributions::gamma_boost_exponent(p, log_u) : T(0));
    }
};

// ...or its logarithm times 2^-64 (distributions::gamma_scaled_log).
template <class T>
struct gamma_scaled_logs
{
    using type = double;
    ROCDIST_HOST_DEVICE double operator()(const distributions::gamma_params<T>& p, T dv, T log_u) const
    {
        return distributions::gamma_scaled_log(p, dv, log_u);
    }
};

// The lowest set bit of a packet's mask of G <= 4 elements.
ROCDIST_HOST_DEVICE unsigned lowest_bit(unsigned bits)
{
    return bits & 1u ? 0 : bits & 2u ? 1 : bits & 4u ? 2 : 3;
}

// Engine block `block`'s G elements into v, Finish applied to each; the
// slots of elements that Shapes does not have are set to 0.
template <class T, class Shapes, class Finish>
ROCDIST_HOST_DEVICE void gamma_packet(engine::philox_key key, std::uint64_t block, const Shapes& shapes,
                                      const Finish& finish, typename Finish::type* v)
{
    using R              = typename Finish::type;
    constexpr unsigned G = gamma_group_size<T>;
    gamma_group<T>     group(key, engine::element_substream(engine::substream_tag::gamma_group, block));
    // The U' block is read once, up front when every element is boosted,
    // else when the first boosted element is accepted.
    bool                 boost_read = shapes.all_boosted();
    engine::philox_words boost{};
    if(boost_read)
        boost = group.boost_block();
    unsigned rejected = 0;
    ROCDIST_UNROLL
    for(unsigned k = 0; k < G; ++k)
    {
        const std::uint64_t i = G * block + k;
        if(!shapes.has(i))
        {
            group.skip();
            v[k] = R(0);
            continue;
        }
        const distributions::gamma_params<T> p = shapes.at(i);
        T                                    dv;
        if(group.next(p, dv))
        {
            if(p.boost && !boost_read)
            {
                boost      = group.boost_block();
                boost_read = true;
            }
            v[k] = finish(p, dv, p.boost ? gamma_boost_log_u<T>(boost, k) : T(0));
        }
        else
        {
            rejected |= 1u << k;
            v[k] = R(0); // until its retry is accepted
        }
    }
    // The rejected elements' retries in one loop of single attempts, each
    // for the lowest element still rejected: a GPU warp runs as many
    // rounds as its busiest lane makes retries in all, not the sum over
    // the elements of each element's slowest lane (at shape 0.5 on 32
    // lanes, about 1.2 rounds per packet instead of 2.4).
    std::uint32_t j = 0;
    while(rejected != 0)
    {
        const unsigned                       k = lowest_bit(rejected);
        const distributions::gamma_params<T> p = shapes.at(G * block + k);
        T                                    dv, log_u;
        if(!gamma_retry_attempt(key, G * block + k, j++, p, dv, log_u))
            continue;
        const R x = finish(p, dv, log_u);
        // v[k] by a select in every slot: v stays in registers on GPUs
        // (a conditional store becomes a store through a chosen pointer).
        ROCDIST_UNROLL
        for(unsigned i = 0; i < G; ++i)
            v[i] = i == k ? x : v[i];
        rejected &= rejected - 1;
        j = 0;
    }
}

// Element i alone, as gamma_packet computes it: its first attempt from its
// packet's group (the group's earlier attempts passed over), true with out
// set when it is accepted; then its retries. The device API's draws.
template <class T, class Finish>
ROCDIST_HOST_DEVICE bool gamma_first_attempt(engine::philox_key key, std::uint64_t i,
                                             const distributions::gamma_params<T>& p, const Finish& finish,
                                             typename Finish::type& out)
{
    constexpr unsigned G = gamma_group_size<T>;
    gamma_group<T>     group(key, engine::element_substream(engine::substream_tag::gamma_group, i / G));
    const unsigned     k = static_cast<unsigned>(i % G);
    for(unsigned m = 0; m < k; ++m)
        group.skip();
    T dv;
    if(!group.next(p, dv))
        return false;
    out = finish(p, dv, p.boost ? gamma_boost_log_u<T>(group.boost_block(), k) : T(0));
    return true;
}

template <class T, class Finish>
ROCDIST_HOST_DEVICE typename Finish::type gamma_element(engine::philox_key key, std::uint64_t i,
                                                        const distributions::gamma_params<T>& p, const Finish& finish)
{
    typename Finish::type out;
    if(gamma_first_attempt(key, i, p, finish, out))
        return out;
    T dv, log_u;
    for(std::uint32_t j = 0;; ++j)
        if(gamma_retry_attempt(key, i, j, p, dv, log_u))
            return finish(p, dv, log_u);
}

template <class T>
struct gamma_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = gamma_group_size<T>;
    engine::philox_key             key;
    distributions::gamma_params<T> params;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        gamma_packet<T>(key, block, one_shape<T>{params}, gamma_variates<T>{}, v);
    }
};

// Gamma variates of scale as Shapes gives them, element by element.
template <class T, class Shapes>
struct gamma_each_functor
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = gamma_group_size<T>;
    engine::philox_key key;
    Shapes             shapes;

    ROCDIST_HOST_DEVICE void operator()(std::uint64_t block, T* v) const
    {
        gamma_packet<T>(key, block, shapes, gamma_variates<T>{}, v);
    }
};

// rocdist_generate_gamma_shapes: element i is gamma_functor's element i
// with shape shapes[i - first].
template <class T>
using gamma_shapes_functor = gamma_each_functor<T, shape_array<T>>;

// The gamma variates under which beta and Dirichlet are ratios, with
// shapes cycling through params (host backend).
template <class T>
using gamma_cycle_functor = gamma_each_functor<T, shape_cycle<T>>;

} // namespace rocdist::blocks
