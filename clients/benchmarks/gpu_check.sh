#!/usr/bin/env bash
# The checks of a lent NVIDIA GPU, in one call: prepared on a development
# machine, run on the GPU machine, everything written to files.
#
#   clients/benchmarks/gpu_check.sh prepare [--build DIR] [--ab COMMIT]
#     On the development machine (no GPU needed): configures and builds DIR
#     (default build-gpu-check) for CUDA, Release, sm_$ROCDIST_GPU_CHECK_ARCH
#     (default 90), with the test and bench clients; with --ab, COMMIT's
#     library and bench built the same way from a git archive in DIR-ab.
#     Stages what the GPU machine runs in gpu-check/ (bin, lib, the shared
#     libraries from this machine's Debian packages that the binaries need
#     and the GPU machine's image lacks, and ab/), and prints its size: the
#     device tool carries gpu-check (at most 64 MiB with the working tree).
#
#   clients/benchmarks/gpu_check.sh run [STEP...]
#     On the GPU machine, from the repository root, with gpu-check/ carried.
#     Steps (default all, in this order, each under its own time limit and
#     all within ROCDIST_GPU_CHECK_SECONDS, default 480; a step that the
#     deadline reaches is skipped, so the order is what matters most first):
#       tests      the GPU tests (gtest filter *gpu*) in 8 shards, the
#                  GPU error-path tests, and the Python package's tests
#                  (its GPU tests on PyTorch's CUDA tensors)
#       bench      the whole bench with its GPU peers (PyTorch, CuPy, JAX
#                  through python3), JSON with the GPU and driver in its
#                  context
#       ab         this build's bench against --ab COMMIT's, the headline
#                  calls, batched categorical and the exponentials, in turn
#                  A B A B, three repetitions each
#       rows       ncu's time for each kernel of the batched categorical
#                  weight cases' calls, this build's and the --ab build's
#       profile    ncu (--clock-control none) on the float Box-Muller (both
#                  forms) and ziggurat generate kernels and on the batched
#                  categorical first pass (128 rows of 2^17), and the SASS
#                  of every kernel
#       clocks     the SM clock, power and clock-limit reasons that
#                  nvidia-smi samples (every 50 ms) while the bench runs
#                  float uniforms, Box-Muller (both forms), ziggurat and
#                  gamma (2.5) for 3 s each (one profiled launch is too
#                  short to meet a power limit)
#       sanitizer  compute-sanitizer memcheck over the stream, fault and
#                  batched categorical GPU tests; racecheck over the last
#     Writes to $OUT (the device tool's), else gpu-check-out/: summary.txt,
#     bench.json, ab.txt, rows.txt, logs.tar.gz (every log, the profiles and the
#     SASS). Leaves the GPU's settings as they are.
set -uo pipefail
cd "$(dirname "$0")/../.."
stage=gpu-check

