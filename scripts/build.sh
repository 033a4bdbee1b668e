#!/usr/bin/env bash
# Installs what is missing, configures once and builds cuda-launch-lint.
# Idempotent: a second run only lets Ninja check that everything is current.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh"

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
# Two cores: Ninja's default parallelism is right, and keeps memory in check.
ninja -C "$build"
