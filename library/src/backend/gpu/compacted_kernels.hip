// The fast ordering's kernels: one warp per chunk (grid-stride over chunks),
// for every rejection sampler. Compiled by hipcc and nvcc from this source.
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/launch_status.hpp"
#include "backend/gpu/runtime.hpp"
#include "backend/gpu/warp_compacted_rejection.hpp"
#include "backend/rejection_samplers.hpp"
#include "backend/sampler_list.hpp"

namespace rocdist::gpu
{
namespace
{

template <class Sampler>
ROCDIST_KERNEL void compacted_kernel(Sampler s, typename Sampler::value_type* out, std::uint64_t n,
                                     std::uint64_t offset)
{
    constexpr std::uint64_t size   = backend::compacted_chunk_size;
    const std::uint64_t     thread = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::uint64_t     warps  = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / warpSize;
    for(std::uint64_t chunk = thread / warpSize; chunk * size < n; chunk += warps)
    {
        const std::uint64_t begin = chunk * size;
        const std::uint64_t end   = n - begin < size ? n : begin + size;
        warp_compacted_rejection(s, out, begin, end, offset + begin);
    }
}

} // namespace

template <class Sampler>
rocdist_status generate(const device_info& device, void* stream, const backend::compacted<Sampler>& c,
                        typename Sampler::value_type* out, std::size_t n, std::uint64_t offset)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    // threads_per_block is a multiple of every warp size, so no warp is split.
    const std::uint64_t chunks = (n + backend::compacted_chunk_size - 1) / backend::compacted_chunk_size;
    constexpr auto      kernel = compacted_kernel<Sampler>;
    const unsigned      blocks = grid_blocks<kernel>(device, chunks * static_cast<std::uint64_t>(device.warp_size));
    return launch_status(ROCDIST_LAUNCH(compacted_kernel, blocks, threads_per_block, 0,
                                        static_cast<hipStream_t>(stream), c.sampler, out, n, offset));
}

#define ROCDIST_INSTANTIATE_COMPACTED(name)                                                        \
    template ROCDIST_KERNEL_SOURCE_API rocdist_status generate<samplers::name>(                     \
        const device_info&, void*, const backend::compacted<samplers::name>&, samplers::name::value_type*,        \
        std::size_t, std::uint64_t);
ROCDIST_COMPACTED_SAMPLERS(ROCDIST_INSTANTIATE_COMPACTED)

} // namespace rocdist::gpu
