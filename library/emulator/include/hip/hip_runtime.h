// The kernel language of rocdist's emulated GPU platform: HIP's keywords,
// built-in variables, warp and block collectives, atomics and vector types
// for kernels compiled by the host C++ compiler, and the launch that runs
// them on the emulated device (one fiber per lane, see docs/emulated_gpu.md).
#pragma once

#include <hip/hip_runtime_api.h>

// Code that includes this header is in a kernel language with HIP's warp
// collectives (rocdist/device/config.hpp: the device API's cooperative
// samplers).
#define ROCDIST_EMULATED_KERNEL_LANGUAGE 1

#ifdef __cplusplus

#include <cstdint>
#include <cstring>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

// Kernels and device functions are plain host functions here.
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
// A block's lanes all run on one worker thread, one block at a time, so a
// thread_local (implicitly static at block scope) is exactly one per block.
// Dynamic shared memory is not emulated: launches asking for it fail.
#define __shared__ thread_local

struct dim3
{
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};

struct uint3
{
    unsigned int x, y, z;
};

struct alignas(8) uint2
{
    unsigned int x, y;
};
struct alignas(16) uint4
{
    unsigned int x, y, z, w;
};
struct alignas(16) float4
{
    float x, y, z, w;
};
struct alignas(16) double2
{
    double x, y;
};
inline uint2 make_uint2(unsigned int x, unsigned int y)
{
    return {x, y};
}
inline uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w)
{
    return {x, y, z, w};
}
inline float4 make_float4(float x, float y, float z, float w)
{
    return {x, y, z, w};
}
inline double2 make_double2(double x, double y)
{
    return {x, y};
}

// HIP's C++ overload of the occupancy query: the kernel as itself.
template <class Kernel>
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, Kernel kernel, int blockSize,
                                                       std::size_t dynSharedMemPerBlk)
{
    return hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, reinterpret_cast<const void*>(kernel), blockSize,
                                                       dynSharedMemPerBlk);
}

namespace rocdist_emulator
{

// What the running lane sees as its built-in variables.
struct lane_view
{
    uint3        thread_idx;
    uint3        block_idx;
    dim3         block_dim;
    dim3         grid_dim;
    unsigned int warp_size;
};

// The lane running on this thread; only valid inside a kernel.
ROCDIST_EMULATOR_API const lane_view& this_lane();

// Collectives. Every live lane of the warp (ballot, shuffle) or block
// (barrier) must arrive at the same source position; lanes that have exited
// count as not voting. A mismatch faults the launch ("divergent
// collective"). A shuffle hands each lane the bits posted by lane
// (src_lane mod width) of its width-sized segment of the warp, and 0 where
// that lane has exited or lies beyond a partial warp's end (a GPU leaves
// those undefined); a width that is not a power of two no larger than the
// warp size faults the launch.
ROCDIST_EMULATOR_API unsigned long long warp_ballot(int predicate, const char* file, int line);
ROCDIST_EMULATOR_API unsigned long long warp_shuffle(unsigned long long bits, int src_lane, int width,
                                                     const char* file, int line);
ROCDIST_EMULATOR_API void               block_barrier(const char* file, int line);

// A value through a shuffle as its bits, so that every type arrives exact.
template <class T>
T shuffled(T var, int src_lane, int width, const char* file, int line)
{
    static_assert(sizeof(T) <= sizeof(unsigned long long));
    unsigned long long bits = 0;
    std::memcpy(&bits, &var, sizeof var);
    bits = warp_shuffle(bits, src_lane, width, file, line);
    std::memcpy(&var, &bits, sizeof var);
    return var;
}

// A kernel bound to its arguments, run once per lane.
class kernel_body
{
public:
    virtual ~kernel_body()  = default;
    virtual void run_lane() = 0;
};

template <class Body, class... Args>
class bound_kernel final : public kernel_body
{
public:
    bound_kernel(Body body, Args... args) : body_(std::move(body)), args_(std::move(args)...) {}
    // Each lane gets its own copies of the arguments, as GPU threads do.
    void run_lane() override
    {
        std::apply([this](const Args&... a) { body_(a...); }, args_);
    }

private:
    Body                body_;
    std::tuple<Args...> args_;
};

// Queues the kernel on `stream`. Like <<<>>>, it returns nothing: a launch
// that cannot be queued (bad configuration, unknown stream, a stream of
// another device, injected failure) sets the calling thread's last error.
ROCDIST_EMULATOR_API void submit_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes,
                                        hipStream_t stream, std::unique_ptr<kernel_body> body);

