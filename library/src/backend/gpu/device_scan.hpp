// Device-wide prefix sums, in place, on a stream: rocPRIM on AMD, CUB on
// NVIDIA, the project's tiled scan on the emulated platform. All are
// deterministic (integer sums). Call once with temporary == nullptr to learn
// the scratch size, as all three libraries do.
#pragma once

#include <cstddef>

#include "backend/gpu/runtime.hpp"

#if ROCDIST_GPU_HIP
// rocPRIM 5.3's debug output uses std::cout without including <iostream>.
#include <iostream>

#include <rocprim/device/device_scan.hpp>
#elif ROCDIST_GPU_CUDA
#include <cub/device/device_scan.cuh>
#else
#include "backend/gpu/tiled_scan.hpp"
#endif

namespace rocdist::gpu
{

template <class T>
hipError_t inclusive_sum(void* temporary, std::size_t& bytes, T* data, std::size_t n, hipStream_t stream)
{
#if ROCDIST_GPU_HIP
    return rocprim::inclusive_scan(temporary, bytes, data, data, n, rocprim::plus<T>(), stream);
#elif ROCDIST_GPU_CUDA
    return cub::DeviceScan::InclusiveSum(temporary, bytes, data, data, n, stream);
#else
    return tiled_scan::sum(temporary, bytes, data, n, true, stream);
#endif
}

template <class T>
hipError_t exclusive_sum(void* temporary, std::size_t& bytes, T* data, std::size_t n, hipStream_t stream)
{
#if ROCDIST_GPU_HIP
    return rocprim::exclusive_scan(temporary, bytes, data, data, T(0), n, rocprim::plus<T>(), stream);
#elif ROCDIST_GPU_CUDA
    return cub::DeviceScan::ExclusiveSum(temporary, bytes, data, data, n, stream);
#else
    return tiled_scan::sum(temporary, bytes, data, n, false, stream);
#endif
}

} // namespace rocdist::gpu
