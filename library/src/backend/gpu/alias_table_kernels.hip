// Alias-table construction on the GPU, compiled by hipcc and nvcc from this
// one source: the steps of distributions/alias_table.hpp as kernels, with
// device-wide scans for the prefix sums and for the light/heavy partition,
// and the sweep split by merge path (Lehmann et al., "Weighted Random
// Sampling on GPUs", 2021). The table equals the host's bit for bit.
#include <cstring>

#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/device_memory.hpp"
#include "backend/gpu/device_scan.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/grid_stride.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/runtime.hpp"
#include "backend/gpu/scan_scratch.hpp"
#include "rocdist/device/distributions/alias_table.hpp"

namespace rocdist::gpu
{
namespace
{

using distributions::alias_column_mass;
using distributions::alias_entry;

// Sweep items per merge thread: one binary search per this many columns.
constexpr std::uint64_t columns_per_thread = 16;

struct weight_summary
{
    unsigned long long largest_bits; // positive doubles order as their bits
    unsigned int       invalid;
};

template <class T>
ROCDIST_KERNEL void summarise_weights(const T* weights, std::uint64_t k, weight_summary* summary)
{
    unsigned long long largest = 0;
    unsigned int       invalid = 0;
    ROCDIST_GRID_STRIDE(i, k)
    {
        const double w = weights[i];
        invalid |= distributions::valid_weight(w) ? 0u : 1u;
        if(w > 0)
        {
            const auto bits = static_cast<unsigned long long>(__double_as_longlong(w));
            largest         = bits > largest ? bits : largest;
        }
    }
    // One atomic per block, not one per thread (atomics on one address
    // serialise): the block combines its threads' findings in shared
    // memory first. Blocks have ROCDIST_THREADS_PER_BLOCK threads, a power of 2.
    __shared__ unsigned long long block_largest[ROCDIST_THREADS_PER_BLOCK];
    __shared__ unsigned int       block_invalid[ROCDIST_THREADS_PER_BLOCK];
    block_largest[threadIdx.x] = largest;
    block_invalid[threadIdx.x] = invalid;
    __syncthreads();
    for(unsigned half = blockDim.x / 2; half > 0; half /= 2)
    {
        if(threadIdx.x < half)
        {
            const unsigned long long other = block_largest[threadIdx.x + half];
            block_largest[threadIdx.x]     = other > block_largest[threadIdx.x] ? other : block_largest[threadIdx.x];
            block_invalid[threadIdx.x] |= block_invalid[threadIdx.x + half];
        }
        __syncthreads();
    }
    if(threadIdx.x != 0)
        return;
    atomicMax(&summary->largest_bits, block_largest[0]);
    if(block_invalid[0] != 0)
        atomicOr(&summary->invalid, block_invalid[0]);
}

template <class T>
ROCDIST_KERNEL void fixed_point_kernel(const T* weights, std::uint64_t k, distributions::fixed_point_scale scale,
                                       std::uint64_t* fixed)
{
    ROCDIST_GRID_STRIDE(i, k)
    fixed[i] = distributions::to_fixed_point(weights[i], scale);
}

// heavy[i] = 1 for a mass above one column, and heavy[k] = 0 so that an
// exclusive scan over k + 1 entries also counts the heavies.
ROCDIST_KERNEL void mass_kernel(const std::uint64_t* prefix_fixed, std::uint64_t k, distributions::mass_scale scale,
                                std::uint64_t* mass, std::uint32_t* heavy)
{
    ROCDIST_GRID_STRIDE(i, k + 1)
    {
        if(i == k)
        {
            heavy[i] = 0;
            continue;
        }
        const std::uint64_t before = i == 0 ? 0 : distributions::prefix_mass(prefix_fixed[i - 1], scale);
        const std::uint64_t m      = distributions::prefix_mass(prefix_fixed[i], scale) - before;
        mass[i]                    = m;
        heavy[i]                   = m > alias_column_mass ? 1u : 0u;
    }
}

// Stable partition by the scanned flags: lights to index[0 .. L) with their
// deficits in sums[0 .. L), heavies to index[L .. k) with their excesses in
// sums[L + 1 .. k + 1); sums[L] = 0 closes the deficits' exclusive scan.
ROCDIST_KERNEL void partition_kernel(const std::uint64_t* mass, const std::uint32_t* heavy_before, std::uint64_t k,
                                     std::uint64_t lights, std::uint32_t* index, std::uint64_t* sums)
{
    ROCDIST_GRID_STRIDE(i, k + 1)
    {
        if(i == k)
        {
            sums[lights] = 0;
            continue;
        }
        const std::uint64_t m = mass[i];
        if(m > alias_column_mass)
        {
            const std::uint64_t t = heavy_before[i];
            index[lights + t]     = static_cast<std::uint32_t>(i);
            sums[lights + 1 + t]  = m - alias_column_mass;
        }
        else
        {
            const std::uint64_t l = i - heavy_before[i];
            index[l]              = static_cast<std::uint32_t>(i);
            sums[l]               = alias_column_mass - m;
        }
    }
}

ROCDIST_KERNEL void sweep_kernel(distributions::alias_split_input in, std::uint64_t k, alias_entry* table)
{
    ROCDIST_GRID_STRIDE(s, (k + columns_per_thread - 1) / columns_per_thread)
    {
        const std::uint64_t d = s * columns_per_thread;
        distributions::write_alias_columns(in, d, k - d < columns_per_thread ? k - d : columns_per_thread, table);
    }
}

template <class T>
rocdist_status build(const device_info& device, hipStream_t stream, const T* weights, std::uint32_t k,
                     alias_entry** table)
{
    const auto launched = [](hipError_t launch) { return launch == hipSuccess; };
    // Copied on the generator's stream, then waited for: ordered with the
    // kernels before it whatever kind of stream it is.
    const auto read_back = [&](void* to, const void* from, std::size_t bytes) {
        return hipMemcpyAsync(to, from, bytes, hipMemcpyDeviceToHost, stream) == hipSuccess
               && hipStreamSynchronize(stream) == hipSuccess;
    };

    // Validation first, so that bad weights allocate nothing that outlives the call.
    weight_summary summary{0, 0};
    double         largest = 0;
    {
        device_memory summary_memory(stream);
        if(!summary_memory.allocate(sizeof summary))
            return ROCDIST_STATUS_ALLOCATION_FAILED;
        auto* on_device = summary_memory.as<weight_summary>();
        // Zeroed on the stream summarise_weights runs on (all-zero bytes are {0, 0}).
        if(hipMemsetAsync(on_device, 0, sizeof summary, stream) != hipSuccess
           || !launched(ROCDIST_LAUNCH(summarise_weights, grid_blocks<summarise_weights<T>>(device, k), threads_per_block, 0,
                                       stream, weights, std::uint64_t(k), on_device))
           || !read_back(&summary, on_device, sizeof summary))
            return ROCDIST_STATUS_LAUNCH_FAILURE;
        static_assert(sizeof largest == sizeof summary.largest_bits);
        std::memcpy(&largest, &summary.largest_bits, sizeof largest);
    }
    if(summary.invalid != 0 || largest == 0)
        return ROCDIST_STATUS_INVALID_VALUE;

    const std::uint64_t n = std::uint64_t(k) + 1;
    device_memory       entries(stream), sums(stream), mass(stream), heavy_before(stream), index(stream);
    if(!entries.allocate(k * sizeof(alias_entry)) || !sums.allocate(n * sizeof(std::uint64_t))
       || !mass.allocate(k * sizeof(std::uint64_t)) || !heavy_before.allocate(n * sizeof(std::uint32_t))
       || !index.allocate(k * sizeof(std::uint32_t)))
        return ROCDIST_STATUS_ALLOCATION_FAILED;
    auto* s = sums.as<std::uint64_t>();
    auto* h = heavy_before.as<std::uint32_t>();

    scan_scratch scratch(stream);
    if(!scratch.reserve([&](void* t, std::size_t& b) { return inclusive_sum(t, b, s, n, stream); })
       || !scratch.reserve([&](void* t, std::size_t& b) { return exclusive_sum(t, b, s, n, stream); })
       || !scratch.reserve([&](void* t, std::size_t& b) { return exclusive_sum(t, b, h, n, stream); }))
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    if(!scratch.allocate())
        return ROCDIST_STATUS_ALLOCATION_FAILED;

    // Fixed point and its prefix sums; the total sets the mass scale.
    std::uint64_t total_fixed = 0;
    if(!launched(ROCDIST_LAUNCH(fixed_point_kernel, grid_blocks<fixed_point_kernel<T>>(device, k), threads_per_block, 0, stream, weights,
                                std::uint64_t(k), distributions::make_fixed_point_scale(largest, k), s))
       || !scratch.run([&](void* t, std::size_t& b) { return inclusive_sum(t, b, s, k, stream); })
       || !read_back(&total_fixed, s + (k - 1), sizeof total_fixed))
        return ROCDIST_STATUS_LAUNCH_FAILURE;

    // Masses, then lights and heavies in index order.
    std::uint32_t heavies = 0;
    if(!launched(ROCDIST_LAUNCH(mass_kernel, grid_blocks<mass_kernel>(device, n), threads_per_block, 0, stream, s, std::uint64_t(k),
                                distributions::make_mass_scale(total_fixed, k), mass.as<std::uint64_t>(), h))
       || !scratch.run([&](void* t, std::size_t& b) { return exclusive_sum(t, b, h, n, stream); })
       || !read_back(&heavies, h + k, sizeof heavies))
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    const std::uint64_t lights = k - heavies;
    if(!launched(ROCDIST_LAUNCH(partition_kernel, grid_blocks<partition_kernel>(device, n), threads_per_block, 0, stream,
                                mass.as<std::uint64_t>(), h, std::uint64_t(k), lights, index.as<std::uint32_t>(), s))
       || !scratch.run([&](void* t, std::size_t& b) { return exclusive_sum(t, b, s, lights + 1, stream); }))
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    if(heavies > 0
       && !scratch.run([&](void* t, std::size_t& b) { return inclusive_sum(t, b, s + lights + 1, heavies, stream); }))
        return ROCDIST_STATUS_LAUNCH_FAILURE;

    const distributions::alias_split_input in{index.as<std::uint32_t>(), s, lights,
                                              index.as<std::uint32_t>() + lights, s + lights + 1, heavies};
    const std::uint64_t sweepers = (k + columns_per_thread - 1) / columns_per_thread;
    if(!launched(ROCDIST_LAUNCH(sweep_kernel, grid_blocks<sweep_kernel>(device, sweepers), threads_per_block, 0, stream, in,
                                std::uint64_t(k), entries.as<alias_entry>()))
       || hipStreamSynchronize(stream) != hipSuccess)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    *table = static_cast<alias_entry*>(entries.release());
    return ROCDIST_STATUS_SUCCESS;
}

} // namespace

template <class T>
rocdist_status build_alias_table(const device_info& device, void* stream, const T* weights, std::uint32_t k,
                                 alias_entry** table)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return build(device, static_cast<hipStream_t>(stream), weights, k, table);
}

// The table's users are generate calls on any stream of the device; cudaFree
// only "may" wait for them.
void free_device_memory(int ordinal, void* p)
{
    device_guard guard(ordinal);
    (void)hipDeviceSynchronize();
    (void)hipFree(p);
}

template ROCDIST_KERNEL_SOURCE_API rocdist_status build_alias_table<float>(const device_info&, void*, const float*,
                                                                           std::uint32_t, alias_entry**);
template ROCDIST_KERNEL_SOURCE_API rocdist_status build_alias_table<double>(const device_info&, void*,
                                                                            const double*, std::uint32_t,
                                                                            alias_entry**);

} // namespace rocdist::gpu
