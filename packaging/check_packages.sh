#!/usr/bin/env bash
# Makes the .deb and .rpm packages of a built tree (make_packages.sh), checks
# them, installs the .deb on this machine, uses them and removes them again:
#   - lintian reports no error and no warning on any .deb (overrides carry
#     their reasons); rpmlint, with packaging/rpmlint.toml, no error on any .rpm;
#   - names, Provides, Conflicts and versioned dependencies are those of
#     docs/getting_started.md, and the library, CMake package and rocdist.pc
#     lie under /usr/lib/<triplet> (.deb) and /usr/lib64 (.rpm);
#   - bad input: apt refuses the development package without the runtime,
#     and dpkg refuses each further runtime .deb given (another platform's)
#     beside this one, naming it;
#   - the runtime alone: its dependencies resolve and the ldconfig trigger
#     makes it loadable by name; python3-rocdist beside it imports and
#     samples; with the development package,
#     check_installed.sh builds and runs C, C++ and Fortran programs against
#     the installed files only.
# Usage: packaging/check_packages.sh BUILD_DIR [OTHER_RUNTIME.deb...]
#        (as root, or through sudo)
#        packaging/check_packages.sh BUILD_DIR --no-install
#        (the checks before installing only)
set -euo pipefail
build=$(cd "$1" && pwd); shift
install=1
if [[ "${1:-}" == "--no-install" ]]; then install=0; shift; fi
others=("$@")
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
apt_get() { DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 -y -qq "$@" >/dev/null; }
fail() { echo "check_packages: $*" >&2; exit 1; }
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)

