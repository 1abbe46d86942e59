// Kernels for every block functor, compiled by hipcc for AMD and by nvcc for
// NVIDIA from this same source. Each thread writes whole packets through
// backend::write_packet, the body the host backend runs too.
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/launch_status.hpp"
#include "backend/gpu/runtime.hpp"
#include "backend/packet_writer.hpp"
#include "backend/sampler_list.hpp"

namespace rocdist::gpu
{
namespace
{

// Whether a functor's 32-bit outputs are cheap enough that the stores bound
// its kernel: not so for gamma with a shape per element and beta, whose
// packets build their parameters or take their ratios in double, nor for
// the counts, whose arithmetic is double (reproducible_math.hpp): they do
// not fit the 32 registers of a full SM (cmake/kernel_resources.py).
template <class Functor>
[[maybe_unused]] constexpr bool store_bound = sizeof(typename Functor::value_type) == 4;
template <>
[[maybe_unused]] constexpr bool store_bound<blocks::gamma_shapes_functor<float>> = false;
template <>
[[maybe_unused]] constexpr bool store_bound<blocks::beta_functor<float>> = false;
template <class Parameters>
[[maybe_unused]] constexpr bool store_bound<blocks::count_functor<Parameters>> = false;

// Blocks of 256 threads each multiprocessor must hold: 8 (2048 threads, a
// full NVIDIA SM) for the aligned kernels of store-bound functors; for the
// others (0), what their registers allow.
template <class Functor, bool Shifted>
[[maybe_unused]] constexpr unsigned resident_blocks_goal = !Shifted && store_bound<Functor> ? 8 : 0;
// Binomial with a (trials, p) per element builds BTRS's constants in each
// thread: left to itself, ptxas holds the aligned kernel to 64 registers and
// spills on sm_90; at 3 blocks (85 registers) it spills nothing.
template <bool Shifted>
[[maybe_unused]] constexpr unsigned resident_blocks_goal<blocks::count_functor<blocks::binomial_arrays>, Shifted> = 3;

// Shifted: the stream offset and the output address are misaligned
// differently (plan.shift != 0), so each packet needs two engine blocks.
template <class Functor, bool Shifted>
ROCDIST_KERNEL_RESIDENT((resident_blocks_goal<Functor, Shifted>)) void generate_kernel(Functor f, typename Functor::value_type* out, backend::packet_plan plan)
{
    const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
    for(std::uint64_t q = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
        q < plan.packets;
        q += stride)
        backend::write_packet_shaped<Shifted>(f, out, plan, q);
}

// Whether a functor's aligned calls whose packets are all whole run
// generate_whole_packets: all but the float ziggurat's and float gamma's,
// whose kernels of that shape ptxas (CUDA 13.0, sm_90) spills to hold 32
// registers (gamma: its loop's index).
template <class Functor>
[[maybe_unused]] constexpr bool whole_packet_kernel = true;
template <>
[[maybe_unused]] constexpr bool whole_packet_kernel<blocks::normal_functor<ROCDIST_NORMAL_ZIGGURAT, float>> = false;
template <>
[[maybe_unused]] constexpr bool whole_packet_kernel<blocks::gamma_functor<float>> = false;

// The kernel of aligned calls (plan.shift == 0) whose packets are all whole:
// the output aligned like a packet (a = 0) and n a multiple of P, as large
// calls usually are. Each packet is one vector store, in a loop that steps
// only the block and the address, where generate_kernel's loop checks each
// packet's bounds and holds the partial stores: fewer instructions per
// packet in the sm_90 code of nvcc 13.0 (docs/design/gpu_throughput_model.md
// counts both loops; a count of the machine code, not a measured speed).
// The values are generate_kernel's. (Its shifted form, two blocks a
// packet, put the packet on the stack.)
template <class Functor>
ROCDIST_KERNEL_RESIDENT((resident_blocks_goal<Functor, false>)) void generate_whole_packets(
    Functor f, backend::packet<typename Functor::value_type, Functor::outputs_per_block>* out, std::uint64_t packets,
    std::uint64_t base_block)
{
    const std::uint64_t q = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if(q >= packets)
        return;
    // The grid is at most one wave of resident blocks (grid_blocks), so its
    // threads fit 32 bits; the loop ends on the address, not on a count of
    // its own (four instructions fewer per packet on sm_90 than stepping q).
    const std::uint32_t stride = gridDim.x * blockDim.x;
    const auto*         end    = out + packets;
    std::uint64_t       block  = base_block + q;
    for(auto* at = out + q; at < end; at += stride, block += stride)
        *at = backend::packet_values<false>(f, block, 0);
}

template <class Functor>
rocdist_status launch(const device_info& device, void* stream, const Functor& f,
                      typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    const backend::packet_plan plan
        = backend::make_packet_plan<Functor::outputs_per_block>(out, n, offset);
    const auto stream_handle = static_cast<hipStream_t>(stream);
    // The names the emulated platform gives the kernels in its messages.
    constexpr auto generate_kernel_aligned = generate_kernel<Functor, false>;
    constexpr auto generate_kernel_shifted = generate_kernel<Functor, true>;
    if constexpr(whole_packet_kernel<Functor>)
    {
        constexpr auto generate_whole_aligned = generate_whole_packets<Functor>;
        using packet_type = backend::packet<typename Functor::value_type, Functor::outputs_per_block>;
        if(plan.shift == 0 && plan.head_skip == 0 && plan.n % Functor::outputs_per_block == 0)
            return launch_status(ROCDIST_LAUNCH(generate_whole_aligned,
                                                grid_blocks<generate_whole_aligned>(device, plan.packets),
                                                threads_per_block, 0, stream_handle, f,
                                                reinterpret_cast<packet_type*>(out), plan.packets, plan.base_block));
    }
    if(plan.shift == 0)
        return launch_status(ROCDIST_LAUNCH(generate_kernel_aligned,
                                            grid_blocks<generate_kernel_aligned>(device, plan.packets),
                                            threads_per_block, 0, stream_handle, f, out, plan));
    return launch_status(ROCDIST_LAUNCH(generate_kernel_shifted,
                                        grid_blocks<generate_kernel_shifted>(device, plan.packets),
                                        threads_per_block, 0, stream_handle, f, out, plan));
}

} // namespace

rocdist_status query_current_device(device_info& info)
{
    int count = 0;
    if(hipGetDeviceCount(&count) != hipSuccess || count == 0)
    {
        (void)hipGetLastError();
        return ROCDIST_STATUS_NO_DEVICE;
    }
    if(hipGetDevice(&info.ordinal) != hipSuccess
       || hipDeviceGetAttribute(&info.multiprocessors, hipDeviceAttributeMultiprocessorCount, info.ordinal)
              != hipSuccess
       || hipDeviceGetAttribute(&info.warp_size, hipDeviceAttributeWarpSize, info.ordinal) != hipSuccess)
    {
        (void)hipGetLastError();
        return ROCDIST_STATUS_NO_DEVICE;
    }
    return ROCDIST_STATUS_SUCCESS;
}

rocdist_status check_output(const device_info& device, const void* p)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return is_device_accessible(p, device.ordinal) ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_WRONG_MEMORY;
}

