#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, Clang 19, ASan + UBSan) in build-fuzz
# and runs each for a bounded time, then prints executions and crashes per
# target. Not part of CI: see docs/robustness.md.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]
#
# TARGET: compile-command ptxas-log ptx cuda-binary lint-config occupancy-batch frontend
# (the default: all of them), and frontend-toolkit (the front end fuzzer
# parsing with the CUDA toolkit's headers; slow, so only on request).
# Corpora grow in build-fuzz/fuzz-corpus/<target> from run to run; seeds come
# from the repository's tests (fuzz/make_seeds.py) and fuzz/regressions/
# <target> (inputs that once crashed). Crashes, timeouts, leaks and
# out-of-memory inputs are kept in build-fuzz/fuzz-artifacts/<target>/.
# Exit status 1 when any target crashed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_FUZZ_BUILD_DIR:-$root/build-fuzz}"
jobs="${CUDALINT_JOBS:-2}"
seconds="${1:-60}"
[ $# -gt 0 ] && shift
all=(compile-command ptxas-log ptx cuda-binary lint-config occupancy-batch frontend)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

"$root/scripts/bootstrap.sh"
if ! dpkg-query -W -f='${db:Status-Status}' libclang-rt-19-dev 2>/dev/null | grep -qx installed; then
  echo "fuzz: installing libclang-rt-19-dev (libFuzzer, sanitizers)" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libclang-rt-19-dev >/dev/null
fi
if [ ! -f "$build/build.ninja" ]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCUDALINT_SANITIZE="address;undefined" -DCUDALINT_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
fi
binaries=()
for t in "${targets[@]}"; do binaries+=("fuzz-${t%-toolkit}"); done
ninja -C "$build" -j "$jobs" $(printf '%s\n' "${binaries[@]}" | sort -u)

seeds="$build/fuzz-seeds"
if [ ! -d "$seeds" ]; then
  nvcc_args=()
  nvcc=/usr/local/cuda/bin/nvcc
  [ -x "$nvcc" ] && nvcc_args=(--nvcc "$nvcc")
  python3 "$root/fuzz/make_seeds.py" "$root" "$seeds" "${nvcc_args[@]}"
fi

# The front end's crash recovery context must not hide a crash from the
# fuzzer: ASan keeps its own handlers for every deadly signal (an LLVM
# assertion is a SIGABRT, a trap a SIGILL or SIGTRAP).
export ASAN_OPTIONS="allow_user_segv_handler=0:handle_abort=1:handle_sigill=1:handle_sigtrap=1:handle_sigfpe=1:detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-19/bin/llvm-symbolizer

summary=()
status=0
for t in "${targets[@]}"; do
  base="${t%-toolkit}"
  max_len=16384 timeout=20
  case "$base" in
    compile-command) max_len=4096 timeout=10 ;;
    lint-config|occupancy-batch) max_len=4096 timeout=10 ;;
    cuda-binary) max_len=262144 timeout=10 ;;
  esac
  env=()
  if [ "$t" = frontend-toolkit ]; then
    env=(CUDALINT_FUZZ_CUDA_PATH=/usr/local/cuda)
    timeout=60
  fi
  corpus="$build/fuzz-corpus/$t" artifacts="$build/fuzz-artifacts/$t" log="$build/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  dirs=("$corpus" "$seeds/$base")
  [ -d "$root/fuzz/regressions/$base" ] && dirs+=("$root/fuzz/regressions/$base")
  before=$(find "$artifacts" -type f | wc -l)
  echo "fuzz: $t for $seconds s (log: $log)" >&2
  # -fork=1: crashes, timeouts and leaks are saved and counted, and the
  # fuzzing goes on until the time is up.
  env "${env[@]}" "$build/fuzz/fuzz-$base" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
    -ignore_ooms=1 -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" \
    -rss_limit_mb=6144 -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "${dirs[@]}" >"$log" 2>&1 || true
  # The last status line: "#EXECS: cov: ... oom/timeout/crash: O/T/C time: ..."
  last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
  execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
  otc=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+/[0-9]+/[0-9]+).*#\1#p' <<<"$last")
  new=$(( $(find "$artifacts" -type f | wc -l) - before ))
  crashes=${otc##*/}
  [ "${crashes:-0}" -eq 0 ] && [ "$new" -eq 0 ] || status=1
  summary+=("$(printf '%-18s %6s s %12s executions   oom/timeout/crash %-9s new artifacts %d' \
    "$t" "$seconds" "${execs:-?}" "${otc:-?}" "$new")")
done
printf '%s\n' "${summary[@]}"
if [ $status -ne 0 ]; then
  echo "fuzz: artifacts under $build/fuzz-artifacts (reproduce: $build/fuzz/fuzz-<target> FILE)" >&2
fi
exit $status
