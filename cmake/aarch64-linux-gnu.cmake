# Cross-building the host-only library and its test client for aarch64 with
# Debian's g++-aarch64-linux-gnu and arm64 multiarch packages; tests run
# under qemu-user (cmake/install_dependencies.sh --aarch64 installs all of it).
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DROCDIST_GPU=none
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Multiarch: arm64 libraries in /usr/lib/aarch64-linux-gnu, headers shared in
# /usr/include; programs (python3, pkg-config's host copy) from the build machine.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
# The CUDA toolkit here is x86-64 only: its cuRAND cannot link into arm64 tests.
set(CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit ON)
# Programs run on the arm64 multiarch C library (/lib/aarch64-linux-gnu, "-L /"):
# under qemu-user 7.2, the cross toolchain's own copy (/usr/aarch64-linux-gnu)
# hangs in pthread_create.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /)
