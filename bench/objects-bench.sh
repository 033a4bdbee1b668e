#!/usr/bin/env bash
# --resource-usage=objects against the build it reads: a CMake + Ninja + nvcc
# project is built from a clean tree (no ccache), then linted cold
# (--no-cache) with the device facts read from its objects, and, for
# comparison, with no device facts at all (the front end alone) and, with
# OBJECTS_BENCH_AUTO=1, compiling the device side (--resource-usage=auto
# --no-cache, what objects replaces). Prints the
# times, the device compiles the objects run left (0 when every object was
# used) and the ratio lint/build.
#   bench/objects-bench.sh <project dir> [<sample dir>...]
# A cuda-samples checkout (it has Samples/) is benchmarked on samples each
# configured on its own, as bench/launcher-bench.sh does (default: the same
# six; all 9 of the project's archs); any other directory is one CMake
# project. Needs the tool built (build/) and nvcc.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool="${CUDA_LAUNCH_LINT:-$root/build/tools/cuda-launch-lint/cuda-launch-lint}"
project="${1:?usage: objects-bench.sh <project dir> [sample dir...]}"
shift
projects=()
if [ -d "$project/Samples" ]; then
  samples=("$@")
  if [ ${#samples[@]} -eq 0 ]; then
    samples=(0_Introduction/matrixMul 0_Introduction/vectorAdd 0_Introduction/simpleTemplates
             2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/scan
             3_CUDA_Features/globalToShmemAsyncCopy)
  fi
  for s in "${samples[@]}"; do projects+=("$project/Samples/$s"); done
else
  projects=("$project")
fi
nvcc="${CUDACXX:-/usr/local/cuda/bin/nvcc}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
build_total=0 objects_total=0 none_total=0 auto_total=0 compiles=0 read=0 units=0
for p in "${projects[@]}"; do
  b="$work/$(basename "$p")"
  cmake -S "$p" -B "$b" -G Ninja -DCMAKE_CUDA_COMPILER="$nvcc" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$b.configure.log" 2>&1
  start=$(now)
  ninja -C "$b" > "$b.build.log" 2>&1 || { echo "build failed: $p, see $b.build.log" >&2; cat "$b.build.log" >&2; exit 1; }
  end=$(now)
  build_total=$(echo "$build_total + $end - $start" | bc)

  # Exit 1 (error findings) is a result; 2 is a failure to do the job.
  lint() { # $1: --resource-usage value, $2: stderr file
    local rc=0
    "$tool" -p "$b" --resource-usage="$1" --no-cache --verbose --format json \
      -o "$b.$1.json" 2> "$2" || rc=$?
    [ $rc -le 1 ] || { echo "lint failed ($rc): $p, see $2" >&2; cat "$2" >&2; exit 1; }
  }
  start=$(now); lint objects "$b.objects.err"; end=$(now)
  objects_total=$(echo "$objects_total + $end - $start" | bc)
  start=$(now); lint none "$b.none.err"; end=$(now)
  none_total=$(echo "$none_total + $end - $start" | bc)
  if [ "${OBJECTS_BENCH_AUTO:-0}" = 1 ]; then
    start=$(now); lint auto "$b.auto.err"; end=$(now)
    auto_total=$(echo "$auto_total + $end - $start" | bc)
  fi
  stats=$(grep 'device compiles:' "$b.objects.err")
  compiles=$(( compiles + $(sed -nE 's/.*device compiles: ([0-9]+).*/\1/p' <<<"$stats") ))
  read=$(( read + $(sed -nE 's/.*objects read: ([0-9]+).*/\1/p' <<<"$stats") ))
  units=$(( units + $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$b/compile_commands.json") ))
  grep 'compiled instead' "$b.objects.err" >&2 || true
done
printf 'projects: %d (%s)\n' "${#projects[@]}" "${projects[*]#$project/}"
printf 'compile commands: %d, objects read: %d, device compiles run: %d\n' "$units" "$read" "$compiles"
printf 'build (clean, ninja):                    %.1f s\n' "$build_total"
printf 'lint --resource-usage=objects --no-cache: %.1f s\n' "$objects_total"
printf 'lint --resource-usage=none (front end):  %.1f s\n' "$none_total"
[ "${OBJECTS_BENCH_AUTO:-0}" = 1 ] &&
  printf 'lint --resource-usage=auto --no-cache:   %.1f s\n' "$auto_total"
printf 'ratio objects lint / build: %.3f\n' "$(echo "$objects_total / $build_total" | bc -l)"
