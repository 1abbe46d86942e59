# Picks the one GPU platform this build targets and enables its toolchain.
#
#   -DROCDIST_GPU=auto  (default) HIP when the C++ compiler is hipcc, else CUDA
#                       when nvcc is found, else none
#   -DROCDIST_GPU=none  host backend only; needs no GPU toolkit
#   -DROCDIST_GPU=cuda  NVIDIA via CMake's CUDA language
#                       (CMAKE_CUDA_ARCHITECTURES, default 75;80;90)
#   -DROCDIST_GPU=hip   AMD: configure with -DCMAKE_CXX_COMPILER=hipcc
#                       (AMDGPU_TARGETS, default gfx90a;gfx940;gfx942 where
#                       the compiler knows it;gfx1030)
#   -DROCDIST_GPU=emulated  the HIP kernel sources on an emulated device
#                       (library/emulator): for tests, never automatic,
#                       never packaged
#
# Sets ROCDIST_GPU_PLATFORM to none, cuda, hip or emulated.

set(ROCDIST_GPU "auto" CACHE STRING "GPU platform: auto, none, cuda, hip or emulated")
set_property(CACHE ROCDIST_GPU PROPERTY STRINGS auto none cuda hip emulated)

get_filename_component(_rocdist_cxx_name "${CMAKE_CXX_COMPILER}" NAME)
set(_rocdist_cxx_is_hipcc OFF)
if(_rocdist_cxx_name MATCHES "hipcc")
  set(_rocdist_cxx_is_hipcc ON)
endif()

if(ROCDIST_GPU STREQUAL "auto")
  if(_rocdist_cxx_is_hipcc)
    set(ROCDIST_GPU_PLATFORM hip)
  else()
    if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
      set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
    endif()
    include(CheckLanguage)
    check_language(CUDA)
    if(CMAKE_CUDA_COMPILER)
      set(ROCDIST_GPU_PLATFORM cuda)
    else()
      set(ROCDIST_GPU_PLATFORM none)
    endif()
  endif()
elseif(ROCDIST_GPU MATCHES "^(none|cuda|hip|emulated)$")
  set(ROCDIST_GPU_PLATFORM ${ROCDIST_GPU})
else()
  message(FATAL_ERROR "ROCDIST_GPU must be auto, none, cuda, hip or emulated, not '${ROCDIST_GPU}'")
endif()

# The kernels' compile commands, for cmake/kernel_resources.py.
if(ROCDIST_GPU_PLATFORM MATCHES "^(cuda|hip)$")
  set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
endif()

if(ROCDIST_GPU_PLATFORM STREQUAL "cuda")
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 75 80 90) # CUDA 13 supports sm_75 and newer only
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
elseif(ROCDIST_GPU_PLATFORM STREQUAL "hip")
  if(NOT _rocdist_cxx_is_hipcc)
    message(FATAL_ERROR "ROCDIST_GPU=hip needs -DCMAKE_CXX_COMPILER=hipcc: CMake 3.25's HIP "
                        "language does not find Debian's multiarch hip-lang package")
  endif()
  if(NOT DEFINED AMDGPU_TARGETS)
    # MI300-class GPUs (gfx942) where the compiler knows them (LLVM 17 and
    # newer; Debian 12's hipcc does not).
    include(CheckCXXCompilerFlag)
    check_cxx_compiler_flag("-xhip --offload-arch=gfx942" ROCDIST_HIPCC_KNOWS_GFX942)
    set(_rocdist_targets gfx90a gfx940 gfx1030)
    if(ROCDIST_HIPCC_KNOWS_GFX942)
      list(INSERT _rocdist_targets 2 gfx942)
    else()
      message(STATUS "hipcc does not know gfx942 (MI300): not among the default AMDGPU_TARGETS")
    endif()
    set(AMDGPU_TARGETS "${_rocdist_targets}" CACHE STRING "AMD GPU targets")
  endif()
  set(GPU_TARGETS "${AMDGPU_TARGETS}" CACHE STRING "AMD GPU targets" FORCE)
  find_package(hip REQUIRED CONFIG)
  # hipcc asks the machine's GPUs for a target whenever a compile or link
  # names none, which fails noisily on a build machine; name them everywhere.
  set(ROCDIST_HIP_OFFLOAD_FLAGS "")
  foreach(target ${AMDGPU_TARGETS})
    list(APPEND ROCDIST_HIP_OFFLOAD_FLAGS --offload-arch=${target})
  endforeach()
  # hipcc compiles a .cpp file as HIP, for every target and the host, unless
  # told otherwise; only the .hip sources hold device code
  # (rocdist_add_gpu_sources gives them -xhip, which comes after this).
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-xc++;${ROCDIST_HIP_OFFLOAD_FLAGS};-Wno-unused-command-line-argument>")
  add_link_options("$<$<LINK_LANGUAGE:CXX>:${ROCDIST_HIP_OFFLOAD_FLAGS}>")
