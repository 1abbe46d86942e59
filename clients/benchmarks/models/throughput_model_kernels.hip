// Kernels that throughput_model.py compiles (never run, never linked): each
// computes MODEL_PACKETS output packets per trip of a grid-stride loop, with
// the library's own functors, so that the difference between the builds with
// 3 and 1 packets is the machine code of two packets' work in loop context.
//
// Where a kernel's work depends on a parameter that is the same for a whole
// call (log-normal or not, a gamma shape below or above 1), the pieces here
// fix it at compile time, as a warp's uniform branch fixes it at run time:
// the code of the branch not taken is not counted. Rare slow paths of the
// rejection methods are pieces of their own, which the model weights by how
// often a warp enters them.
#include <cstdint>

#include "backend/categorical_row_inputs.hpp"
#include "backend/dirichlet_rows.hpp"
#include "backend/packet_writer.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/gamma_words.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/blocks/substream_sources.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/substream.hpp"

#ifndef MODEL_PACKETS
#error "throughput_model.py defines MODEL_PACKETS"
#endif

namespace model
{
using namespace rocdist;

// A normal functor whose transform is known to the compiler.
template <rocdist_normal_method Method, class T, bool LogNormal>
struct normal_piece
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = blocks::normal_functor<Method, T>::outputs_per_block;
    engine::philox_key key;
    T                  mean, stddev;
    __device__ void    operator()(std::uint64_t block, T* v) const
    {
        const blocks::normal_functor<Method, T> f{key, {mean, stddev, LogNormal}};
        f(block, v);
    }
};

// Float ziggurat with every element accepted by the fast path.
struct ziggurat_fast_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;
    float              mean, stddev;
    __device__ void    operator()(std::uint64_t block, float* v) const
    {
        const engine::philox_words r = engine::word_block(key, block);
#pragma unroll
        for(unsigned k = 0; k < 4; ++k)
        {
            distributions::ziggurat_fast(r.w[k], v[k]);
            v[k] = mean + stddev * v[k];
        }
    }
};

// One wedge attempt per element (a layer other than the tail's): the
// substream reader, its Philox block, the exponential and the test.
struct ziggurat_wedge_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;
    float              mean, stddev;
    __device__ void    operator()(std::uint64_t block, float* v) const
    {
#pragma unroll
        for(unsigned k = 0; k < 4; ++k)
        {
            engine::substream_reader reader(key, engine::substream_tag::ziggurat, 4 * block + k);
            const std::uint64_t      bits = blocks::substream_bits<float>{&reader}() | 1u;
            distributions::ziggurat_slow_attempt<float>(bits, blocks::substream_uniform<float>{&reader}, v[k]);
            v[k] = mean + stddev * v[k];
        }
    }
};

// Gamma's first attempts, at a shape known to the compiler (tenths): the
// functor's work for a packet whose elements are all accepted at once (the
// group's Philox blocks, its Box-Muller pairs, G decisions, and below
// shape 1 the U' block, logs and exponentials). Retries are a piece of
// their own, which the model weights.
template <int ShapeTenths, class T>
struct gamma_first_attempts_piece
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = blocks::gamma_group_size<T>;
    engine::philox_key key;
    __device__ void    operator()(std::uint64_t block, T* v) const
    {
        const auto params = distributions::make_gamma_params(T(ShapeTenths / 10.0), T(1));
        blocks::gamma_group<T> group(key, engine::element_substream(engine::substream_tag::gamma_group, block));
        engine::philox_words    boost{};
        if(params.boost)
            boost = group.boost_block();
#pragma unroll
        for(unsigned k = 0; k < outputs_per_block; ++k)
        {
            T dv;
            v[k] = group.next(params, dv) ? distributions::gamma_variate(
                                                params, dv, params.boost ? blocks::gamma_log_boost(params, boost, k) : T(0))
                                          : T(0);
        }
    }
};

// The exact test alone, once per element, on inputs made from the block's
// index: the code gamma_first_attempts_piece holds once per element, which
// a warp runs only when one of its lanes needs it. The model takes it out
// of the first attempts and weights it by that chance.
template <int ShapeTenths, class T>
struct gamma_exact_test_piece
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = blocks::gamma_group_size<T>;
    engine::philox_key key;
    __device__ void    operator()(std::uint64_t block, T* v) const
    {
        const auto params = distributions::make_gamma_params(T(ShapeTenths / 10.0), T(1));
#pragma unroll
        for(unsigned k = 0; k < outputs_per_block; ++k)
        {
            const auto w = static_cast<std::uint32_t>(block) * outputs_per_block + k;
            distributions::gamma_draw<T> draw;
            if constexpr(sizeof(T) == sizeof(float))
                draw = distributions::make_gamma_draw(__uint_as_float(w ^ key.k[0]), w);
            else
                draw = distributions::make_gamma_draw(__hiloint2double(w ^ key.k[0], w), w, w ^ key.k[1]);
            v[k] = distributions::gamma_exact_test(params, draw) ? T(1) : T(0);
        }
    }
};

