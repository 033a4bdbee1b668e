#!/usr/bin/env bash
# Builds cuda-launch-lint and runs it on the bundled examples.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
tool="$build/tools/cuda-launch-lint/cuda-launch-lint"

set -x
# Every kernel launch in a CUDA file, with its resolved configuration.
"$tool" --list-launches "$root/examples/launches.cu" -- -std=c++17
# Launches that fail or waste the GPU, per target arch (exit status 1: errors).
"$tool" "$root/examples/findings.cu" -- nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 || test $? = 1
# The tutorial's register-bound kernel on an A100: report and charts.
"$tool" occupancy --gpu A100-SXM --threads 256 --regs 72
# Many configurations in one process: one JSON line each.
"$tool" occupancy --batch "$root/examples/occupancy-sweep.jsonl"