elseif(ROCDIST_GPU_PLATFORM STREQUAL "emulated")
  # Kernels round as GPUs do: nvcc and hipcc contract a * b + c into fused
  # multiply-adds by default, so the emulated kernels are compiled that way.
  set(ROCDIST_EMULATED_KERNEL_FLAGS -ffp-contract=fast)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    list(APPEND ROCDIST_EMULATED_KERNEL_FLAGS -mfma)
  endif()
endif()

# Adds the platform's compile definition and GPU runtime to a target that
# includes library/src/build_config.hpp (the library, and tests that reach inside).
function(rocdist_use_gpu_platform target)
  if(ROCDIST_GPU_PLATFORM STREQUAL "cuda")
    target_compile_definitions(${target} PRIVATE ROCDIST_BUILD_GPU_CUDA=1)
    target_link_libraries(${target} PRIVATE CUDA::cudart_static)
  elseif(ROCDIST_GPU_PLATFORM STREQUAL "hip")
    target_compile_definitions(${target} PRIVATE ROCDIST_BUILD_GPU_HIP=1)
    target_link_libraries(${target} PRIVATE hip::host)
  elseif(ROCDIST_GPU_PLATFORM STREQUAL "emulated")
    target_compile_definitions(${target} PRIVATE ROCDIST_BUILD_GPU_EMULATED=1)
    target_link_libraries(${target} PRIVATE rocdist_emulator)
  endif()
endfunction()

# Marks GPU kernel sources (.hip) for the platform's device compiler. On the
# emulated platform they become a shared library of their own,
# <target>_kernels, compiled as GPUs compile (contraction into FMAs) with
# every symbol hidden but the ROCDIST_KERNEL_SOURCE_API entry points: their
# inline functions must not merge with the host code's own copies.
function(rocdist_add_gpu_sources target)
  if(ROCDIST_GPU_PLATFORM STREQUAL "emulated")
    set(kernels ${target}_kernels)
    add_library(${kernels} SHARED ${ARGN})
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CXX COMPILE_OPTIONS -xc++)
    target_include_directories(${kernels} PRIVATE $<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>)
    target_compile_definitions(${kernels} PRIVATE $<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>
                                                  ROCDIST_BUILD_EMULATED_KERNELS=1)
    target_compile_options(${kernels} PRIVATE $<TARGET_PROPERTY:${target},COMPILE_OPTIONS>
                                              ${ROCDIST_EMULATED_KERNEL_FLAGS})
    target_link_libraries(${kernels} PRIVATE rocdist_emulator)
    set_target_properties(${kernels} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
    target_link_libraries(${target} PRIVATE ${kernels})
    return()
  endif()
  if(ROCDIST_GPU_PLATFORM STREQUAL "cuda")
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CUDA)
  elseif(ROCDIST_GPU_PLATFORM STREQUAL "hip")
    # Compiled as HIP by hipcc; the rest of the library stays plain C++,
    # and so do its precompiled headers, which a HIP compile cannot load.
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CXX COMPILE_OPTIONS -xhip SKIP_PRECOMPILE_HEADERS ON)
  endif()
  target_sources(${target} PRIVATE ${ARGN})
endfunction()
