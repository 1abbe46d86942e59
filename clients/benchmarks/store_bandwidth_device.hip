#include <cstdint>

#include "backend/gpu/runtime.hpp"
#include "store_bandwidth.hpp"

namespace rocdist_bench
{
namespace
{

// 16-byte stores, grid-stride: the widest plain store both vendors have.
ROCDIST_KERNEL void fill_kernel(uint4* out, std::size_t count)
{
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for(std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        out[i] = make_uint4(0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u);
}

// 16-byte loads, grid-stride, combined so that none is optimised away; the
// result is stored only when it equals an arbitrary constant, so that the
// kernel reads without a store per thread.
ROCDIST_KERNEL void read_kernel(const uint4* in, std::size_t count, unsigned* sink)
{
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    unsigned          sum    = 0;
    for(std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
    {
        const uint4 v = in[i];
        sum ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if(sum == 0x7fc00001u)
        *sink = sum;
}

int multiprocessors()
{
    int device = 0, count = 1;
    (void)hipGetDevice(&device);
    (void)hipDeviceGetAttribute(&count, hipDeviceAttributeMultiprocessorCount, device);
    return count;
}

} // namespace

void device_fill(void* out, std::size_t bytes)
{
    (void)ROCDIST_LAUNCH(fill_kernel, multiprocessors() * 8, 256, 0, nullptr, static_cast<uint4*>(out),
                         bytes / sizeof(uint4));
}

void device_memset(void* out, std::size_t bytes) { (void)hipMemsetAsync(out, 0x3f, bytes, nullptr); }

void device_read(const void* in, std::size_t bytes)
{
    static unsigned* sink = nullptr;
    if(sink == nullptr && hipMalloc(reinterpret_cast<void**>(&sink), sizeof(unsigned)) != hipSuccess)
        return;
    (void)ROCDIST_LAUNCH(read_kernel, multiprocessors() * 8, 256, 0, nullptr, static_cast<const uint4*>(in),
                         bytes / sizeof(uint4), sink);
}

} // namespace rocdist_bench
