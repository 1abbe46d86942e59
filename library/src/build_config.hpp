// The library's build choices: which GPU backend it is built with, how its
// kernels are launched, which host vector targets it compiles. The platform
// macros of code it shares with users' kernels (compiler, device pass,
// ROCDIST_HOST_DEVICE) are in rocdist/device/config.hpp, included here.
#pragma once

#include "rocdist/device/config.hpp"

// Every rocdist kernel is launched with ROCDIST_THREADS_PER_BLOCK threads and
// says so to the compiler (ROCDIST_KERNEL): without the bound, hipcc assumes
// blocks of 1024 threads, caps registers to fit them and spills. 256 threads
// is a multiple of both warp sizes.
#define ROCDIST_THREADS_PER_BLOCK 256
#if ROCDIST_GPU_COMPILER
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
// The emulated platform compiles kernels with the host compiler: plain functions.
#define ROCDIST_KERNEL
#define ROCDIST_KERNEL_RESIDENT(blocks)
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

// The host backend's vector kernels (backend/host/simd/) are written against
// Google Highway and compiled for these targets, chosen at run time; every
// other target runs the scalar functors. Both macros name Highway's target
// bits (hwy/detect_targets.h) and are expanded where Highway is included,
// after this header. SSSE3 and SSE4 are not compiled: they would only run
// the scalar functors, as the baseline does.
#define ROCDIST_HOST_SIMD_TARGETS                                                                  \
    (HWY_AVX2 | HWY_AVX3 | HWY_AVX3_DL | HWY_NEON | HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128)
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4)
// Of those targets, the ones without instructions that convert between
// 64-bit integers and doubles, whose Highway conversions take five or more
// instructions (backend/host/simd/small_integer_lanes.hpp).
#define ROCDIST_HOST_SIMD_NO_INT64_CONVERSIONS (HWY_AVX2)
// Of those targets, the x86 ones with AVX-512, whose instructions a few
// kernels call directly where Highway 1.0.3 adds work or has no
// operation: 64-bit conversions without saturation of the doubles out of
// range (small_integer_lanes.hpp), lookups in a 64-entry table by
// two-vector permutes (exp2_fixed_point_lanes.hpp).
#define ROCDIST_HOST_SIMD_AVX512_TARGETS (HWY_AVX3 | HWY_AVX3_DL)