echo "-- packages"
"$source_dir/packaging/make_packages.sh" "$build"
version=$(cmake -L -N "$build" 2>/dev/null | sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p')
[[ -n "$version" ]] || version=$(dpkg-deb -f "$(ls "$build"/*.deb | head -1)" Version)
runtime_deb=$(ls "$build"/librocdist0*_"$version"_"$arch".deb)
runtime=$(dpkg-deb -f "$runtime_deb" Package)
platform=${runtime#librocdist0}; platform=${platform#-}
suffix=${platform:+-$platform}
dev_deb="$build/librocdist${suffix}-dev_${version}_${arch}.deb"
clients_deb="$build/rocdist${suffix}-clients_${version}_${arch}.deb"
rpm_runtime="$build/rocdist${suffix}-${version}-1.x86_64.rpm"
rpm_devel="$build/rocdist${suffix}-devel-${version}-1.x86_64.rpm"
rpm_clients="$build/rocdist${suffix}-clients-${version}-1.x86_64.rpm"
python_deb="$build/python3-rocdist_${version}_all.deb"
rpm_python="$build/python3-rocdist-${version}-1.noarch.rpm"
for f in "$dev_deb" "$clients_deb" "$python_deb" "$rpm_runtime" "$rpm_devel" "$rpm_clients" "$rpm_python"; do
  [[ -f "$f" ]] || fail "$(basename "$f") was not made"
done

echo "-- lintian (no error, no warning)"
lintian --fail-on error,warning "$build"/*.deb

echo "-- rpmlint (no error)"
rpmlint -c "$source_dir/packaging/rpmlint.toml" "$build"/*.rpm

echo "-- relationships"
field_has() { # deb, field, expected entry
  local value; value=$(dpkg-deb -f "$1" "$2")
  [[ ", $value," == *", $3,"* ]] || fail "$(basename "$1") $2 is '$value', without '$3'"
}
field_has "$dev_deb" Depends "$runtime (= $version)"
field_has "$clients_deb" Depends "$runtime (= $version)"
field_has "$python_deb" Depends "librocdist0 (>= $version)"
field_has "$python_deb" Depends "python3-numpy"
for p in "" -hip -cuda; do
  [[ "$p" == "$suffix" ]] && continue
  field_has "$runtime_deb" Conflicts "librocdist0$p"
  field_has "$dev_deb" Conflicts "librocdist$p-dev"
done
if [[ -n "$suffix" ]]; then
  field_has "$runtime_deb" Provides "librocdist0 (= $version)"
  field_has "$dev_deb" Provides "librocdist-dev (= $version)"
fi
dpkg-deb --ctrl-tarfile "$runtime_deb" | tar -tv | grep -q -- '-rw-r--r-- .*triggers$' || fail "the triggers file is not 0644"
if dpkg-deb --ctrl-tarfile "$runtime_deb" | tar -t | grep -q -e postinst -e postrm; then
  fail "$runtime has maintainer scripts: ldconfig runs from its trigger"
fi
rpm -qpR "$rpm_devel" | grep -qx "rocdist${suffix} = $version" || fail "rocdist${suffix}-devel does not require rocdist${suffix} = $version"
rpm -qp --provides "$rpm_devel" | grep -qx "pkgconfig(rocdist) = $version" || fail "rocdist${suffix}-devel does not provide pkgconfig(rocdist)"
rpm -qpR "$rpm_python" | grep -qx "rocdist >= $version" || fail "python3-rocdist does not require rocdist >= $version"

echo "-- layout"
deb_lists() { # deb, then the paths it must hold
  local deb=$1; shift
  local listed; listed=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\.||')
  for f in "$@"; do grep -qx "$f" <<<"$listed" || fail "$(basename "$deb") lacks $f"; done
}
rpm_lists() {
  local rpm_file=$1; shift
  local listed; listed=$(rpm -qpl "$rpm_file")
  for f in "$@"; do grep -qx "$f" <<<"$listed" || fail "$(basename "$rpm_file") lacks $f"; done
}
headers=(/usr/include/rocdist/rocdist.h /usr/include/rocdist/rocdist.hpp /usr/include/rocdist/rocdist_version.h
         /usr/include/rocdist/rocdist_kernel.h /usr/include/rocdist/device/config.hpp
         /usr/include/rocdist/device/blocks/gamma_functor.hpp
         /usr/include/rocdist/fortran/rocdist.f90 /usr/include/rocdist/fortran/rocdist.mod)
clients=(/usr/bin/rocdist_bench /usr/share/man/man1/rocdist_bench.1.gz /usr/libexec/rocdist/rocdist_tests
         /usr/libexec/rocdist/rocdist_example_uniform_host /usr/share/rocdist/clients/philox4x32_10_kat.txt)
deb_lists "$runtime_deb" "/usr/lib/$triplet/librocdist.so.$version" "/usr/lib/$triplet/librocdist.so.0"
deb_lists "$dev_deb" "/usr/lib/$triplet/librocdist.so" "/usr/lib/$triplet/cmake/rocdist/rocdist-config.cmake" \
  "/usr/lib/$triplet/pkgconfig/rocdist.pc" "${headers[@]}"
deb_lists "$clients_deb" "${clients[@]}"
rpm_lists "$rpm_runtime" "/usr/lib64/librocdist.so.$version" /usr/lib64/librocdist.so.0
rpm_lists "$rpm_devel" /usr/lib64/librocdist.so /usr/lib64/cmake/rocdist/rocdist-config.cmake \
  /usr/lib64/pkgconfig/rocdist.pc "${headers[@]}"
rpm_lists "$rpm_clients" "${clients[@]}"
deb_lists "$python_deb" /usr/lib/python3/dist-packages/rocdist/__init__.py /usr/lib/python3/dist-packages/rocdist/_library.py
python_files=$(rpm -qpl "$rpm_python") # read whole: grep -q would stop rpm by SIGPIPE
grep -q '^/usr/lib/python3\.[0-9]*/site-packages/rocdist/__init__\.py$' <<<"$python_files" \
  || fail "python3-rocdist's RPM lacks rocdist/__init__.py under site-packages"
if rpm -qpl "$rpm_runtime" | grep -q '^/usr/include'; then fail "the runtime RPM holds headers"; fi
[[ $install -eq 1 ]] || exit 0

installed=()
remove_installed() { [[ ${#installed[@]} -eq 0 ]] || apt_get purge "${installed[@]}"; }
trap remove_installed EXIT

echo "-- bad input: the development package without the runtime"
if refusal=$($sudo apt-get -s install "$dev_deb" 2>&1); then
  fail "apt would install $(basename "$dev_deb") without $runtime"
fi
grep -q "Depends: $runtime (= $version)" <<<"$refusal" || fail "apt's refusal does not name $runtime: $refusal"
echo "refused: $(grep "Depends: $runtime" <<<"$refusal" | sed 's/^ *//')"

echo "-- the runtime package alone"
apt_get install "$runtime_deb"
installed+=("$runtime")
library=/usr/lib/$triplet/librocdist.so.0
ldd "$library"
if ldd "$library" | grep -q 'not found'; then fail "$library has unresolved dependencies"; fi
# /lib is /usr/lib on Debian 12, and ldconfig may name either. The cache's
# listing (some 80 KB) is read whole first: grep -q stops at its match, and
# ldconfig, still writing, then dies of SIGPIPE and fails the pipe.
cache=$(ldconfig -p)
grep -q "librocdist.so.0 (.*) => \(/usr\)\?/lib/$triplet/librocdist.so.0$" <<<"$cache" \
  || fail "the ldconfig trigger did not list $library"
python3 -c "import ctypes; v = ctypes.c_int(); ctypes.CDLL('librocdist.so.0').rocdist_get_version(ctypes.byref(v)); print('loads; rocdist_get_version:', v.value)"

echo "-- python3-rocdist beside the runtime"
apt_get install "$python_deb"
installed=(python3-rocdist "${installed[@]}")
# Debian's python3, away from the source tree: the installed module only.
(cd / && /usr/bin/python3 -c "import rocdist; print(rocdist.__file__, rocdist.Generator(1).standard_normal(3))")

echo "-- bad input: another platform's runtime beside this one"
for other in "${others[@]}"; do
  if refusal=$($sudo dpkg --no-act -i "$other" 2>&1); then
    fail "dpkg would install $(basename "$other") beside $runtime"
  fi
  grep -q "conflicts with $runtime" <<<"$refusal" || fail "dpkg's refusal of $(basename "$other") does not name $runtime: $refusal"
  echo "refused: $(grep "conflicts with $runtime" <<<"$refusal" | head -1 | sed 's/^ *//')"
done

echo "-- with the development package: programs against the installed files"
apt_get install "$dev_deb"
installed=("librocdist${suffix}-dev" "${installed[@]}")
"$source_dir/packaging/check_installed.sh"
