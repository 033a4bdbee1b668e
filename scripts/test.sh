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
# The VS Code extension's browser test (CTest vscode.e2e): Node 24,
# code-server and playwright-core from the npm registry, installed once
# under ~/.cache (editors/vscode/test/e2e/setup.sh; minutes the first time,
# about a second once there). Without npm, or with CUDALINT_VSCODE_E2E=0,
# nothing is installed; a failed install is a warning, and the test then
# says that it is skipped and why.
if [ "${CUDALINT_VSCODE_E2E:-1}" != 0 ] && command -v npm >/dev/null; then
  "$root/editors/vscode/test/e2e/setup.sh" >/dev/null ||
    echo "test: warning: the VS Code test's tools did not install; vscode.e2e will be skipped" >&2
fi
# The habits CI holds: formatting, header stages, file and function length
# (scripts/habits.sh; it fails the run before the tests).
"$root/scripts/habits.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"

sanitize="${CUDALINT_SANITIZE:-}"
if [ -z "$sanitize" ] && [ "${CI:-}" = true ]; then
  sanitize=1
fi
if [ "$sanitize" = 1 ]; then
  echo "test: the suite again under ASan + UBSan (scripts/sanitize.sh)" >&2
  "$root/scripts/sanitize.sh"
fi
