#!/usr/bin/env bash
# Front-end wall time versus `clang++ -fsyntax-only` with the same flags on
# the same files (issue goal: <= 1.3x), on a small kernel file and on a
# generated translation unit with 240 launches of heavily templated kernels.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
tool="$build/tools/cuda-launch-lint/cuda-launch-lint"
cuda="${CUDA_PATH:-/usr/local/cuda}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/stub" && touch "$work/stub/texture_fetch_functions.h"

python3 - "$work/many.cu" <<'PY'
import sys
out = ["#include <cuda_runtime.h>", "#include <cub/cub.cuh>",
       "template <typename T, int N, int M> __global__ void __launch_bounds__(N) k(T *p) { p[threadIdx.x] += N * M; }",
       "template <typename T, int N> void run(T *p, int n) {"]
for m in range(8):
    out.append(f"  k<T, N, {m}><<<(n + N - 1) / N, N>>>(p);")
out.append("}")
out.append("void all(float *f, double *d, int *i, int n) {")
for n in (32, 64, 96, 128, 256, 512, 768, 1024, 160, 192):
    for t in ("f", "d", "i"):
        out.append(f"  run<decltype(*{t} + 0), {n}>({t}, n);")
out.append("}")
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
cp "$root/test/lit/values/value-forms.cu" "$work/small.cu"

flags=(-std=c++17)
clang_flags=(-fsyntax-only -x cuda --cuda-host-only --cuda-path="$cuda" -nocudalib
  -Wno-unknown-cuda-version -idirafter "$work/stub" -isystem "$cuda/include/cccl"
  -Xclang -target-sdk-version=12.5 "${flags[@]}")

time_ms() { # best of 3
  local best=999999
  for _ in 1 2 3; do
    local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N)
    local ms=$(( (e - s) / 1000000 )); (( ms < best )) && best=$ms
  done
  echo "$best"
}
for f in small many; do
  launches=$("$tool" --list-launches "$work/$f.cu" -- "${flags[@]}" 2>/dev/null | wc -l)
  a=$(time_ms clang++-19 "${clang_flags[@]}" "$work/$f.cu")
  # The parse itself: no facts cache (it would answer every run after the
  # first) and no device facts.
  b=$(time_ms "$tool" --format json --no-cache --resource-usage=none "$work/$f.cu" -- "${flags[@]}")
  echo "$f.cu: $launches launches; clang++ -fsyntax-only ${a} ms, cuda-launch-lint front end ${b} ms, ratio $(python3 -c "print(round($b/$a, 2))")"
done
