// The user kernels of device_api_kernels.hpp: one thread per element (or
// per lane's variates), 128 threads per block, the last block partial.
#include <type_traits>

#include "backend/gpu/runtime.hpp"
#include "device_api_kernels.hpp"
#include "rocdist/rocdist_kernel.h"

namespace rocdist_test
{
namespace
{

namespace dev = rocdist::device;

constexpr unsigned block_threads = 128; // whole warps of 32 and 64 lanes

// Template arguments that launches deduce from a tag argument.
template <rocdist_normal_method Method>
using method_tag = std::integral_constant<rocdist_normal_method, Method>;
template <unsigned N>
using count_tag = std::integral_constant<unsigned, N>;

template <class T, rocdist_normal_method Method>
ROCDIST_KERNEL void draw_kernel(device_request r, T* out, method_tag<Method>)
{
    const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    if(i >= r.n)
        return;
    dev::philox_state s(r.seed, r.offset + i);
    if constexpr(std::is_same_v<T, unsigned>)
    {
        switch(r.draw)
        {
        case device_draw::bits: out[i] = dev::bits(s); break;
        case device_draw::poisson: out[i] = dev::poisson(s, r.p0); break;
        case device_draw::binomial: out[i] = dev::binomial(s, static_cast<unsigned>(r.p0), r.p1); break;
        default: out[i] = dev::categorical(s, r.table); break;
        }
    }
    else
    {
        const T p0 = static_cast<T>(r.p0), p1 = static_cast<T>(r.p1);
        T       v  = 0;
        switch(r.draw)
        {
        case device_draw::uniform:
            v = std::is_same_v<T, float> ? T(dev::uniform(s)) : T(dev::uniform_double(s));
            break;
        case device_draw::normal: v = dev::normal<Method>(s, p0, p1); break;
        case device_draw::log_normal: v = dev::log_normal<Method>(s, p0, p1); break;
        case device_draw::gamma: v = dev::gamma(s, p0, p1); break;
        case device_draw::beta: v = dev::beta(s, p0, p1); break;
        case device_draw::exponential: v = dev::exponential(s, p0); break;
        default: break;
        }
        out[i] = v;
    }
}

template <class T, unsigned N>
ROCDIST_KERNEL void warp_kernel(device_request r, bool beta, const T* shapes, unsigned shape_count, T* out,
                                unsigned* rounds, count_tag<N>)
{
    const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    if(i >= r.n)
        return;
    dev::philox_state s(r.seed, r.offset + N * i);
    const T           shape = shapes[i % shape_count], p1 = static_cast<T>(r.p1);
    T                 v[N];
    unsigned          warp_rounds = 0;
    if(beta)
        dev::beta_warp(s, shape, p1, v, &warp_rounds);
    else
        dev::gamma_warp(s, shape, p1, v, &warp_rounds);
    for(unsigned k = 0; k < N; ++k)
        out[N * i + k] = v[k];
    if(threadIdx.x % warpSize == 0)
        rounds[i / warpSize] = warp_rounds;
}

template <unsigned N>
ROCDIST_KERNEL void warp_count_kernel(device_request r, const double* parameters, unsigned parameter_count,
                                      unsigned* out, unsigned* rounds, count_tag<N>)
{
    const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    if(i >= r.n)
        return;
    dev::philox_state s(r.seed, r.offset + N * i);
    const double      parameter   = parameters[i % parameter_count];
    unsigned          v[N];
    unsigned          warp_rounds = 0;
    if(r.draw == device_draw::poisson)
        dev::poisson_warp(s, parameter, v, &warp_rounds);
    else
        dev::binomial_warp(s, static_cast<unsigned>(r.p0), parameter, v, &warp_rounds);
    for(unsigned k = 0; k < N; ++k)
        out[N * i + k] = v[k];
    if(threadIdx.x % warpSize == 0)
        rounds[i / warpSize] = warp_rounds;
}

#if ROCDIST_GPU_CUDA || ROCDIST_GPU_HIP
template <class T>
ROCDIST_KERNEL void user_state_kernel(device_request r, T* out)
{
    const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    if(i >= r.n)
        return;
#if ROCDIST_GPU_CUDA
    curandStatePhilox4_32_10_t state;
    curand_init(r.seed, i, 0, &state);
    dev::curand_bits bits{&state};
#else
    hiprandStatePhilox4_32_10_t state;
    hiprand_init(r.seed, i, 0, &state);
    dev::hiprand_bits bits{&state};
#endif
    const T p0 = static_cast<T>(r.p0), p1 = static_cast<T>(r.p1);
    out[i] = r.draw == device_draw::gamma ? dev::gamma(bits, p0, p1)
                                          : dev::normal<ROCDIST_NORMAL_ZIGGURAT>(bits, p0, p1);
}
#endif

bool finished(hipError_t launched)
{
    return launched == hipSuccess && hipDeviceSynchronize() == hipSuccess;
}

unsigned blocks_for(std::size_t n)
{
    return static_cast<unsigned>((n + block_threads - 1) / block_threads);
}

template <class T, rocdist_normal_method Method>
bool launch_draws(const device_request& r, T* out)
{
    return finished(
        ROCDIST_LAUNCH(draw_kernel, blocks_for(r.n), block_threads, 0, nullptr, r, out, method_tag<Method>{}));
}

} // namespace

template <class T>
bool device_draws(const device_request& r, T* out)
{
    switch(r.method)
    {
    case ROCDIST_NORMAL_BOX_MULLER: return launch_draws<T, ROCDIST_NORMAL_BOX_MULLER>(r, out);
    case ROCDIST_NORMAL_POLAR: return launch_draws<T, ROCDIST_NORMAL_POLAR>(r, out);
    case ROCDIST_NORMAL_INVERSE_CDF: return launch_draws<T, ROCDIST_NORMAL_INVERSE_CDF>(r, out);
    case ROCDIST_NORMAL_INVERSE_CDF_FAST: return launch_draws<T, ROCDIST_NORMAL_INVERSE_CDF_FAST>(r, out);
    case ROCDIST_NORMAL_ZIGGURAT: return launch_draws<T, ROCDIST_NORMAL_ZIGGURAT>(r, out);
    case ROCDIST_NORMAL_BOX_MULLER_FAST: return launch_draws<T, ROCDIST_NORMAL_BOX_MULLER_FAST>(r, out);
    }
    return false;
}

template <class T>
bool device_user_state_draws(const device_request& r, T* out)
{
#if ROCDIST_GPU_CUDA || ROCDIST_GPU_HIP
    return finished(ROCDIST_LAUNCH(user_state_kernel, blocks_for(r.n), block_threads, 0, nullptr, r, out));
#else
    (void)r, (void)out;
    return false;
#endif
}

template <class T>
bool device_warp_draws(const device_request& r, bool beta, unsigned per_lane, const T* shapes, unsigned shape_count,
                       T* out, unsigned* rounds)
{
    const unsigned blocks = blocks_for(r.n);
    if(per_lane == 1)
        return finished(ROCDIST_LAUNCH(warp_kernel, blocks, block_threads, 0, nullptr, r, beta, shapes, shape_count,
                                       out, rounds, count_tag<1>{}));
    if(per_lane == 4)
        return finished(ROCDIST_LAUNCH(warp_kernel, blocks, block_threads, 0, nullptr, r, beta, shapes, shape_count,
                                       out, rounds, count_tag<4>{}));
    return false;
}

bool device_warp_counts(const device_request& r, unsigned per_lane, const double* parameters,
                        unsigned parameter_count, unsigned* out, unsigned* rounds)
{
    const unsigned blocks = blocks_for(r.n);
    if(per_lane == 1)
        return finished(ROCDIST_LAUNCH(warp_count_kernel, blocks, block_threads, 0, nullptr, r, parameters,
                                       parameter_count, out, rounds, count_tag<1>{}));
    if(per_lane == 4)
        return finished(ROCDIST_LAUNCH(warp_count_kernel, blocks, block_threads, 0, nullptr, r, parameters,
                                       parameter_count, out, rounds, count_tag<4>{}));
    return false;
}

template bool device_draws<unsigned>(const device_request&, unsigned*);
template bool device_draws<float>(const device_request&, float*);
template bool device_draws<double>(const device_request&, double*);
template bool device_user_state_draws<float>(const device_request&, float*);
template bool device_user_state_draws<double>(const device_request&, double*);
template bool device_warp_draws<float>(const device_request&, bool, unsigned, const float*, unsigned, float*,
                                       unsigned*);
template bool device_warp_draws<double>(const device_request&, bool, unsigned, const double*, unsigned, double*,
                                        unsigned*);

} // namespace rocdist_test
