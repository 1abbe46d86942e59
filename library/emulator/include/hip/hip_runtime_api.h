/* The HIP runtime API as rocdist's emulated GPU platform provides it: the
 * part that rocdist, its tests, bench and examples call, under HIP's own
 * names and with C linkage, so that code written against HIP compiles
 * unchanged against the emulator (C99 and C++). Semantics follow CUDA's
 * documentation where HIP's and CUDA's differ in what a caller may rely on,
 * choosing what a caller may *not* rely on wherever CUDA says "may" (see
 * docs/emulated_gpu.md). The layout of hipPointerAttribute_t, and
 * hipStreamGetDevice, are those of ROCm 6, whose version this header states. */
#ifndef ROCDIST_EMULATOR_HIP_RUNTIME_API_H
#define ROCDIST_EMULATOR_HIP_RUNTIME_API_H

#include <stddef.h>

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

/* Marks the emulator for code that has to know (test hooks, docs). */
#define ROCDIST_EMULATED_HIP 1

#if defined(__GNUC__)
#define ROCDIST_EMULATOR_API __attribute__((visibility("default")))
#else
#define ROCDIST_EMULATOR_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipError_t
{
    hipSuccess                     = 0,
    hipErrorInvalidValue           = 1,
    hipErrorOutOfMemory            = 2,
    hipErrorInvalidConfiguration   = 9,
    hipErrorInvalidDevicePointer   = 17,
    hipErrorInvalidMemcpyDirection = 21,
    hipErrorNoDevice               = 100,
    hipErrorInvalidDevice          = 101,
    hipErrorInvalidHandle          = 400,
    hipErrorNotReady               = 600,
    hipErrorLaunchOutOfResources   = 701,
    hipErrorContextIsDestroyed     = 709,
    hipErrorLaunchFailure          = 719,
    hipErrorNotSupported           = 801,
    hipErrorUnknown                = 999
} hipError_t;

typedef enum hipDeviceAttribute_t
{
    hipDeviceAttributeMaxThreadsPerBlock,
    hipDeviceAttributeMultiprocessorCount,
    hipDeviceAttributeWarpSize
} hipDeviceAttribute_t;

typedef enum hipMemcpyKind
{
    hipMemcpyHostToHost     = 0,
    hipMemcpyHostToDevice   = 1,
    hipMemcpyDeviceToHost   = 2,
    hipMemcpyDeviceToDevice = 3,
    hipMemcpyDefault        = 4
} hipMemcpyKind;

typedef enum hipMemoryType
{
    hipMemoryTypeUnregistered = 0,
    hipMemoryTypeHost         = 1,
    hipMemoryTypeDevice       = 2,
    hipMemoryTypeManaged      = 3
} hipMemoryType;

typedef struct hipPointerAttribute_t
{
    hipMemoryType type;
    int           device;
    void*         devicePointer;
    void*         hostPointer;
    int           isManaged;
    unsigned int  allocationFlags;
} hipPointerAttribute_t;

typedef int                   hipDevice_t;
typedef struct ihipStream_t*  hipStream_t;
typedef struct ihipEvent_t*   hipEvent_t;

#define hipStreamDefault     0x00u
#define hipStreamNonBlocking 0x01u
#define hipHostMallocDefault 0x00u
#define hipMemAttachGlobal   0x01u

/* Devices (ROCDIST_EMULATED_DEVICES, _MULTIPROCESSORS, _WARP_SIZE). */
ROCDIST_EMULATOR_API hipError_t hipGetDeviceCount(int* count);
ROCDIST_EMULATOR_API hipError_t hipGetDevice(int* device);
ROCDIST_EMULATOR_API hipError_t hipSetDevice(int device);
ROCDIST_EMULATOR_API hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device);
ROCDIST_EMULATOR_API hipError_t hipDeviceSynchronize(void);
/* An emulated multiprocessor holds 2048 threads, as NVIDIA's and AMD's data
   centre GPUs do: 2048 / blockSize blocks of any kernel. */
