#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan (Clang 19, -O1 -g, assertions on) and runs the whole CTest suite
# under it. Any sanitizer report fails the run: each one is also written
# under build-asan/sanitizer-reports/ and printed at the end, so a report in
# a process whose exit status a test ignores is not lost.
#
#   scripts/sanitize.sh [ctest arguments, e.g. -R lit.values]
#
# The clang-tidy module and the compiler plugin run inside clang-tidy-19 and
# clang++-19 with the sanitizer runtime preloaded (test/CMakeLists.txt).
# See docs/robustness.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_ASAN_BUILD_DIR:-$root/build-asan}"
jobs="${CUDALINT_JOBS:-2}"

"$root/scripts/bootstrap.sh"
# The sanitizer runtimes of Clang 19 (not needed by the normal build).
if ! dpkg-query -W -f='${db:Status-Status}' libclang-rt-19-dev 2>/dev/null | grep -qx installed; then
  echo "sanitize: installing libclang-rt-19-dev" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libclang-rt-19-dev >/dev/null
fi

if [ ! -f "$build/build.ninja" ]; then
  # -O1 -g without -DNDEBUG: assertions (LLVM's cast<> among them) stay on.
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCUDALINT_SANITIZE="address;undefined" >/dev/null
fi
start=$(date +%s)
ninja -C "$build" -j "$jobs"
built=$(date +%s)

reports="$build/sanitizer-reports"
rm -rf "$reports" && mkdir -p "$reports"
# abort_on_error: a report kills the process with SIGABRT, which no test
# mistakes for the tool's exit status 1 ("findings").
common="abort_on_error=1:log_path=$reports/report:print_summary=1"
export ASAN_OPTIONS="$common:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="$common:print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-19/bin/llvm-symbolizer

status=0
# Tests labelled no-sanitizer run no code of the tool (nvcc checking the
# recordings' device facts, test/CMakeLists.txt): the normal pass runs them.
ctest --test-dir "$build" --output-on-failure -j "$jobs" -LE no-sanitizer "$@" || status=$?
end=$(date +%s)

if compgen -G "$reports/report*" >/dev/null; then
  echo "sanitize: sanitizer reports:" >&2
  for r in "$reports"/report*; do
    echo "==== $r" >&2
    cat "$r" >&2
  done
  status=1
fi
echo "sanitize: build $((built - start)) s, tests $((end - built)) s, status $status" >&2
exit $status
