#!/usr/bin/env bash
# Builds cuda-launch-lint and runs every test (GoogleTest and lit) through CTest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
