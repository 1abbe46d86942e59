// The one list of the samplers a generator runs: each block functor (the
// reproducible ordering's layout) and each compacted sampler (the fast
// ordering's), named once here as rocdist::samplers::NAME. From this list
// the GPU backend instantiates its launches (block_kernels.hip,
// compacted_kernels.hip) and the host backend declares and dispatches its
// vector kernels (simd/block_kernels.hpp, simd/compacted_kernels.hpp, and the
// .cpp files that define them per Highway target).
//
// Adding a sampler: its functor (rocdist/device/blocks/), an alias and a
// line here in the sublist that says where its host kernel is, its tests
// and its docs; a vector kernel, where it has one, as NAME_blocks (or
// NAME_chunk) in that sublist's file. The lists are X macros: LIST(X) calls
// X(NAME) once per sampler.
#pragma once

#include <type_traits>

#include "backend/narrowed_outputs.hpp"
#include "backend/rejection_samplers.hpp"
#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/device/blocks/exponential_functor.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::samplers
{

using bits           = blocks::bits_functor;
using uniform_float  = blocks::uniform_float_functor;
using uniform_double = blocks::uniform_double_functor;
using categorical    = blocks::categorical_functor;

template <rocdist_normal_method Method, class T>
using normal = blocks::normal_functor<Method, T>;
template <class Functor>
using half_of = backend::narrowed_functor<Functor, backend::to_half>;
template <class Functor>
using bfloat16_of = backend::narrowed_functor<Functor, backend::to_bfloat16>;

using uniform_half     = backend::narrowed_functor<uniform_float, backend::to_positive_half>;
using uniform_bfloat16 = bfloat16_of<uniform_float>;

// Each normal method's float, double, half and bfloat16 samplers.
#define ROCDIST_NORMAL_SAMPLERS(name, method)                                                      \
    using name##_float    = normal<method, float>;                                                 \
    using name##_double   = normal<method, double>;                                                \
    using name##_half     = half_of<name##_float>;                                                 \
    using name##_bfloat16 = bfloat16_of<name##_float>;
ROCDIST_NORMAL_SAMPLERS(box_muller, ROCDIST_NORMAL_BOX_MULLER)
ROCDIST_NORMAL_SAMPLERS(polar, ROCDIST_NORMAL_POLAR)
ROCDIST_NORMAL_SAMPLERS(inverse_cdf, ROCDIST_NORMAL_INVERSE_CDF)
ROCDIST_NORMAL_SAMPLERS(inverse_cdf_fast, ROCDIST_NORMAL_INVERSE_CDF_FAST)
ROCDIST_NORMAL_SAMPLERS(ziggurat, ROCDIST_NORMAL_ZIGGURAT)
#undef ROCDIST_NORMAL_SAMPLERS
// The fast Box-Muller is float only (doubles run the default's).
using box_muller_fast_float    = normal<ROCDIST_NORMAL_BOX_MULLER_FAST, float>;
using box_muller_fast_half     = half_of<box_muller_fast_float>;
using box_muller_fast_bfloat16 = bfloat16_of<box_muller_fast_float>;

using gamma_float         = blocks::gamma_functor<float>;
using gamma_double        = blocks::gamma_functor<double>;
using gamma_shapes_float  = blocks::gamma_shapes_functor<float>;
using gamma_shapes_double = blocks::gamma_shapes_functor<double>;
using beta_float          = blocks::beta_functor<float>;
using beta_double         = blocks::beta_functor<double>;

using poisson             = blocks::count_functor<blocks::one_lambda>;
using poisson_lambdas     = blocks::count_functor<blocks::lambda_array>;
using binomial            = blocks::count_functor<blocks::one_binomial>;
using binomial_parameters = blocks::count_functor<blocks::binomial_arrays>;
using exponential_float   = blocks::exponential_functor<float>;
using exponential_double  = blocks::exponential_functor<double>;

// The fast ordering's samplers (backend/compacted_chunks.hpp).
using polar_float_sampler    = backend::polar_sampler<float>;
using polar_double_sampler   = backend::polar_sampler<double>;
using polar_half_sampler     = backend::narrowed_sampler<polar_float_sampler, backend::to_half>;
using polar_bfloat16_sampler = backend::narrowed_sampler<polar_float_sampler, backend::to_bfloat16>;
using gamma_float_sampler    = backend::gamma_sampler<float>;
using gamma_double_sampler   = backend::gamma_sampler<double>;

} // namespace rocdist::samplers

