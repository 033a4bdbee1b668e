#!/bin/sh
# Front end vs `clang++-19 -fsyntax-only` on the real projects (issue 28: median <= 1.3x; give
# the worst file and the peak memory), through bench/frontend-per-file.sh on each project's
# database: the tool with --no-cache --resource-usage=none -j 1 against clang++-19 on the
# command the tool's compile-db translates the entry to; CPU seconds, fastest of REPEAT runs.
#   TOOL=/path/cuda-launch-lint [PROJECTS=a,b] [REPEAT=1] bench/realcode/frontend.sh > out.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TOOL:?set TOOL to the cuda-launch-lint binary}"
: "${REALCODE:=/work/realcode}"
projects=$(echo "${PROJECTS:-SGEMM_CUDA,diff-gaussian-rasterization,bitsandbytes,cuda_hgemm,multi-gpu-programming-models,DeepEP}" | tr ',' ' ')
all=$(mktemp)
for p in $projects; do
  echo "== $p"
  CUDA_LAUNCH_LINT="$TOOL" REPEAT="${REPEAT:-1}" nice -n 10 "$here/../frontend-per-file.sh" "$REALCODE/db/$p" .cu | tee -a "$all"
done
echo "== all projects"
grep ' clang .* ratio ' "$all" | awk '{for (i = 1; i <= NF; i++) { if ($i == "ratio") r = $(i + 1); if ($i == "peak") m = $(i + 1) } print r, m, $1}' \
  | sort -g | awk '{r[NR] = $1; if ($2 > peak) { peak = $2; pf = $3 } w = $3} END {printf "files: %d, median ratio %s, worst %s (%s), peak %d MiB (%s)\n", NR, r[int((NR + 1) / 2)], r[NR], w, peak, pf}'
rm -f "$all"
