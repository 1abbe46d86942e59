#!/usr/bin/env bash
# Makes the .deb and .rpm packages of a configured build tree:
#   packaging/make_packages.sh BUILD_DIR [DEB] [RPM]   (default: both)
# Each family has its own layout (cmake/package_layout.cmake), so the tree is
# reconfigured with ROCDIST_PACKAGE_FORMAT for each, built (only what the
# layout changes is rebuilt) and packaged by CPack; the tree is left in the
# last format's layout. Packages are written to BUILD_DIR.
set -euo pipefail
build=$1; shift
formats=("$@")
[[ ${#formats[@]} -gt 0 ]] || formats=(DEB RPM)
rm -f "$build"/*.deb "$build"/*.rpm
for format in "${formats[@]}"; do
  cmake "$build" -DROCDIST_PACKAGE_FORMAT="$format" >/dev/null
  cmake --build "$build" -j"$(nproc)" >/dev/null
  (cd "$build" && cpack >/dev/null 2>&1) || (cd "$build" && cpack)
done
(cd "$build" && ls -1 ./*.deb ./*.rpm 2>/dev/null)