// One retry attempt per element: its substream's Philox block(s), a Box-Muller
// normal, the decision and (below shape 1) the boost; the functor's retry
// loop is left out: compilers peel or rotate it, so its machine code is not
// one attempt's.
template <int ShapeTenths, class T>
struct gamma_retry_piece
{
    using value_type                            = T;
    static constexpr unsigned outputs_per_block = blocks::gamma_group_size<T>;
    engine::philox_key key;
    __device__ void    operator()(std::uint64_t block, T* v) const
    {
        const auto params = distributions::make_gamma_params(T(ShapeTenths / 10.0), T(1));
#pragma unroll
        for(unsigned k = 0; k < outputs_per_block; ++k)
        {
            if(!blocks::gamma_retry(key, outputs_per_block * block + k, 0, params, v[k]))
                v[k] = 0;
        }
    }
};

// Gamma with a shape per element: gamma_first_attempts_piece's work with
// each element's shape read from memory and its parameters built, the boost
// and the plain code both present (a warp whose shapes straddle 1 runs both).
struct gamma_shapes_first_attempts_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;
    const float*       shapes;
    __device__ void    operator()(std::uint64_t block, float* v) const
    {
        blocks::gamma_group<float> group(key, engine::element_substream(engine::substream_tag::gamma_group, block));
        engine::philox_words        boost{};
        bool                        boost_read = false;
#pragma unroll
        for(unsigned k = 0; k < 4; ++k)
        {
            const auto params = distributions::make_gamma_params(shapes[4 * block + k], 1.0f, 0.0f);
            float      dv;
            v[k] = 0.0f;
            if(group.next(params, dv))
            {
                if(params.boost && !boost_read)
                {
                    boost      = group.boost_block();
                    boost_read = true;
                }
                v[k] = blocks::gamma_variates<float>{}(
                    params, dv, params.boost ? blocks::gamma_boost_log_u<float>(boost, k) : 0.0f);
            }
        }
    }
};

// One retry attempt per element with its shape read from memory.
struct gamma_shapes_retry_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;
    const float*       shapes;
    __device__ void    operator()(std::uint64_t block, float* v) const
    {
#pragma unroll
        for(unsigned k = 0; k < 4; ++k)
        {
            const auto params = distributions::make_gamma_params(shapes[4 * block + k], 1.0f, 0.0f);
            if(!blocks::gamma_retry(key, 4 * block + k, 0, params, v[k]))
                v[k] = 0;
        }
    }
};

// Beta(a, b) float: two gamma packets' first attempts (shapes a and b
// alternating, parameters built once per call) as scaled logarithms, and
// four ratios: a 16-byte packet of outputs.
struct beta_first_attempts_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key                 key;
    distributions::gamma_params<float> a, b;
    __device__ void                    operator()(std::uint64_t block, float* v) const
    {
#pragma unroll
        for(unsigned h = 0; h < 2; ++h)
        {
            blocks::gamma_group<float> group(
                key, engine::element_substream(engine::substream_tag::gamma_group, 2 * block + h));
            const engine::philox_words boost = group.boost_block();
            double                     logs[4];
#pragma unroll
            for(unsigned k = 0; k < 4; ++k)
            {
                const auto& p = k % 2 == 0 ? a : b;
                float       dv;
                logs[k]       = group.next(p, dv) ? distributions::gamma_scaled_log(
                                                  p, dv, p.boost ? blocks::gamma_boost_log_u<float>(boost, k) : 0.0f)
                                                  : 0.0;
            }
            v[2 * h]     = distributions::beta_from_scaled_logs<float>(logs[0], logs[1]);
            v[2 * h + 1] = distributions::beta_from_scaled_logs<float>(logs[2], logs[3]);
        }
    }
};

// Dirichlet float with k = 4: a row per packet, both passes over its
// gamma packet (each with its retry loop's code once).
struct dirichlet_row_piece
{
    using value_type                            = float;
    static constexpr unsigned outputs_per_block = 4;
    engine::philox_key key;
    const float*       alpha;
    __device__ void    operator()(std::uint64_t block, float* v) const { backend::dirichlet_row(key, alpha, 4, block, v); }
};

