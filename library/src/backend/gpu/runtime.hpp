// The HIP runtime names rocdist uses, mapped onto CUDA for the NVIDIA build,
// and the one way kernels are launched. Debian's HIP 5.2 NVIDIA headers do
// not compile against CUDA 13, so the project maps the few names it needs
// itself. The emulated platform provides HIP's names (library/emulator).
#pragma once

#include <cstdint>

#include "build_config.hpp"

#if ROCDIST_GPU_HIP || ROCDIST_GPU_EMULATED
#include <hip/hip_runtime.h>
#elif ROCDIST_GPU_CUDA
#include <cuda_runtime.h>

using hipDeviceProp_t = cudaDeviceProp;
using hipError_t      = cudaError_t;
using hipEvent_t      = cudaEvent_t;
using hipStream_t     = cudaStream_t;
constexpr hipError_t hipSuccess = cudaSuccess;
constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
constexpr unsigned int hipStreamNonBlocking = cudaStreamNonBlocking;
constexpr cudaDeviceAttr hipDeviceAttributeMultiprocessorCount = cudaDevAttrMultiProcessorCount;
constexpr cudaDeviceAttr hipDeviceAttributeWarpSize           = cudaDevAttrWarpSize;

#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipDriverGetVersion cudaDriverGetVersion
#define hipEventCreate cudaEventCreate
#define hipEventDestroy cudaEventDestroy
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipFree cudaFree
#define hipGetDevice cudaGetDevice
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipMalloc cudaMalloc
#define hipMemGetInfo cudaMemGetInfo
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemset cudaMemset
#define hipMemsetAsync cudaMemsetAsync
#define hipOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipSetDevice cudaSetDevice
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamQuery cudaStreamQuery
#define hipStreamSynchronize cudaStreamSynchronize
#else
#error "runtime.hpp is only for GPU builds"
#endif

// Launches `kernel` and evaluates to the launch's own hipError_t. An error
// left by an earlier call, someone else's (a stream query's "not ready", a
// failed allocation of the caller's), is cleared first: reading it after the
// launch would report a launch that was queued, and ran, as failed.
#if ROCDIST_GPU_EMULATED
#define ROCDIST_LAUNCH(kernel, grid, block, shared, stream, ...)                                   \
    ((void)hipGetLastError(),                                                                      \
     ::rocdist_emulator::launch(#kernel, grid, block, shared, stream,                              \
                                [](const auto&... a) { kernel(a...); }, __VA_ARGS__),             \
     hipGetLastError())
#else
#define ROCDIST_LAUNCH(kernel, grid, block, shared, stream, ...)                                   \
    ((void)hipGetLastError(), kernel<<<grid, block, shared, stream>>>(__VA_ARGS__), hipGetLastError())
#endif

namespace rocdist::gpu
{

// True when p is memory that kernels on `device` can write: that device's
// memory, managed memory, or pinned host memory mapped into the device's
// address space. Another device's memory is refused: writing it needs peer
// access, which rocdist does not set up or check.
inline bool is_device_accessible(const void* p, int device)
{
#if ROCDIST_GPU_HIP || ROCDIST_GPU_EMULATED
    hipPointerAttribute_t attr{};
    if(hipPointerGetAttributes(&attr, p) != hipSuccess)
    {
        (void)hipGetLastError(); // HIP 5 reports unregistered host memory as an error
        return false;
    }
#if HIP_VERSION_MAJOR >= 6
    const hipMemoryType type    = attr.type; // ROCm 6 renamed memoryType and added a managed type
    const bool          managed = attr.isManaged || type == hipMemoryTypeManaged;
#else
    const hipMemoryType type    = attr.memoryType;
    const bool          managed = attr.isManaged;
#endif
    return managed || (type == hipMemoryTypeDevice && attr.device == device)
           || (type == hipMemoryTypeHost && attr.devicePointer == p);
#else
    cudaPointerAttributes attr{};
    if(cudaPointerGetAttributes(&attr, p) != cudaSuccess)
    {
        (void)cudaGetLastError();
        return false;
    }
    return attr.type == cudaMemoryTypeManaged || (attr.type == cudaMemoryTypeDevice && attr.device == device)
           || (attr.type == cudaMemoryTypeHost && attr.devicePointer == p);
#endif
}

enum class stream_query
{
    device_known,   // the runtime named the stream's device
    handle_unknown, // the runtime refused the handle
    not_available   // the runtime has no such question (HIP before ROCm 6, CUDA before 12.8)
};

// Which device `stream` belongs to (NULL: the current device's default stream).
inline stream_query stream_device(hipStream_t stream, int& device)
{
#if(ROCDIST_GPU_HIP || ROCDIST_GPU_EMULATED) && HIP_VERSION_MAJOR >= 6
    hipDevice_t d = 0;
    if(hipStreamGetDevice(stream, &d) != hipSuccess)
    {
        (void)hipGetLastError();
        return stream_query::handle_unknown;
    }
    device = d;
    return stream_query::device_known;
#elif ROCDIST_GPU_CUDA && CUDART_VERSION >= 12080
    if(cudaStreamGetDevice(stream, &device) != cudaSuccess)
    {
        (void)cudaGetLastError();
        return stream_query::handle_unknown;
    }
    return stream_query::device_known;
#else
    (void)stream, (void)device;
    return stream_query::not_available;
#endif
}

#if ROCDIST_GPU_COMPILER
// One bit per lane of the calling warp, set where `predicate` holds; every
// lane of the warp must call it. HIP's __ballot is 64 bits wide (wave64);
// CUDA's warps have 32 lanes.
__device__ inline std::uint64_t warp_ballot(bool predicate)
{
#if ROCDIST_GPU_HIP
    return __ballot(predicate);
#else
    return __ballot_sync(0xFFFFFFFFu, predicate);
#endif
}
#elif ROCDIST_GPU_EMULATED
// The emulator tells ballots apart by their caller's source position (a
// warp whose lanes wait at different ones has diverged).
inline std::uint64_t warp_ballot(bool predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE())
{
    return __ballot(predicate, file, line);
}
#endif

} // namespace rocdist::gpu