// Only what can be asked without touching the stream's work: its device.
// A stream query would be undefined for a destroyed stream on CUDA, illegal
// on one being captured into a graph, and would leave "not ready" as the
// thread's last error.
rocdist_status check_stream(const device_info& device, void* stream)
{
    if(stream == nullptr)
        return ROCDIST_STATUS_SUCCESS;
    device_guard guard(device.ordinal); // special handles (per-thread streams) name the generator's device
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    int owner = -1;
    switch(stream_device(static_cast<hipStream_t>(stream), owner))
    {
    case stream_query::device_known:
        return owner == device.ordinal ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_INVALID_VALUE;
    case stream_query::handle_unknown: return ROCDIST_STATUS_INVALID_VALUE;
    case stream_query::not_available: break; // the caller's duty, as documented in rocdist.h
    }
    return ROCDIST_STATUS_SUCCESS;
}

template <class Functor>
rocdist_status generate(const device_info& device, void* stream, const Functor& f,
                        typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    return launch(device, stream, f, out, n, offset);
}

#define ROCDIST_INSTANTIATE_GENERATE(name)                                                         \
    template ROCDIST_KERNEL_SOURCE_API rocdist_status generate<samplers::name>(                     \
        const device_info&, void*, const samplers::name&, samplers::name::value_type*, std::size_t, std::uint64_t);
ROCDIST_BLOCK_SAMPLERS(ROCDIST_INSTANTIATE_GENERATE)

} // namespace rocdist::gpu