ROCDIST_EMULATOR_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f,
                                                                             int blockSize,
                                                                             size_t dynSharedMemPerBlk);

/* Events: a record is queued on its stream and stamps the host's steady
   clock when the stream reaches it, so the time between two records on one
   stream is that of the work queued between them. hipEventSynchronize
   waits for the recording stream's work queued so far. */
#define hipEventDefault        0x0u
#define hipEventBlockingSync   0x1u
#define hipEventDisableTiming  0x2u
ROCDIST_EMULATOR_API hipError_t hipEventCreate(hipEvent_t* event);
ROCDIST_EMULATOR_API hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags);
ROCDIST_EMULATOR_API hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream);
ROCDIST_EMULATOR_API hipError_t hipEventSynchronize(hipEvent_t event);
ROCDIST_EMULATOR_API hipError_t hipEventQuery(hipEvent_t event);
ROCDIST_EMULATOR_API hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);
ROCDIST_EMULATOR_API hipError_t hipEventDestroy(hipEvent_t event);

/* Errors: the calling thread's last error, as CUDA keeps it. */
ROCDIST_EMULATOR_API hipError_t  hipGetLastError(void);
ROCDIST_EMULATOR_API hipError_t  hipPeekAtLastError(void);
ROCDIST_EMULATOR_API const char* hipGetErrorName(hipError_t error);
ROCDIST_EMULATOR_API const char* hipGetErrorString(hipError_t error);

/* Memory (ROCDIST_EMULATED_MEMORY_BYTES per device). */
ROCDIST_EMULATOR_API hipError_t hipMalloc(void** pointer, size_t bytes);
ROCDIST_EMULATOR_API hipError_t hipMallocManaged(void** pointer, size_t bytes, unsigned int flags);
ROCDIST_EMULATOR_API hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned int flags);
ROCDIST_EMULATOR_API hipError_t hipFree(void* pointer);
ROCDIST_EMULATOR_API hipError_t hipHostFree(void* pointer);
ROCDIST_EMULATOR_API hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes);
ROCDIST_EMULATOR_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* pointer);
ROCDIST_EMULATOR_API hipError_t hipMemcpy(void* to, const void* from, size_t bytes, hipMemcpyKind kind);
ROCDIST_EMULATOR_API hipError_t hipMemcpyAsync(void* to, const void* from, size_t bytes, hipMemcpyKind kind,
                                               hipStream_t stream);
ROCDIST_EMULATOR_API hipError_t hipMemset(void* to, int value, size_t bytes);
ROCDIST_EMULATOR_API hipError_t hipMemsetAsync(void* to, int value, size_t bytes, hipStream_t stream);

/* Streams. NULL is the current device's legacy default stream. */
ROCDIST_EMULATOR_API hipError_t hipStreamCreate(hipStream_t* stream);
ROCDIST_EMULATOR_API hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
ROCDIST_EMULATOR_API hipError_t hipStreamDestroy(hipStream_t stream);
ROCDIST_EMULATOR_API hipError_t hipStreamQuery(hipStream_t stream);
ROCDIST_EMULATOR_API hipError_t hipStreamSynchronize(hipStream_t stream);
ROCDIST_EMULATOR_API hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device);
ROCDIST_EMULATOR_API hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);

#ifdef __cplusplus
} /* extern "C" */

/* HIP's C++ conveniences: typed pointers for the allocation calls. */
template <class T>
inline hipError_t hipMalloc(T** pointer, size_t bytes)
{
    return hipMalloc(reinterpret_cast<void**>(pointer), bytes);
}
template <class T>
inline hipError_t hipMallocManaged(T** pointer, size_t bytes, unsigned int flags = hipMemAttachGlobal)
{
    return hipMallocManaged(reinterpret_cast<void**>(pointer), bytes, flags);
}
template <class T>
inline hipError_t hipHostMalloc(T** pointer, size_t bytes, unsigned int flags = hipHostMallocDefault)
{
    return hipHostMalloc(reinterpret_cast<void**>(pointer), bytes, flags);
}
#endif

#endif