// Batched categorical sampling's summary pass on 4 float weights: each
// checked and ranked for the tile's largest, and its fixed point at the
// tile's scale summed (the pass does both for every weight; the block-wide
// reductions between them, once per tile of 4096, are left out). The
// "outputs" keep the results live; the pass itself stores one summary per
// tile.
struct rows_summary_piece
{
    using value_type                            = unsigned int;
    static constexpr unsigned outputs_per_block = 4;
    const float*                      weights;
    distributions::fixed_point_scale  scale;
    unsigned                          bits;
    __device__ void                   operator()(std::uint64_t block, unsigned int* v) const
    {
        const backend::weight_rows<float> in{weights, bits};
        bool                              valid   = true;
        double                            largest = backend::weight_rows<float>::none;
        std::uint64_t                     sum     = 0;
#pragma unroll
        for(unsigned k = 0; k < 4; ++k)
        {
            const float w = weights[4 * block + k];
            valid         = valid && in.valid(w);
            largest       = in.rank(w) > largest ? in.rank(w) : largest;
            sum += in.fixed_point(w, scale);
        }
        v[0] = valid;
        v[1] = static_cast<unsigned int>(largest);
        v[2] = static_cast<unsigned int>(sum);
        v[3] = static_cast<unsigned int>(sum >> 32);
    }
};

template <class Piece>
__global__ __launch_bounds__(256) void model_kernel(Piece f, typename Piece::value_type* out, std::uint64_t packets)
{
    using packet               = backend::packet<typename Piece::value_type, Piece::outputs_per_block>;
    const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
    for(std::uint64_t q = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; q < packets;
        q += MODEL_PACKETS * stride)
    {
#pragma unroll
        for(unsigned c = 0; c < MODEL_PACKETS; ++c)
        {
            packet v;
            f(q + c * stride, v.v);
            reinterpret_cast<packet*>(out)[q + c * stride] = v;
        }
    }
}

// The pieces by the names throughput_model.py gives them.
#define MODEL_PIECE(name, ...)                                                                                   \
    struct name : __VA_ARGS__                                                                                    \
    {                                                                                                            \
    };                                                                                                           \
    template __global__ void model_kernel<name>(name, name::value_type*, std::uint64_t);

MODEL_PIECE(raw_words, blocks::bits_functor)
MODEL_PIECE(uniform_float, blocks::uniform_float_functor)
MODEL_PIECE(uniform_double, blocks::uniform_double_functor)
MODEL_PIECE(box_muller_float, normal_piece<ROCDIST_NORMAL_BOX_MULLER, float, false>)
MODEL_PIECE(box_muller_float_log_normal, normal_piece<ROCDIST_NORMAL_BOX_MULLER, float, true>)
MODEL_PIECE(box_muller_double, normal_piece<ROCDIST_NORMAL_BOX_MULLER, double, false>)
MODEL_PIECE(box_muller_fast_float, normal_piece<ROCDIST_NORMAL_BOX_MULLER_FAST, float, false>)
MODEL_PIECE(inverse_cdf_fast_float, normal_piece<ROCDIST_NORMAL_INVERSE_CDF_FAST, float, false>)
MODEL_PIECE(ziggurat_fast_float, ziggurat_fast_piece)
MODEL_PIECE(ziggurat_wedge_float, ziggurat_wedge_piece)
#define MODEL_GAMMA_PIECES(shape, tenths, type)                                                                  \
    MODEL_PIECE(gamma_##shape##_##type, gamma_first_attempts_piece<tenths, type>)                                  \
    MODEL_PIECE(gamma_retry_##shape##_##type, gamma_retry_piece<tenths, type>)                                     \
    MODEL_PIECE(gamma_exact_##shape##_##type, gamma_exact_test_piece<tenths, type>)
MODEL_GAMMA_PIECES(0_5, 5, float)
MODEL_GAMMA_PIECES(2_5, 25, float)
MODEL_GAMMA_PIECES(10, 100, float)
MODEL_GAMMA_PIECES(0_5, 5, double)
MODEL_GAMMA_PIECES(2_5, 25, double)
MODEL_GAMMA_PIECES(10, 100, double)
MODEL_PIECE(gamma_shapes_float, gamma_shapes_first_attempts_piece)
MODEL_PIECE(gamma_shapes_retry_float, gamma_shapes_retry_piece)
MODEL_PIECE(beta_float, beta_first_attempts_piece)
MODEL_PIECE(dirichlet_k4_float, dirichlet_row_piece)
MODEL_PIECE(rows_summary_float, rows_summary_piece)

} // namespace model