prepare() {
  local build=build-gpu-check ab=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --build) build=$2; shift 2 ;;
      --ab) ab=$2; shift 2 ;;
      *) echo "gpu_check.sh prepare: unknown argument $1" >&2; exit 2 ;;
    esac
  done
  set -e
  local arch=${ROCDIST_GPU_CHECK_ARCH:-90}
  local options=(-DROCDIST_GPU=cuda -DCMAKE_CUDA_ARCHITECTURES="$arch" -DCMAKE_BUILD_TYPE=Release
                 -DROCDIST_BUILD_EXAMPLES=OFF -DROCDIST_BUILD_FORTRAN=OFF -DROCDIST_BUILD_MPI_EXAMPLE=OFF)
  cmake -S . -B "$build" "${options[@]}"
  cmake --build "$build" -j"$(nproc)" --target rocdist_tests rocdist_gpu_error_tests rocdist_bench
  rm -rf "$stage"
  mkdir -p "$stage/bin" "$stage/lib"
  cp "$build"/clients/tests/rocdist_tests "$build"/clients/tests/rocdist_gpu_error_tests \
     "$build"/clients/benchmarks/rocdist_bench "$stage/bin/"
  cp -P "$build"/library/librocdist.so* "$stage/lib/"
  if [[ -n "$ab" ]]; then
    local source=$build-ab-source
    rm -rf "$source" && mkdir -p "$source"
    git archive --format=tar "$ab" | tar -x -C "$source"
    cmake -S "$source" -B "$build-ab" "${options[@]}" -DROCDIST_BUILD_TESTS=OFF
    cmake --build "$build-ab" -j"$(nproc)" --target rocdist_bench
    mkdir -p "$stage/ab/bin" "$stage/ab/lib"
    cp "$build-ab"/clients/benchmarks/rocdist_bench "$stage/ab/bin/"
    cp -P "$build-ab"/library/librocdist.so* "$stage/ab/lib/"
    git rev-parse "$ab" > "$stage/ab/commit"
  fi
  git rev-parse HEAD > "$stage/commit"
  git status --porcelain --untracked-files=no | grep -q . && echo "(with uncommitted changes)" >> "$stage/commit"
  # The Debian libraries the binaries load (Google Benchmark, Highway, ...):
  # everything ldd resolves outside the C and C++ runtimes and CUDA's own.
  ldd "$stage"/bin/* | awk '/=> \// {print $3}' | sort -u |
    grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|libdl|libpthread|librt|ld-linux-x86-64|libcurand|libcuda|libcudart|librocdist)\.so' |
    grep -v '/gpu-check/' | xargs -r cp -L -t "$stage/lib/"
  du -sh "$stage"
  ls -l "$stage/lib"
}

# Runs one step's command under its time limit, cut to what is left of the
# whole run's ($ROCDIST_GPU_CHECK_SECONDS, default 480), its output in
# $logs/NAME.log; records the outcome in summary.txt.
step() { # name, seconds, command...
  local name=$1 seconds=$2; shift 2
  local begin=$SECONDS left=$((deadline - SECONDS))
  if ((left < 15)); then
    printf '%-28s skipped: the run is out of time\n' "$name" >> "$out/summary.txt"
    return 124
  fi
  ((seconds > left)) && seconds=$left
  echo "== $name: $*" >> "$logs/$name.log"
  timeout --kill-after=5 "$seconds" "$@" >> "$logs/$name.log" 2>&1
  local status=$?
  printf '%-28s exit %3d  %4d s\n' "$name" "$status" $((SECONDS - begin)) >> "$out/summary.txt"
  return $status
}

gtest_summary() { # logs: the tests passed, skipped and failed, and the failures' names
  awk '/^\[  PASSED  \] [0-9]+ test/ {passed += $4}
       /^\[  SKIPPED \] [0-9]+ test/ {skipped += $4}
       /^\[  FAILED  \] [A-Za-z_]/ && !/listed below/ {failed[$4] = 1}
       END {n = 0; for (t in failed) n++
            printf "gtest: %d passed, %d skipped, %d failed\n", passed, skipped, n
            for (t in failed) print "  FAILED " t}' "$@" >> "$out/summary.txt"
}

run_tests() {
  local shards=8 pids=()
  for ((i = 0; i < shards; ++i)); do
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i step "tests-shard$i" 150 \
      "$stage/bin/rocdist_tests" --gtest_filter='*gpu*' &
    pids+=($!)
  done
  wait "${pids[@]}"
  step tests-gpu-error-paths 60 "$stage/bin/rocdist_gpu_error_tests"
  gtest_summary "$logs"/tests-*.log
  ROCDIST_LIBRARY=$PWD/$stage/lib/librocdist.so.0 PYTHONPATH=$PWD/python \
    step python-package 90 python3 -m pytest -q -rs -p no:cacheprovider python/tests
  tail -1 "$logs/python-package.log" >> "$out/summary.txt"
}

run_bench() {
  local driver
  driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)
  ROCDIST_PYTHON=$(command -v python3) ROCDIST_BENCH_SCRIPT_DIR=$PWD/clients/benchmarks \
    step bench 240 "$stage/bin/rocdist_bench" --benchmark_min_time=0.2 \
    --benchmark_out="$out/bench.json" --benchmark_out_format=json \
    --benchmark_context="gpu_driver=$driver,rocdist_commit=$(tr '\n' ' ' < "$stage/commit")"
  # The summary tables: the bench's console output after its last benchmark line.
  sed -n '/^Uniforms on the GPU/,$p' "$logs/bench.log" > "$logs/bench-tables.txt"
}

run_ab() {
  [[ -d "$stage/ab" ]] || { echo "ab: no --ab build staged" >> "$out/summary.txt"; return; }
  local filter='store_bandwidth|^rocdist/|^normal/(box_muller|ziggurat)/(float|double)/reproducible|^gamma/.*/reproducible|^categorical_rows/(weights|logits)/|^exponential/'
  local flags=(--benchmark_filter="$filter" --benchmark_min_time=0.2 --benchmark_repetitions=3
               --benchmark_out_format=json)
  for turn in 1 2; do
    LD_LIBRARY_PATH=$PWD/$stage/ab/lib:$LD_LIBRARY_PATH step "ab-A$turn" 60 "$stage/ab/bin/rocdist_bench" "${flags[@]}" --benchmark_out="$logs/ab-A$turn.json"
    step "ab-B$turn" 60 "$stage/bin/rocdist_bench" "${flags[@]}" --benchmark_out="$logs/ab-B$turn.json"
  done
  {
    echo "A = $(cat "$stage/ab/commit"), B = $(tr '\n' ' ' < "$stage/commit")"
    for turn in 1 2; do
      python3 clients/benchmarks/compare_bench.py "$logs/ab-A$turn.json" "$logs/ab-B$turn.json" --label-a A --label-b B
    done
  } > "$out/ab.txt" 2>&1
}