// The arguments are evaluated and copied here, on the host, as for <<<>>>.
template <class Body, class... Args>
void launch(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, hipStream_t stream, Body body,
            Args&&... args)
{
    submit_kernel(name, grid, block, shared_bytes, stream,
                  std::make_unique<bound_kernel<Body, std::decay_t<Args>...>>(std::move(body),
                                                                             std::forward<Args>(args)...));
}

} // namespace rocdist_emulator

// HIP's launch macro, for kernels that users write (the device API's
// example): a kernel template's name with its arguments goes in
// parentheses, as with HIP's own macro.
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...)                               \
    ::rocdist_emulator::launch(#kernel, dim3(grid), dim3(block), shared, stream,                   \
                               [](const auto&... a) { kernel(a...); }, __VA_ARGS__)

#define threadIdx (::rocdist_emulator::this_lane().thread_idx)
#define blockIdx (::rocdist_emulator::this_lane().block_idx)
#define blockDim (::rocdist_emulator::this_lane().block_dim)
#define gridDim (::rocdist_emulator::this_lane().grid_dim)
#define warpSize (static_cast<int>(::rocdist_emulator::this_lane().warp_size))

// HIP's 64-bit ballot (bit l for lane l; lanes 32..63 are 0 on 32-lane
// warps). The default arguments name the caller's source position.
inline unsigned long long __ballot(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE())
{
    return ::rocdist_emulator::warp_ballot(predicate, file, line);
}

// HIP's warp shuffle (see warp_shuffle) for 32- and 64-bit integers, float
// and double; its long and half overloads are not emulated. The default
// arguments name the caller's source position.
inline int __shfl(int var, int src_lane, int width = warpSize, const char* file = __builtin_FILE(),
                  int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}
inline unsigned int __shfl(unsigned int var, int src_lane, int width = warpSize, const char* file = __builtin_FILE(),
                           int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}
inline long long __shfl(long long var, int src_lane, int width = warpSize, const char* file = __builtin_FILE(),
                        int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}
inline unsigned long long __shfl(unsigned long long var, int src_lane, int width = warpSize,
                                 const char* file = __builtin_FILE(), int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}
inline float __shfl(float var, int src_lane, int width = warpSize, const char* file = __builtin_FILE(),
                    int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}
inline double __shfl(double var, int src_lane, int width = warpSize, const char* file = __builtin_FILE(),
                     int line = __builtin_LINE())
{
    return ::rocdist_emulator::shuffled(var, src_lane, width, file, line);
}

inline void __syncthreads(const char* file = __builtin_FILE(), int line = __builtin_LINE())
{
    ::rocdist_emulator::block_barrier(file, line);
}

// A fence at device scope. On a GPU it orders a block's writes before its
// relaxed atomics, and its reads after them, for another block that counts
// on the same atomic. Blocks run on threads here and every atomic below is
// sequentially consistent, which gives that order already (and is what
// ThreadSanitizer follows), so the fence has nothing left to do.
inline void __threadfence() {}

// Bit and reinterpretation intrinsics.
inline int __popcll(unsigned long long x)
{
    return __builtin_popcountll(x);
}
inline int __ffs(int x)
{
    return __builtin_ffs(x);
}
inline long long __double_as_longlong(double x)
{
    long long r;
    std::memcpy(&r, &x, sizeof r);
    return r;
}

// The atomics rocdist's kernels use, on device memory: blocks run on
// different threads, so these are real atomic read-modify-writes
// (sequentially consistent, stronger than a GPU's relaxed device-scope
// atomics). Each returns the old value.
template <class T>
inline T atomicAdd(T* address, T value)
{
    if constexpr(std::is_integral_v<T>)
        return __atomic_fetch_add(address, value, __ATOMIC_SEQ_CST);
    else
    {
        T old = __atomic_load_n(address, __ATOMIC_SEQ_CST);
        while(!__atomic_compare_exchange_n(address, &old, old + value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        {
        }
        return old;
    }
}
template <class T>
inline T atomicOr(T* address, T value)
{
    return __atomic_fetch_or(address, value, __ATOMIC_SEQ_CST);
}
template <class T>
inline T atomicMax(T* address, T value)
{
    T old = __atomic_load_n(address, __ATOMIC_SEQ_CST);
    while(old < value
          && !__atomic_compare_exchange_n(address, &old, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    {
    }
    return old;
}

#endif // __cplusplus
