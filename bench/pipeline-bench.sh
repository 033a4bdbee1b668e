#!/usr/bin/env bash
# Whole-pipeline benchmark (issue 5): cuda-launch-lint over a generated
# multi-file project with an nvcc compile database (front end + device facts
# + checks), cold cache and warm cache, against what a build's own checks
# cost: `clang++-19 -fsyntax-only` of every file plus one `nvcc -cubin` per
# file and arch. Each timing is the median of $REPEAT runs (default 3).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
tool="$build/tools/cuda-launch-lint/cuda-launch-lint"
cuda="${CUDA_PATH:-/usr/local/cuda}"
files="${FILES:-6}"
repeat="${REPEAT:-3}"
archs=(sm_80 sm_90)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_it() { local s e; s=$(now); "$@" >/dev/null 2>&1 || true; e=$(now); awk -v s="$s" -v e="$e" 'BEGIN {printf "%.3f", e - s}'; }

# A project: each file has templated kernels, a few launches through
# constants and helpers, and includes cub (a realistic header load).
mkdir -p "$work/src" "$work/build"
for i in $(seq "$files"); do
  cat > "$work/src/unit$i.cu" <<CU
#include <cuda_runtime.h>
#include <cub/block/block_reduce.cuh>
constexpr int Threads$i = 128 * ($i % 4 + 1);
template <int B>
__global__ void __launch_bounds__(B) reduce$i(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, B>;
  __shared__ typename Reduce::TempStorage tmp;
  float v = in[blockIdx.x * B + threadIdx.x];
  float s = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}
template <int N>
__global__ void heavy$i(const float *in, float *out, int n) {
  float acc[N];
#pragma unroll
  for (int k = 0; k < N; ++k) acc[k] = in[threadIdx.x * N + k];
  for (int j = 0; j < n; ++j) {
#pragma unroll
    for (int k = 0; k < N; ++k) acc[k] = acc[k] * acc[(k + 1) % N] + in[j + k];
  }
  float s = 0;
#pragma unroll
  for (int k = 0; k < N; ++k) s += acc[k];
  out[threadIdx.x] = s;
}
void launch$i(const float *in, float *out, int n) {
  reduce$i<Threads$i><<<n / Threads$i, Threads$i>>>(in, out);
  reduce$i<256><<<n / 256, 256>>>(in, out);
  heavy$i<$((16 * i))><<<n, 256>>>(in, out, n);
  heavy$i<24><<<n, 100>>>(in, out, n);
}
CU
done
python3 - "$work" "$files" <<'PY'
import json, sys
work, n = sys.argv[1], int(sys.argv[2])
json.dump([{"directory": work + "/build",
            "arguments": ["nvcc", "-O3", "-std=c++17",
                          "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                          "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                          "-c", f"{work}/src/unit{i}.cu", "-o", f"unit{i}.o"],
            "file": f"{work}/src/unit{i}.cu"} for i in range(1, n + 1)],
          open(work + "/build/compile_commands.json", "w"))
PY

syntax_only() {
  for f in "$work"/src/*.cu; do
    clang++-19 -fsyntax-only -x cuda --cuda-host-only -nocudalib --cuda-path="$cuda" \
      -isystem "$cuda/include/cccl" -Wno-unknown-cuda-version -std=c++17 \
      -Xclang -target-sdk-version=12.5 -idirafter "$work/stub" "$f"
  done
}
mkdir -p "$work/stub" && touch "$work/stub/texture_fetch_functions.h"
cubins() {
  for f in "$work"/src/*.cu; do
    for a in "${archs[@]}"; do
      "$cuda/bin/nvcc" -O3 -std=c++17 -cubin -arch="$a" "$f" -o "$work/out.cubin"
    done
  done
}

echo "pipeline-bench: $files files x ${#archs[@]} archs, $(nproc) cores, median of $repeat"
t_base=(); t_cold=(); t_warm=()
for r in $(seq "$repeat"); do
  t_base+=("$(awk -v a="$(time_it syntax_only)" -v b="$(time_it cubins)" 'BEGIN {printf "%.3f", a + b}')")
  rm -rf "$work/cache"
  t_cold+=("$(time_it "$tool" -p "$work/build" --cache-dir "$work/cache")")
  t_warm+=("$(time_it "$tool" -p "$work/build" --cache-dir "$work/cache")")
done
base=$(median "${t_base[@]}"); cold=$(median "${t_cold[@]}"); warm=$(median "${t_warm[@]}")
echo "clang++ -fsyntax-only + nvcc -cubin per arch: ${base} s"
echo "cuda-launch-lint, cold cache:                 ${cold} s ($(awk -v a="$cold" -v b="$base" 'BEGIN {printf "%.2f", a / b}')x)"
echo "cuda-launch-lint, warm cache:                 ${warm} s ($(awk -v a="$warm" -v b="$base" 'BEGIN {printf "%.2f", a / b}')x, $(awk -v a="$warm" -v b="$cold" 'BEGIN {printf "%.0f", 100 * a / b}')% of cold)"
"$tool" -p "$work/build" --cache-dir "$work/cache" 2>/dev/null | grep -E "(error|warning):" | sed 's/.*\[\(cuda-[a-z-]*\)\]$/\1/' | sort | uniq -c | sed 's/^/  findings: /'
