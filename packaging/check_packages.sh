#!/usr/bin/env bash
# Builds the .deb and .rpm packages of a configured and built tree, checks
# them, installs them on this machine and uses them, then removes them:
#   - lintian reports no errors on the .deb files;
#   - the RPMs hold the expected files (rpm -qpl) and the -devel RPM, like
#     the -dev .deb, requires the runtime package of the same version;
#   - the runtime .deb installed alone gives a library whose dependencies
#     resolve (ldd) and that loads;
#   - with the -dev .deb, check_installed.sh builds and runs C and Fortran
#     programs against the installed files only.
# Usage: packaging/check_packages.sh BUILD_DIR   (as root, or through sudo)
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
apt_get() { DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 -y -qq "$@" >/dev/null; }
fail() { echo "check_packages: $*" >&2; exit 1; }

rm -f "$build"/*.deb "$build"/*.rpm
(cd "$build" && cpack -G "DEB;RPM" >/dev/null 2>&1) || (cd "$build" && cpack -G "DEB;RPM")
runtime_deb=$(ls "$build"/*.deb | grep -v -e '-dev_' -e '-clients_')
runtime=$(dpkg-deb -f "$runtime_deb" Package)
version=$(dpkg-deb -f "$runtime_deb" Version)
dev_deb="$build/${runtime}-dev_${version}_amd64.deb"
echo "-- packages for $runtime $version:"
(cd "$build" && ls -1 ./*.deb ./*.rpm)

echo "-- lintian (errors fail)"
lintian --fail-on error --suppress-tags no-manual-page "$build"/*.deb

echo "-- dependencies of the development packages"
dev_depends=$(dpkg-deb -f "$dev_deb" Depends)
[[ "$dev_depends" == *"$runtime (= $version)"* ]] || fail "$dev_deb depends on '$dev_depends'"
rpm -qpR "$build/${runtime}-devel-${version}-1.x86_64.rpm" | grep -qx "$runtime = $version" \
  || fail "${runtime}-devel does not require $runtime = $version"

echo "-- RPM file lists"
expect_files() { # rpm, then the files it must list
  local rpm_file="$build/$1"; shift
  local listed; listed=$(rpm -qpl "$rpm_file")
  for f in "$@"; do grep -qx "$f" <<<"$listed" || fail "$(basename "$rpm_file") lacks $f"; done
}
expect_files "${runtime}-${version}-1.x86_64.rpm" /usr/lib/librocdist.so.0 "/usr/lib/librocdist.so.$version"
expect_files "${runtime}-devel-${version}-1.x86_64.rpm" /usr/lib/librocdist.so \
  /usr/include/rocdist/rocdist.h /usr/include/rocdist/rocdist.hpp /usr/include/rocdist/rocdist_version.h \
  /usr/include/rocdist/fortran/rocdist.f90 /usr/include/rocdist/fortran/rocdist.mod \
  /usr/lib/cmake/rocdist/rocdist-config.cmake /usr/lib/pkgconfig/rocdist.pc
expect_files "${runtime}-clients-${version}-1.x86_64.rpm" /usr/bin/rocdist_tests /usr/bin/rocdist_bench
if rpm -qpl "$build/${runtime}-${version}-1.x86_64.rpm" | grep -q '^/usr/include'; then
  fail "the runtime RPM holds headers"
fi

installed=()
remove_installed() { [[ ${#installed[@]} -eq 0 ]] || apt_get purge "${installed[@]}"; }
trap remove_installed EXIT

echo "-- the runtime package alone"
apt_get install "$runtime_deb"
installed+=("$runtime")
library=/usr/lib/librocdist.so.0
ldd "$library"
if ldd "$library" | grep -q 'not found'; then fail "$library has unresolved dependencies"; fi
python3 -c "import ctypes; v = ctypes.c_int(); ctypes.CDLL('librocdist.so.0').rocdist_get_version(ctypes.byref(v)); print('loads; rocdist_get_version:', v.value)"

echo "-- with the development package: programs against the installed files"
apt_get install "$dev_deb"
installed=("${runtime}-dev" "${installed[@]}")
"$source_dir/packaging/check_installed.sh"
