#!/usr/bin/env bash
# Builds cuda-launch-lint and runs every test (GoogleTest and lit) through CTest.
#
# In CI (CI=true, as CI systems set it), or when asked with CUDALINT_SANITIZE=1,
# the same suite then runs again in a second build under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh, build-asan): undefined
# behaviour, a memory error or a leak fails the run. CUDALINT_SANITIZE=0 skips
# that pass, in CI too.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"

sanitize="${CUDALINT_SANITIZE:-}"
if [ -z "$sanitize" ] && [ "${CI:-}" = true ]; then
  sanitize=1
fi
if [ "$sanitize" = 1 ]; then
  echo "test: the suite again under ASan + UBSan (scripts/sanitize.sh)" >&2
  "$root/scripts/sanitize.sh"
fi
