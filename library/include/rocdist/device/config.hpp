// The platform macros of rocdist's device code: the engine, the per-element
// distributions and the stream's block functors under rocdist/device/, which
// the library's backends and users' kernels (rocdist/rocdist_kernel.h) compile
// alike, with a GPU compiler (nvcc, hipcc) or a host one. Everything else tests
// the macros below with #if; each is always 0 or 1. The library's build
// choices (GPU backend, launch shapes) are in its own src/build_config.hpp.
#pragma once

// Device compilation: nvcc (CUDA; ROCDIST_GPU_CUDA_COMPILER) or clang in HIP
// mode (AMD).
#if defined(__CUDACC__) && !defined(__HIP__)
#define ROCDIST_GPU_CUDA_COMPILER 1
#else
#define ROCDIST_GPU_CUDA_COMPILER 0
#endif
#if defined(__CUDACC__) || defined(__HIP__)
#define ROCDIST_GPU_COMPILER 1
#else
#define ROCDIST_GPU_COMPILER 0
#endif

// The device pass of a GPU compiler, as opposed to its host pass over the
// same source: the one place where code may pick device-only data.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCDIST_DEVICE_PASS 1
#else
#define ROCDIST_DEVICE_PASS 0
#endif

// Code that runs in GPU kernels: a device pass, or the emulated platform's
// kernel libraries (compiled as GPUs compile; cmake/gpu_platform.cmake), so
// that what kernels compute differently from the host backend is tested.
#if ROCDIST_DEVICE_PASS || defined(ROCDIST_BUILD_EMULATED_KERNELS)
#define ROCDIST_KERNEL_CODE 1
#else
#define ROCDIST_KERNEL_CODE 0
#endif

// Set bits of a 64-bit word, on host and device: GCC's and Clang's builtin
// (Clang's HIP device pass included), nvcc's intrinsic in its device pass.
#if defined(__CUDA_ARCH__)
#define ROCDIST_POPCOUNT64(x) static_cast<unsigned>(__popcll(x))
#else
#define ROCDIST_POPCOUNT64(x) static_cast<unsigned>(__builtin_popcountll(x))
#endif

// The index of the lowest set bit of a nonzero 32-bit word, likewise.
#if defined(__CUDA_ARCH__)
#define ROCDIST_LOWEST_SET_BIT(x) static_cast<unsigned>(__ffs(x) - 1)
#else
#define ROCDIST_LOWEST_SET_BIT(x) static_cast<unsigned>(__builtin_ctz(x))
#endif

// Functions for host and device code, and tables in device memory.
#if ROCDIST_GPU_COMPILER
#define ROCDIST_DEVICE_TABLE static __device__ const
#define ROCDIST_HOST_DEVICE __host__ __device__ inline
#else
#define ROCDIST_HOST_DEVICE inline
#endif

// A function every caller must inline, where the compiler would keep one
// out-of-line copy for its several callers (a rejection sampler's attempt,
// whose call would cost its caller's loop more than the copy saves).
// (GCC, Clang, HIP's clang and nvcc all take the GNU attribute; CUDA's
// __forceinline__ would repeat the `inline` of ROCDIST_HOST_DEVICE.)
#define ROCDIST_FORCE_INLINE __attribute__((always_inline))

// Copies an object's bytes (type punning) in host and device code alike:
// the compiler builtin, which HIP's clang accepts in device code whatever
// the order in which <cstring> and the HIP headers were included, where
// std::memcpy may name the host function only.
#define ROCDIST_MEMCPY __builtin_memcpy

// Full unrolling of a loop with a constant trip count whose body indexes small
// arrays by the loop counter: left rolled (as compilers leave loops holding a
// rejection loop), the arrays are indexed dynamically and GPUs place them in
// local memory or scratch.
#if ROCDIST_DEVICE_PASS || defined(__clang__)
#define ROCDIST_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
// nvcc's host pass hands "unroll" to the host compiler, which does not know
// it; its host copies of device code are not what the host backend runs.
#define ROCDIST_UNROLL
#else
#define ROCDIST_UNROLL _Pragma("GCC unroll 16")
#endif

// A function kept out of line, so that a kernel's registers are budgeted
// for the kernel and the function apart (nvcc otherwise spills a long
// kernel's registers on sm_80).
#define ROCDIST_NOINLINE __attribute__((noinline))