// Block functors whose host vector kernels are in simd/block_kernels.cpp.
#define ROCDIST_SAMPLERS_WITH_BLOCK_KERNELS(X)                                                     \
    X(bits)                                                                                        \
    X(uniform_float)                                                                               \
    X(uniform_double)                                                                              \
    X(categorical)                                                                                 \
    X(box_muller_float)                                                                            \
    X(box_muller_double)                                                                           \
    X(polar_float)                                                                                 \
    X(polar_double)                                                                                \
    X(inverse_cdf_float)                                                                           \
    X(inverse_cdf_double)                                                                          \
    X(inverse_cdf_fast_float)                                                                      \
    X(inverse_cdf_fast_double)                                                                     \
    X(ziggurat_float)                                                                              \
    X(ziggurat_double)                                                                             \
    X(exponential_float)                                                                           \
    X(exponential_double)

// Block functors whose host vector kernels are in simd/gamma_blocks.cpp.
#define ROCDIST_SAMPLERS_WITH_GAMMA_BLOCKS(X)                                                      \
    X(gamma_float)                                                                                 \
    X(gamma_double)                                                                                \
    X(gamma_shapes_float)                                                                          \
    X(gamma_shapes_double)

// Block functors whose host kernels are built on others' (beta on the
// gamma cycle's; host/gamma_family_host.cpp).
#define ROCDIST_SAMPLERS_WITH_COMPOSED_BLOCKS(X)                                                   \
    X(beta_float)                                                                                  \
    X(beta_double)

// Block functors whose host kernels are in simd/count_blocks.cpp (one
// parameter) and simd/count_element_blocks.cpp (a parameter per element).
#define ROCDIST_SAMPLERS_WITH_COUNT_BLOCKS(X)                                                      \
    X(poisson)                                                                                     \
    X(binomial)
#define ROCDIST_SAMPLERS_WITH_COUNT_ELEMENT_BLOCKS(X)                                              \
    X(poisson_lambdas)                                                                             \
    X(binomial_parameters)

// Block functors the host runs through another sampler: 16-bit outputs are
// the float sampler's values rounded (host/narrowed_host.hpp).
#define ROCDIST_SAMPLERS_NARROWED(X)                                                               \
    X(uniform_half)                                                                                \
    X(uniform_bfloat16)                                                                            \
    X(box_muller_half)                                                                             \
    X(box_muller_bfloat16)                                                                         \
    X(polar_half)                                                                                  \
    X(polar_bfloat16)                                                                              \
    X(inverse_cdf_half)                                                                            \
    X(inverse_cdf_bfloat16)                                                                        \
    X(inverse_cdf_fast_half)                                                                       \
    X(inverse_cdf_fast_bfloat16)                                                                   \
    X(ziggurat_half)                                                                               \
    X(ziggurat_bfloat16)

// Every block functor with a host kernel of its own (run_blocks), and every
// block functor.
#define ROCDIST_SAMPLERS_WITH_HOST_BLOCKS(X)                                                       \
    ROCDIST_SAMPLERS_WITH_BLOCK_KERNELS(X) ROCDIST_SAMPLERS_WITH_GAMMA_BLOCKS(X)                   \
        ROCDIST_SAMPLERS_WITH_COUNT_BLOCKS(X) ROCDIST_SAMPLERS_WITH_COUNT_ELEMENT_BLOCKS(X)           \
            ROCDIST_SAMPLERS_WITH_COMPOSED_BLOCKS(X)
// Block functors whose values on the host are another's: the fast
// Box-Muller's hardware sine and cosine are a GPU's, so the host runs the
// default's kernels (host/host_backend.hpp).
#define ROCDIST_SAMPLERS_HOST_AS_DEFAULT(X)                                                        \
    X(box_muller_fast_float)                                                                       \
    X(box_muller_fast_half)                                                                        \
    X(box_muller_fast_bfloat16)
#define ROCDIST_BLOCK_SAMPLERS(X)                                                                  \
    ROCDIST_SAMPLERS_WITH_HOST_BLOCKS(X) ROCDIST_SAMPLERS_NARROWED(X) ROCDIST_SAMPLERS_HOST_AS_DEFAULT(X)

// The fast ordering's samplers: those with host vector kernels in
// simd/compacted_kernels.cpp, and those the host runs through another's.
#define ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(X)                                           \
    X(polar_float_sampler)                                                                         \
    X(polar_double_sampler)                                                                        \
    X(gamma_float_sampler)                                                                         \
    X(gamma_double_sampler)
#define ROCDIST_COMPACTED_SAMPLERS_NARROWED(X)                                                     \
    X(polar_half_sampler)                                                                          \
    X(polar_bfloat16_sampler)
#define ROCDIST_COMPACTED_SAMPLERS(X)                                                              \
    ROCDIST_COMPACTED_SAMPLERS_WITH_CHUNK_KERNELS(X) ROCDIST_COMPACTED_SAMPLERS_NARROWED(X)

// Whether the type Sampler is in a list: LIST(ROCDIST_IS_SAMPLER) false.
#define ROCDIST_IS_SAMPLER(name) std::is_same_v<Sampler, samplers::name> ||
