#!/usr/bin/env bash
# Checks an installed rocdist (the runtime and -dev packages) from outside
# the source tree: builds and runs the C and Fortran examples through
# find_package (and the C++ examples, one of them on the device API's
# installed headers), then again through pkg-config, with nothing from the
# build tree. Run after installing the packages; needs cmake, cc and gfortran.
set -euo pipefail
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "-- find_package(rocdist): C, C++ and Fortran"
cmake -S "$source_dir/packaging/consumer" -B "$work/cmake" | grep "^-- rocdist "
cmake --build "$work/cmake"
"$work/cmake/consumer_c"
"$work/cmake/consumer_cpp"
"$work/cmake/consumer_device_api"
"$work/cmake/consumer_fortran"

echo "-- pkg-config rocdist $(pkg-config --modversion rocdist): C and Fortran"
examples="$source_dir/clients/examples"
# shellcheck disable=SC2046 # the flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags rocdist) "$examples/uniform_host.c" \
   $(pkg-config --libs rocdist) -o "$work/pkgconfig_c"
"$work/pkgconfig_c"
# shellcheck disable=SC2046
(cd "$work" && gfortran $(pkg-config --variable=fflags rocdist) "$examples/normal_host.f90" \
   $(pkg-config --libs rocdist) -o "$work/pkgconfig_fortran")
"$work/pkgconfig_fortran"