// a * b rounded on its own, never fused with an add that follows into an
// FMA. GPU compilers contract a * b + c by default (so does the emulated
// platform, on purpose) and the host code is compiled not to
// (-ffp-contract=off, library/CMakeLists.txt); an expression whose value
// or branch must be the same on host and GPU is written with this. GPUs have
// an intrinsic; elsewhere the product passes through a register the
// optimiser cannot see into.
template <class T>
ROCDIST_HOST_DEVICE T unfused_mul(T a, T b)
{
#if ROCDIST_DEVICE_PASS
    if constexpr(sizeof(T) == sizeof(float))
        return __fmul_rn(a, b);
    else
        return __dmul_rn(a, b);
#else
    T p = a * b;
#if defined(__x86_64__)
    __asm__("" : "+x"(p));
#elif defined(__aarch64__)
    __asm__("" : "+w"(p));
#else
    __asm__("" : "+m"(p));
#endif
    return p;
#endif
}

// An approximate 1 / sqrt(x) for kernels that refine it, of x = 0 or a
// normal float: the GPUs' hardware estimate (CUDA documents 2 ulp for
// rsqrtf); elsewhere (the emulated platform's kernels, tests) the correctly
// rounded quotient. On NVIDIA GPUs the estimate instruction alone: rsqrtf
// adds a rescaling of subnormal arguments around it (four instructions on
// sm_90), and for 0 and normal floats both give the same bits.
#if ROCDIST_DEVICE_PASS && defined(__CUDA_ARCH__)
__device__ inline float rocdist_rsqrt_estimate(float x)
{
    float y;
    asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
#define ROCDIST_RSQRTF(x) rocdist_rsqrt_estimate(x)
#elif ROCDIST_DEVICE_PASS
#define ROCDIST_RSQRTF(x) rsqrtf(x)
#else
#define ROCDIST_RSQRTF(x) (1.0f / std::sqrt(x))
#endif

// Sine and cosine of a float angle in [-pi, pi] by the GPU's hardware
// approximation, for the fast Box-Muller: CUDA's __sincosf, whose absolute
// error CUDA documents (below 2^-21.41 for the sine and 2^-21.19 for the
// cosine on [-pi, pi]), an FMUL and two MUFU instructions on sm_90 where the
// kernels' own sine and cosine take about 25. The emulated platform's
// kernels take correctly rounded values in its place, so that the code
// around it runs in CI. AMD does not document the error of its hardware sine,
// so HIP's device pass has none, and the fast Box-Muller computes as the
// default there.
#if ROCDIST_DEVICE_PASS && defined(__CUDA_ARCH__)
#define ROCDIST_HAS_HARDWARE_SINCOSF 1
#define ROCDIST_HARDWARE_SINCOSF(x, sine, cosine) __sincosf(x, &(sine), &(cosine))
#elif defined(ROCDIST_BUILD_EMULATED_KERNELS)
#define ROCDIST_HAS_HARDWARE_SINCOSF 1
#define ROCDIST_HARDWARE_SINCOSF(x, sine, cosine)                                                  \
    ((sine) = static_cast<float>(std::sin(static_cast<double>(x))),                                  \
     (cosine) = static_cast<float>(std::cos(static_cast<double>(x))))
#else
#define ROCDIST_HAS_HARDWARE_SINCOSF 0
#endif

// Warp collectives for the device API's cooperative samplers: CUDA's take
// the mask of the lanes that call them (32 bits); HIP's, on AMD GPUs and on
// the emulated platform, are 64 bits wide and warp-wide. Expanded only in
// code that a kernel language compiles (rocdist/rocdist_kernel.h decides,
// where the kernel language's header has been included).
#if ROCDIST_GPU_CUDA_COMPILER
#define ROCDIST_WARP_ACTIVE() static_cast<std::uint64_t>(__activemask())
#define ROCDIST_WARP_BALLOT(mask, p) static_cast<std::uint64_t>(__ballot_sync(static_cast<unsigned>(mask), p))
#define ROCDIST_WARP_SHFL(mask, v, lane) __shfl_sync(static_cast<unsigned>(mask), v, static_cast<int>(lane))
#else
#define ROCDIST_WARP_ACTIVE() static_cast<std::uint64_t>(__ballot(1))
#define ROCDIST_WARP_BALLOT(mask, p) static_cast<std::uint64_t>(__ballot(p))
#define ROCDIST_WARP_SHFL(mask, v, lane) __shfl(v, static_cast<int>(lane))
#endif