# Where a batched categorical call's time goes: each kernel of the weight
# cases' calls timed on the GPU by ncu (gpu__time_duration, one pass, at
# the clocks the GPU runs), in this build and, where staged, the --ab
# build, side by side in rows.txt.
run_rows() {
  local cases=('rows=4096,k=1000,samples=1' 'rows=8,k=1000000,samples=100' 'rows=128,k=131072,samples=1'
               'rows=8,k=134217728,samples=100')
  local builds=(B) c i label exports
  echo "B = $(tr '\n' ' ' < "$stage/commit")" > "$out/rows.txt"
  if [[ -d "$stage/ab" ]]; then
    builds=(A B)
    echo "A = $(cat "$stage/ab/commit")" >> "$out/rows.txt"
  fi
  for i in "${!cases[@]}"; do
    c=${cases[$i]}
    exports=()
    for label in "${builds[@]}"; do
      local root=$PWD/$stage
      [[ $label == A ]] && root=$PWD/$stage/ab
      LD_LIBRARY_PATH=$root/lib:$LD_LIBRARY_PATH step "rows-$label$i" 45 ncu --clock-control none \
        --metrics gpu__time_duration.sum -o "$logs/rows-$label$i" "$root/bin/rocdist_bench" \
        --benchmark_filter="^categorical_rows/weights/$c/" --benchmark_min_time=0.01
      ncu --import "$logs/rows-$label$i.ncu-rep" --csv --page raw --print-units base > "$logs/rows-$label$i.csv" 2>&1
      exports+=("$label=$logs/rows-$label$i.csv")
    done
    { echo; echo "categorical_rows/weights/$c"; python3 clients/benchmarks/kernel_times.py "${exports[@]}"; } >> "$out/rows.txt" 2>&1
  done
}

run_sanitizer() {
  step memcheck 60 compute-sanitizer --tool memcheck --leak-check full --error-exitcode 1 \
    "$stage/bin/rocdist_tests" --gtest_filter='gpu_streams.*:gpu_faults.*:backends/categorical_rows_stream.*/gpu:backends/token_sampling*/gpu'
  step racecheck 45 compute-sanitizer --tool racecheck --error-exitcode 1 \
    "$stage/bin/rocdist_tests" --gtest_filter='backends/categorical_rows_stream.*/gpu:backends/token_sampling.tokens_are_the_definitions/gpu'
  grep -h -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs"/memcheck.log "$logs"/racecheck.log >> "$out/summary.txt"
}

