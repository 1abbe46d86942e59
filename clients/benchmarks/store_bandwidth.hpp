// The store bandwidth that generation is measured against: the fastest fill
// of the same buffer, on the same backend, in the same run (on GPUs the
// faster of the bench's kernel and the runtime's memset); on GPUs also the
// read bandwidth that batched categorical sampling is measured against.
#pragma once

#include <cstddef>

#include "build_config.hpp"

namespace rocdist_bench
{

// Fills bytes of host memory on all cores (the host backend's threading).
void host_fill(void* out, std::size_t bytes);

#if ROCDIST_HAS_GPU_BACKEND
// Queues a fill of device memory by the bench's kernel of 16-byte stores;
// the caller synchronises.
ROCDIST_KERNEL_SOURCE_API void device_fill(void* out, std::size_t bytes);
// Queues the runtime's fill of device memory (hipMemsetAsync or
// cudaMemsetAsync), which may use stores the kernel cannot; the caller
// synchronises.
ROCDIST_KERNEL_SOURCE_API void device_memset(void* out, std::size_t bytes);
// Queues a read of bytes (a multiple of 16) of device memory, the read
// bandwidth that batched categorical sampling is measured against; the
// caller synchronises.
ROCDIST_KERNEL_SOURCE_API void device_read(const void* in, std::size_t bytes);
#endif

} // namespace rocdist_bench
