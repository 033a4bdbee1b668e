#!/usr/bin/env bash
# The compiler launcher's cost: a CMake + Ninja build of cuda-samples samples
# (each configured on its own, all the project's 9 archs) without and with
# CMAKE_CUDA_COMPILER_LAUNCHER="cuda-launch-lint;--wrap", each from a clean
# build tree, no ccache, the lint's caches cold. Prints the two wall times,
# their ratio, and the CPU time (user + sys) of each build: the launcher's
# front end runs beside the compiler, so on idle cores it costs CPU, not
# wall time.
#   bench/launcher-bench.sh <cuda-samples checkout> [<sample dir>...]
# (default samples: six from 0_Introduction, 2_Concepts_and_Techniques and
# 3_CUDA_Features). Needs the tool built (build/) and nvcc.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool="${CUDA_LAUNCH_LINT:-$root/build/tools/cuda-launch-lint/cuda-launch-lint}"
samples_root="${1:?usage: launcher-bench.sh <cuda-samples checkout> [sample dir...]}"
shift
samples=("$@")
if [ ${#samples[@]} -eq 0 ]; then
  samples=(0_Introduction/matrixMul 0_Introduction/vectorAdd 0_Introduction/simpleTemplates
           2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/scan
           3_CUDA_Features/globalToShmemAsyncCopy)
fi
nvcc="${CUDACXX:-/usr/local/cuda/bin/nvcc}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export XDG_CACHE_HOME="$work/cache" # the lint's caches start cold
build_all() { # $1: label, $2: launcher (or empty); prints "wall cpu"
  local total=0 cpu=0
  for s in "${samples[@]}"; do
    local b="$work/$1/$(echo "$s" | tr / _)"
    mkdir -p "$work/$1"
    local launcher=()
    [ -n "$2" ] && launcher=("-DCMAKE_CUDA_COMPILER_LAUNCHER=$2")
    cmake -S "$samples_root/Samples/$s" -B "$b" -G Ninja -DCMAKE_CUDA_COMPILER="$nvcc" \
      "${launcher[@]}" > "$b.configure.log" 2>&1
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$b.time" ninja -C "$b" > "$b.build.log" 2>&1 || { echo "build failed: $s ($1), see $b.build.log" >&2; cat "$b.build.log" >&2; exit 1; }
    end=$(date +%s.%N)
    total=$(echo "$total + $end - $start" | bc)
    cpu=$(echo "$cpu + $(awk '{print $1 + $2}' "$b.time")" | bc)
  done
  echo "$total $cpu"
}

read -r plain plain_cpu < <(build_all plain "")
read -r wrapped wrapped_cpu < <(build_all wrapped "$tool;--wrap")
findings=$(cat "$work"/wrapped/*.build.log | grep -c "warning: .*\[cuda-" || true)
printf 'samples: %d (%s)\n' "${#samples[@]}" "${samples[*]}"
printf 'build without the launcher: %.1f s\n' "$plain"
printf 'build with the launcher:    %.1f s (%d lint warnings printed)\n' "$wrapped" "$findings"
printf 'ratio: %.3f\n' "$(echo "$wrapped / $plain" | bc -l)"
printf 'CPU time: %.1f s without, %.1f s with (ratio %.3f)\n' "$plain_cpu" "$wrapped_cpu" "$(echo "$wrapped_cpu / $plain_cpu" | bc -l)"
