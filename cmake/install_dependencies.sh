#!/usr/bin/env bash
# Installs the Debian packages rocdist builds and tests with; does nothing
# when they are all present. With --hip, also the AMD HIP toolchain; with
# --sanitizers, clang 14 and its sanitizer and libFuzzer runtimes (CI's
# sanitizer, ThreadSanitizer and fuzzer steps); with --aarch64, the arm64
# cross compiler, qemu-user and the arm64 multiarch packages the host-only
# library and its test client link (CI's aarch64 step,
# cmake/aarch64-linux-gnu.cmake).
# The CUDA toolkit is not a Debian package: the build uses /usr/local/cuda
# when it is there, and builds host-only otherwise.
set -euo pipefail

# Build and tests (Highway: the host backend's vector kernels; Boost.Context:
# the emulated GPU platform's fibers; nlohmann-json: the bench reading a
# run's record back; NumPy, pytest, PyTorch on the CPU and
# venv: the Python package's tests and its pip install); then
# the Fortran module and MPI example; the manual and its plots; the bench's
# manual page (help2man); CPack's .deb (dpkg-shlibdeps, file) and .rpm
# (rpmbuild), and their checks (lintian, rpmlint).
packages=(cmake g++ make libhwy-dev libgtest-dev libbenchmark-dev nlohmann-json3-dev librandom123-dev libboost-math-dev libboost-context-dev python3-numpy
          python3-pytest python3-torch python3-venv
          gfortran pkg-config openmpi-bin libopenmpi-dev
          doxygen python3-matplotlib
          help2man dpkg-dev file rpm lintian rpmlint)
for option in "$@"; do
  case "$option" in
    --hip) packages+=(hipcc libamdhip64-dev librocprim-dev librocrand-dev libhiprand-dev rocm-device-libs) ;;
    --sanitizers) packages+=(clang-14 libclang-rt-14-dev) ;;
    --aarch64) packages+=(g++-aarch64-linux-gnu qemu-user libc6:arm64 libstdc++6:arm64 libgtest-dev:arm64
                          libboost-math-dev:arm64 libhwy-dev:arm64) ;;
    *) echo "unknown option: $option (known: --hip, --sanitizers, --aarch64)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
if [[ " ${missing[*]} " == *":arm64 "* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $sudo dpkg --add-architecture arm64
fi
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
