// The HIP runtime names rocdist uses, mapped onto CUDA for the NVIDIA build.
// Debian's HIP 5.2 NVIDIA headers do not compile against CUDA 13, so the
// project maps the few names it needs itself.
#pragma once

#include <cstdint>

#include "config.hpp"

#if ROCDIST_GPU_HIP
#include <hip/hip_runtime.h>
#elif ROCDIST_GPU_CUDA
#include <cuda_runtime.h>

using hipError_t  = cudaError_t;
using hipStream_t = cudaStream_t;
constexpr hipError_t hipSuccess = cudaSuccess;
constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
constexpr unsigned int hipStreamNonBlocking = cudaStreamNonBlocking;
constexpr cudaDeviceAttr hipDeviceAttributeMultiprocessorCount = cudaDevAttrMultiProcessorCount;
constexpr cudaDeviceAttr hipDeviceAttributeWarpSize           = cudaDevAttrWarpSize;

#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipFree cudaFree
#define hipGetDevice cudaGetDevice
#define hipGetDeviceCount cudaGetDeviceCount
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
#define hipSetDevice cudaSetDevice
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamQuery cudaStreamQuery
#define hipStreamSynchronize cudaStreamSynchronize
#else
#error "runtime.hpp is only for GPU builds"
#endif

namespace rocdist::gpu
{

// True when p is memory that kernels on `device` can write: that device's
// memory, managed memory, or pinned host memory mapped into the device's
// address space. Another device's memory is refused: writing it needs peer
// access, which rocdist does not set up or check.
inline bool is_device_accessible(const void* p, int device)
{
#if ROCDIST_GPU_HIP
    hipPointerAttribute_t attr{};
    if(hipPointerGetAttributes(&attr, p) != hipSuccess)
    {
        (void)hipGetLastError(); // HIP 5 reports unregistered host memory as an error
        return false;
    }
    return attr.isManaged || (attr.memoryType == hipMemoryTypeDevice && attr.device == device)
           || (attr.memoryType == hipMemoryTypeHost && attr.devicePointer == p);
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
#endif

} // namespace rocdist::gpu
