# Sanitizer and fuzzer builds: host backend only, or with the emulated GPU
# platform, whose kernels are host code (the GPU compilers do not instrument
# device code, and their runtimes are not built with sanitizers). GCC or
# clang; the fuzzer needs clang.
#
#   -DROCDIST_SANITIZE=address,undefined   AddressSanitizer (with LeakSanitizer)
#                                          and UndefinedBehaviorSanitizer
#   -DROCDIST_SANITIZE=thread              ThreadSanitizer
#   -DROCDIST_BUILD_FUZZER=ON              the libFuzzer harness (clang only)
#
# Every report is fatal (-fno-sanitize-recover=all), so a sanitized test that
# hits one fails instead of printing and passing.

set(ROCDIST_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list for every target (host builds only)")
option(ROCDIST_BUILD_FUZZER "Build the libFuzzer harness of the C API (needs clang)" OFF)

if(ROCDIST_SANITIZE OR ROCDIST_BUILD_FUZZER)
  if(NOT ROCDIST_GPU_PLATFORM MATCHES "^(none|emulated)$")
    message(FATAL_ERROR "ROCDIST_SANITIZE and ROCDIST_BUILD_FUZZER need -DROCDIST_GPU=none or emulated")
  endif()
endif()

if(ROCDIST_SANITIZE)
  add_compile_options(-fsanitize=${ROCDIST_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${ROCDIST_SANITIZE})
  if(CMAKE_C_COMPILER_ID STREQUAL "Clang")
    # C programs linking the C++ library need clang's C++ sanitizer runtime
    # (UBSan's vptr checks live there).
    add_link_options("$<$<LINK_LANGUAGE:C>:-fsanitize-link-c++-runtime;-lstdc++>")
  endif()
endif()

if(ROCDIST_BUILD_FUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ROCDIST_BUILD_FUZZER needs clang (e.g. -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
