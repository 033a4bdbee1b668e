#!/usr/bin/env bash
# The clang-tidy module versus the standalone tool on the same files and
# compile database (Clang commands), device facts on (warm cache) and off.
#   bench/tidy-vs-standalone.sh [build-dir] [files]
# Prints wall-clock seconds, best of 3, for each configuration.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
n=${2:-8}
cuda=${CUDA_PATH:-/usr/local/cuda}
tool=$build/tools/cuda-launch-lint/cuda-launch-lint
module=$build/lib/Tidy/libCudaLaunchLintTidy.so
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/test/lit/Inputs/heavy-kernels.cuh" "$work/"
files=()
for i in $(seq 1 "$n"); do
  { cat "$root/test/lit/clang-tidy/Inputs/launches.cu" | sed "s/\brun(/run$i(/"
    printf '#include "heavy-kernels.cuh"\nvoid g%s(const float *in, float *out, int n) { heavy<%s><<<n, 256>>>(in, out, n); }\n' "$i" $((32 + 8 * i)); } > "$work/f$i.cu"
  files+=("$work/f$i.cu")
done
flags="-x cuda -O3 --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 --cuda-path=$cuda -nocudalib -Wno-unknown-cuda-version -idirafter $root/share/cuda-launch-lint/stub -Xclang -target-sdk-version=12.5"
python3 - "$work" "$flags" "${files[@]}" <<'PY'
import json, sys
d, flags, files = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
json.dump([{"directory": d, "file": f, "arguments": ["/usr/lib/llvm-19/bin/clang++"] + flags + ["-c", f]} for f in files],
          open(d + "/compile_commands.json", "w"))
PY
best() { # best of 3, seconds
  local b=999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
    b=$(python3 -c "print(min($b, $e - $s))")
  done
  printf '%.2f' "$b"
}
cache="$work/cache"
"$tool" -p "$work" --cache-dir "$cache" >/dev/null 2>&1 || true # warm the cache
tidy() { clang-tidy-19 --load="$module" -p "$work" --checks='-*,cuda-*' --header-filter='.*' \
  --config="{CheckOptions: {ResourceUsage: $1, CacheDir: $cache}}" "${files[@]}"; }
echo "files: $n, archs: sm_80 sm_90"
echo "standalone, device facts off:     $(best "$tool" -p "$work" --resource-usage=none)"
echo "clang-tidy module, facts off:     $(best tidy none)"
echo "standalone, warm device cache:    $(best "$tool" -p "$work" --cache-dir "$cache")"
echo "clang-tidy module, warm cache:    $(best tidy auto)"
echo "clang++ -fsyntax-only, host+2 GPU: $(best bash -c 'for f in "$@"; do clang++-19 '"$flags"' -fsyntax-only "$f"; done' _ "${files[@]}")"
