#!/usr/bin/env bash
# Measures the occupancy calculator's speed goals (numbers for the notes, not
# assertions): in-process throughput on one core, and `occupancy --batch`
# end to end on 100,000 lines.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
tool="$build/tools/cuda-launch-lint/cuda-launch-lint"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== in-process calculator (Google Benchmark, one core)"
taskset -c 0 "$build/bench/cudalint-bench" --benchmark_min_time=1 2>&1 | grep -E 'BM_|^Run|CPU'

echo "== occupancy --batch, 100000 lines"
python3 - "$work/batch.jsonl" <<'PY'
import json, random, sys
archs = ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"]
rng = random.Random(1)
with open(sys.argv[1], "w") as f:
    for i in range(100000):
        line = {"arch": rng.choice(archs), "threads": 32 * rng.randint(1, 32),
                "regs": rng.randint(16, 168)}
        if rng.random() < 0.3:
            line["smem"] = rng.randint(0, 48 * 1024)
        if rng.random() < 0.3:
            line["dyn_smem"] = rng.randint(0, 40 * 1024)
        f.write(json.dumps(line) + "\n")
PY
for run in 1 2 3; do
  start=$(date +%s%N)
  "$tool" occupancy --batch "$work/batch.jsonl" > "$work/out.jsonl"
  end=$(date +%s%N)
  echo "run $run: $(( (end - start) / 1000000 )) ms, $(wc -l < "$work/out.jsonl") lines out"
done
