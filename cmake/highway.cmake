# Google Highway (Debian's libhwy-dev), for the host backend's block kernels
# and for the tests and bench that choose among its targets: its CMake
# package where installed, else pkg-config. Sets ROCDIST_HWY_TARGET to the
# imported target (a shared library: one choice of target per process).
find_package(hwy 1.0 CONFIG QUIET)
if(TARGET hwy::hwy)
  set(ROCDIST_HWY_TARGET hwy::hwy)
else()
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(HWY QUIET IMPORTED_TARGET libhwy>=1.0)
  endif()
  if(NOT TARGET PkgConfig::HWY)
    message(FATAL_ERROR "Google Highway not found: install libhwy-dev (cmake/install_dependencies.sh)")
  endif()
  set(ROCDIST_HWY_TARGET PkgConfig::HWY)
endif()
