// Device-wide prefix sums, in place, on a stream: rocPRIM on AMD, CUB on
// NVIDIA. Both scans are deterministic (integer sums). Call once with
// temporary == nullptr to learn the scratch size, as both libraries do.
#pragma once

#include <cstddef>

#include "backend/gpu/runtime.hpp"

#if ROCDIST_GPU_HIP
// rocPRIM 5.3's debug output uses std::cout without including <iostream>.
#include <iostream>

#include <rocprim/device/device_scan.hpp>
#else
#include <cub/device/device_scan.cuh>
#endif

namespace rocdist::gpu
{

template <class T>
hipError_t inclusive_sum(void* temporary, std::size_t& bytes, T* data, std::size_t n, hipStream_t stream)
{
#if ROCDIST_GPU_HIP
    return rocprim::inclusive_scan(temporary, bytes, data, data, n, rocprim::plus<T>(), stream);
#else
    return cub::DeviceScan::InclusiveSum(temporary, bytes, data, data, n, stream);
#endif
}

template <class T>
hipError_t exclusive_sum(void* temporary, std::size_t& bytes, T* data, std::size_t n, hipStream_t stream)
{
#if ROCDIST_GPU_HIP
    return rocprim::exclusive_scan(temporary, bytes, data, data, T(0), n, rocprim::plus<T>(), stream);
#else
    return cub::DeviceScan::ExclusiveSum(temporary, bytes, data, data, n, stream);
#endif
}

} // namespace rocdist::gpu