# The SM clock, power draw and clock-limit reasons while one benchmark runs
# for 3 s: nvidia-smi's samples in $logs/clocks-NAME.csv, and a line in the
# summary with the median SM clock and power of the samples taken while the
# GPU was busy (utilisation 90% or more), and every reason seen then.
clocks_of() { # name, benchmark filter
  local name=$1 filter=$2 reasons=clocks_event_reasons.active
  nvidia-smi --help-query-gpu | grep -q "$reasons" || reasons=clocks_throttle_reasons.active
  nvidia-smi --query-gpu=utilization.gpu,clocks.sm,power.draw,"$reasons" --format=csv,noheader,nounits \
    -lms 50 > "$logs/clocks-$name.csv" 2>&1 &
  local sampler=$!
  step "clocks-$name" 30 "$stage/bin/rocdist_bench" --benchmark_filter="$filter" --benchmark_min_time=3
  kill "$sampler"
  wait "$sampler" 2> /dev/null
  python3 - "$name" "$logs/clocks-$name.csv" >> "$out/summary.txt" <<'SUMMARY'
import statistics, sys
name, path = sys.argv[1], sys.argv[2]
busy = []
for line in open(path):
    f = [x.strip() for x in line.split(",")]
    if len(f) == 4 and f[0].isdigit() and int(f[0]) >= 90:
        busy.append(f)
if not busy:
    print(f"clocks {name:10s} no busy sample")
else:
    clocks = [float(f[1]) for f in busy]
    power = [float(f[2]) for f in busy]
    reasons = " ".join(sorted({f[3] for f in busy}))
    print(f"clocks {name:10s} {len(busy)} busy samples: SM clock median {statistics.median(clocks):.0f} MHz"
          f" (min {min(clocks):.0f}), power median {statistics.median(power):.0f} W, reasons {reasons}")
SUMMARY
}

run_clocks() {
  clocks_of uniform '^rocdist/float/'
  clocks_of box_muller '^normal/box_muller/float/reproducible'
  clocks_of bm_fast '^normal/box_muller_fast/float/reproducible'
  clocks_of ziggurat '^normal/ziggurat/float/reproducible'
  clocks_of gamma '^gamma/2.5/float/reproducible'
}

run_profile() {
  local method
  for method in box_muller box_muller_fast ziggurat; do
    step "ncu-$method" 45 ncu --clock-control none --set full --kernel-name regex:"generate_(kernel|whole_packets)" --launch-skip 2 \
      --launch-count 1 -o "$logs/ncu-$method" "$stage/bin/rocdist_bench" --n=16777216 \
      --benchmark_filter="^normal/$method/float/reproducible" --benchmark_min_time=0.01
    ncu --import "$logs/ncu-$method.ncu-rep" --page details > "$logs/ncu-$method.txt" 2>&1
  done
  # The batched sampler's first pass on the goal's case (128 rows of 2^17):
  # where its tiles' time goes, beside the rows step's kernel times.
  step ncu-summarise-tiles 45 ncu --clock-control none --set full --kernel-name regex:summarise_tiles \
    --launch-skip 2 --launch-count 1 -o "$logs/ncu-summarise-tiles" "$stage/bin/rocdist_bench" \
    --benchmark_filter='^categorical_rows/weights/rows=128,k=131072,samples=1/' --benchmark_min_time=0.01
  ncu --import "$logs/ncu-summarise-tiles.ncu-rep" --page details > "$logs/ncu-summarise-tiles.txt" 2>&1
  step sass 30 cuobjdump --dump-sass "$stage/lib/librocdist.so.0"
  step resources 30 cuobjdump --dump-resource-usage "$stage/lib/librocdist.so.0"
}

run() {
  out=${OUT:-gpu-check-out}
  logs=$out/logs
  deadline=$((SECONDS + ${ROCDIST_GPU_CHECK_SECONDS:-480}))
  mkdir -p "$logs"
  [[ -x "$stage/bin/rocdist_bench" ]] || { echo "no $stage/bin: run 'gpu_check.sh prepare' and carry $stage" >&2; exit 2; }
  export LD_LIBRARY_PATH=$PWD/$stage/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  {
    date -u +%FT%TZ
    echo "commit: $(tr '\n' ' ' < "$stage/commit")"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv
  } > "$out/summary.txt" 2>&1
  local steps=("$@")
  [[ ${#steps[@]} -gt 0 ]] || steps=(tests bench ab rows profile clocks sanitizer)
  for s in "${steps[@]}"; do
    case "$s" in
      tests | bench | ab | rows | profile | clocks | sanitizer) "run_$s" ;;
      *) echo "unknown step $s" >> "$out/summary.txt" ;;
    esac
  done
  tar -czf "$out/logs.tar.gz" -C "$out" logs && rm -rf "$logs"
  cat "$out/summary.txt"
  [[ -f "$out/ab.txt" ]] && cat "$out/ab.txt"
  [[ -f "$out/rows.txt" ]] && cat "$out/rows.txt"
  return 0
}

case "${1:-}" in
  prepare) shift; prepare "$@" ;;
  run) shift; run "$@" ;;
  *) awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0"; exit 2 ;;
esac
