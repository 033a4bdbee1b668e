#!/usr/bin/env bash
# Device-facts benchmark (issue 4):
#  1. first run (empty cache) of cuda-launch-lint versus `nvcc -cubin` of the
#     same file for the same archs (one nvcc per arch, as -cubin requires);
#     goal <= 1.1x
#  2. a cached re-run versus the first run; goal <= 10%
#  3. -j1 versus -j2 on a multi-file project (no cache)
# Each timing is the median of $REPEAT runs (default 3).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
tool="$build/tools/cuda-launch-lint/cuda-launch-lint"
cuda="${CUDA_PATH:-/usr/local/cuda}"
nvcc="$cuda/bin/nvcc"
archs="${ARCHS:-sm_80,sm_90}"
repeat="${REPEAT:-3}"
inputs="$root/test/lit/device-facts/Inputs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
# median of the arguments
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
# time_it CMD...: prints seconds
time_it() { local s e; s=$(now); "$@" >/dev/null 2>&1; e=$(now); awk -v s="$s" -v e="$e" 'BEGIN {printf "%.3f", e - s}'; }

nvcc_cubin() {
  local f=$1
  for a in ${archs//,/ }; do
    "$nvcc" -O3 -cubin -arch="$a" "$f" -o "$work/out.cubin"
  done
}

echo "device-bench: $(nproc) cores, archs $archs, median of $repeat"
echo "nvcc: $("$nvcc" --version | tail -2 | head -1)"
for f in kernels.cu spill.cu; do
  src="$inputs/$f"
  t_nvcc=(); t_first=(); t_first1=(); t_cached=()
  for i in $(seq "$repeat"); do
    t_nvcc+=("$(time_it nvcc_cubin "$src")")
    rm -rf "$work/cache"
    t_first1+=("$(time_it "$tool" --format json -j1 --cache-dir "$work/cache" --arch="$archs" "$src" -- nvcc -O3)")
    rm -rf "$work/cache"
    t_first+=("$(time_it "$tool" --format json --cache-dir "$work/cache" --arch="$archs" "$src" -- nvcc -O3)")
    t_cached+=("$(time_it "$tool" --format json --cache-dir "$work/cache" --arch="$archs" "$src" -- nvcc -O3)")
  done
  n=$(median "${t_nvcc[@]}"); a=$(median "${t_first[@]}"); a1=$(median "${t_first1[@]}"); c=$(median "${t_cached[@]}")
  printf '%-12s nvcc -cubin x%d archs: %ss  first run: %ss (%sx; -j1 %ss, %sx)  cached re-run: %ss (%s%% of first)\n' \
    "$f" "$(tr ',' '\n' <<<"$archs" | wc -l)" "$n" "$a" "$(ratio "$a" "$n")" "$a1" "$(ratio "$a1" "$n")" "$c" \
    "$(awk -v c="$c" -v a="$a" 'BEGIN {printf "%.0f", 100 * c / a}')"
  # The device-facts phase alone, as --verbose reports it.
  rm -rf "$work/cache"
  "$tool" --format json --verbose --cache-dir "$work/cache" --arch="$archs" "$src" -- nvcc -O3 2>&1 >/dev/null | grep 'device compiles' | sed 's/^/             first:  /'
  "$tool" --format json --verbose --cache-dir "$work/cache" --arch="$archs" "$src" -- nvcc -O3 2>&1 >/dev/null | grep 'device compiles' | sed 's/^/             cached: /'
done

# A multi-file project: 6 translation units.
mkdir -p "$work/proj"
for i in 1 2 3; do
  cp "$inputs/kernels.cu" "$work/proj/kernels$i.cu"
  cp "$inputs/spill.cu" "$work/proj/spill$i.cu"
done
cp "$inputs/bounds.h" "$work/proj/"
t1=(); t2=()
for i in $(seq "$repeat"); do
  t1+=("$(time_it "$tool" --format json --no-cache -j1 --arch="$archs" "$work"/proj/*.cu -- nvcc -O3)")
  t2+=("$(time_it "$tool" --format json --no-cache -j2 --arch="$archs" "$work"/proj/*.cu -- nvcc -O3)")
done
a=$(median "${t1[@]}"); b=$(median "${t2[@]}")
printf '6 files x %d archs: -j1 %ss  -j2 %ss  speedup %sx\n' \
  "$(tr ',' '\n' <<<"$archs" | wc -l)" "$a" "$b" "$(ratio "$a" "$b")"
