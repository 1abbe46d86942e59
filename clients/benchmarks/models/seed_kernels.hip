// The seed samplers on the GPU: one grid-stride kernel over output packets,
// the same shape as the library's own kernels.
#include "backend/gpu/runtime.hpp"
#include "backend/packet_writer.hpp"
#include "seed_samplers.hpp"

namespace rocdist_bench
{
namespace
{

template <class Functor>
ROCDIST_KERNEL void seed_kernel(Functor f, float* out, rocdist::backend::packet_plan plan)
{
    const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
    for(std::uint64_t q = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; q < plan.packets;
        q += stride)
        rocdist::backend::write_packet(f, out, plan, q);
}

template <class Functor>
void launch(const Functor& f, float* out, std::size_t n)
{
    int device = 0, multiprocessors = 1;
    (void)hipGetDevice(&device);
    (void)hipDeviceGetAttribute(&multiprocessors, hipDeviceAttributeMultiprocessorCount, device);
    const auto plan = rocdist::backend::make_packet_plan<Functor::outputs_per_block>(out, n, 0);
    (void)ROCDIST_LAUNCH(seed_kernel, multiprocessors * 8, 256, 0, nullptr, f, out, plan);
}

} // namespace

void device_seed_sampler(seed_sampler which, float* out, std::size_t n)
{
    const rocdist::engine::philox_key key = rocdist::engine::philox_key_from_seed(1);
    if(which == seed_sampler::polar_without_replacement)
        launch(polar_without_replacement_functor{key}, out, n);
    else
        launch(box_muller_one_of_pair_functor{key}, out, n);
}

} // namespace rocdist_bench
