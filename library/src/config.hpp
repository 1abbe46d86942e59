// The one place that knows which compiler and GPU platform is building rocdist.
// Everything else tests the macros below with #if; each is always 0 or 1.
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

// Every rocdist kernel is launched with ROCDIST_THREADS_PER_BLOCK threads and
// says so to the compiler (ROCDIST_KERNEL): without the bound, hipcc assumes
// blocks of 1024 threads, caps registers to fit them and spills. 256 threads
// is a multiple of both warp sizes.
#define ROCDIST_THREADS_PER_BLOCK 256
#if ROCDIST_GPU_COMPILER
#define ROCDIST_DEVICE_TABLE static __device__ const
#define ROCDIST_HOST_DEVICE __host__ __device__ inline
#define ROCDIST_KERNEL __global__ __launch_bounds__(ROCDIST_THREADS_PER_BLOCK)
// A kernel that must keep `blocks` blocks resident per multiprocessor (or as
// many as the SM holds), which caps its registers. NVIDIA's bound counts blocks; AMD's second argument
// counts waves per SIMD instead, and AMD's budget is VGPRs, which the plain
// bound already fits: there it is the plain bound.
#if ROCDIST_GPU_CUDA_COMPILER
// Threads an SM of the architecture being compiled holds (the host pass
// checks nothing).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define ROCDIST_SM_THREADS 1024
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 890 || __CUDA_ARCH__ >= 1200)
#define ROCDIST_SM_THREADS 1536
#else
#define ROCDIST_SM_THREADS 2048
#endif
#define ROCDIST_KERNEL_RESIDENT(blocks)                                                            \
    __global__ __launch_bounds__(ROCDIST_THREADS_PER_BLOCK,                                        \
                                 (blocks) * ROCDIST_THREADS_PER_BLOCK <= ROCDIST_SM_THREADS         \
                                     ? (blocks)                                                     \
                                     : ROCDIST_SM_THREADS / ROCDIST_THREADS_PER_BLOCK)
#else
#define ROCDIST_KERNEL_RESIDENT(blocks) ROCDIST_KERNEL
#endif
#else
#define ROCDIST_HOST_DEVICE inline
// The emulated platform compiles kernels with the host compiler: plain functions.
#define ROCDIST_KERNEL
#define ROCDIST_KERNEL_RESIDENT(blocks)
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

// Which GPU backend this library was built with; CMake defines at most one
// ROCDIST_BUILD_GPU_* (see cmake/gpu_platform.cmake). The emulated platform
// runs the HIP kernel sources on the host (library/emulator), for tests.
#if defined(ROCDIST_BUILD_GPU_CUDA)
#define ROCDIST_GPU_CUDA 1
#else
#define ROCDIST_GPU_CUDA 0
#endif
#if defined(ROCDIST_BUILD_GPU_HIP)
#define ROCDIST_GPU_HIP 1
#else
#define ROCDIST_GPU_HIP 0
#endif
#if defined(ROCDIST_BUILD_GPU_EMULATED)
#define ROCDIST_GPU_EMULATED 1
#else
#define ROCDIST_GPU_EMULATED 0
#endif
#define ROCDIST_HAS_GPU_BACKEND (ROCDIST_GPU_CUDA || ROCDIST_GPU_HIP || ROCDIST_GPU_EMULATED)

#if ROCDIST_GPU_CUDA + ROCDIST_GPU_HIP + ROCDIST_GPU_EMULATED > 1
#error "rocdist is built for one GPU platform at a time"
#endif

// What host code calls in the GPU kernel sources. The emulated platform
// builds those sources into a library of their own, compiled with the
// GPUs' contraction of a * b + c into FMAs: their inline functions must not
// merge with the host backend's copies, so that library hides all else.
#if ROCDIST_GPU_EMULATED
#define ROCDIST_KERNEL_SOURCE_API __attribute__((visibility("default")))
#else
#define ROCDIST_KERNEL_SOURCE_API
#endif

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

// An approximate 1 / sqrt(x) for kernels that refine it: the GPUs' hardware
// estimate (CUDA documents 2 ulp for rsqrtf); elsewhere (the emulated
// platform's kernels, tests) the correctly rounded quotient.
#if ROCDIST_DEVICE_PASS
#define ROCDIST_RSQRTF(x) rsqrtf(x)
#else
#define ROCDIST_RSQRTF(x) (1.0f / std::sqrt(x))
#endif

// The host backend's vector kernels (backend/host/simd/) are written against
// Google Highway and compiled for these targets, chosen at run time; every
// other target runs the scalar functors. Both macros name Highway's target
// bits (hwy/detect_targets.h) and are expanded where Highway is included,
// after this header. SSSE3 and SSE4 are not compiled: they would only run
// the scalar functors, as the baseline does.
#define ROCDIST_HOST_SIMD_TARGETS                                                                  \
    (HWY_AVX2 | HWY_AVX3 | HWY_AVX3_DL | HWY_NEON | HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128)
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4)
