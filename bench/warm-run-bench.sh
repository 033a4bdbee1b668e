#!/usr/bin/env bash
# What a re-run costs once the caches are warm (docs/facts-cache.md), on
# cuda-samples through its own CMake compile database (nvcc commands, the
# project's 9 archs):
#   - the cold run (empty cache: every unit parsed, every device compile run)
#     with -j 1 and with -j 2 (scaling);
#   - the warm re-run, `cuda-launch-lint -p <build>` again on the -j 2 run's
#     cache (front-end facts and device facts both cached), and warm/cold;
#   - the front end alone (--resource-usage=none --no-cache -j 1) against
#     `clang++-19 -fsyntax-only` of the same files with the same flags (the
#     commands `cuda-launch-lint compile-db` writes for them).
#   bench/warm-run-bench.sh <cuda-samples checkout> [<Samples subfolder>...]
# Default subfolder: 0_Introduction (34 units). $SAMPLES_BUILD: a configured
# cuda-samples build directory to reuse (else one is configured here, with
# -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; samples whose libraries are missing
# fail to configure, the database is written anyway). $REPEAT: warm runs
# (median; default 5). $PARTS: which measurements (default "cache frontend";
# "frontend" alone skips the cold runs). Needs the tool built (build/), nvcc
# and clang++-19. No assertion: it prints the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool="${CUDA_LAUNCH_LINT:-${CUDALINT_BUILD_DIR:-$root/build}/tools/cuda-launch-lint/cuda-launch-lint}"
samples_root="${1:?usage: warm-run-bench.sh <cuda-samples checkout> [Samples subfolder...]}"
shift
subsets=("$@")
[ ${#subsets[@]} -eq 0 ] && subsets=(0_Introduction)
repeat="${REPEAT:-5}"
parts="${PARTS:-cache frontend}"
nvcc="${CUDACXX:-/usr/local/cuda/bin/nvcc}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build="${SAMPLES_BUILD:-$work/samples-build}"
if [ ! -f "$build/compile_commands.json" ]; then
  cmake -S "$samples_root" -B "$build" -G Ninja -DCMAKE_CUDA_COMPILER="$nvcc" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$work/configure.log" 2>&1 || true
  [ -f "$build/compile_commands.json" ] ||
    { echo "configure wrote no compile_commands.json; see $work/configure.log" >&2; exit 1; }
fi
mkdir -p "$work/db"
units=$(python3 - "$build/compile_commands.json" "$work/db/compile_commands.json" "${subsets[@]}" <<'PY'
import json, sys
src, dst, subsets = sys.argv[1], sys.argv[2], sys.argv[3:]
entries = [e for e in json.load(open(src)) if e["file"].endswith(".cu")
           and any("/Samples/%s/" % s in e["file"] for s in subsets)]
json.dump(entries, open(dst, "w"), indent=1)
print(len(entries))
PY
)

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Seconds a command takes; its exit status is ignored (1: findings).
time_it() { local s e; s=$(now); "$@" >/dev/null 2>&1 || true; e=$(now); awk -v s="$s" -v e="$e" 'BEGIN {printf "%.3f", e - s}'; }
lint() { "$tool" -p "$work/db" --format json -o /dev/null "$@"; }

echo "cuda-samples: ${subsets[*]} ($units units, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

if [[ " $parts " == *" cache "* ]]; then
  cold1=$(time_it lint -j 1 --cache-dir "$work/cache-j1")
  cold2=$(time_it lint -j 2 --cache-dir "$work/cache-j2")
  warms=()
  for _ in $(seq "$repeat"); do warms+=("$(time_it lint -j 2 --cache-dir "$work/cache-j2")"); done
  warm=$(median "${warms[@]}")
  echo "cold run -j 1: ${cold1} s"
  echo "cold run -j 2: ${cold2} s (speed-up $(ratio "$cold1" "$cold2"))"
  echo "warm re-run -j 2: ${warm} s (median of $repeat: ${warms[*]})"
  lint -j 2 --cache-dir "$work/cache-j2" --verbose 2>&1 >/dev/null |
    grep -E "front end:|device compiles:" | sed 's/^cuda-launch-lint: /  /' || true
  echo "warm / cold (-j 2): $(ratio "$warm" "$cold2")"
  echo "(load after: $(cut -d' ' -f1-3 /proc/loadavg))"
fi

# The front end alone against clang++ -fsyntax-only, one file at a time.
if [[ " $parts " == *" frontend "* ]]; then
  "$tool" compile-db -p "$work/db" -o "$work/clangdb" >/dev/null 2>&1
  python3 - "$work/clangdb/compile_commands.json" "$work/syntax-only.sh" <<'PY'
import json, shlex, sys
out = []
for e in json.load(open(sys.argv[1])):
    args = e.get("arguments") or shlex.split(e["command"])
    keep, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            keep.append(a)
    # Clang's errors (code nvcc accepts) end no run: the front end goes on too.
    out.append("(cd %s && clang++-19 -fsyntax-only %s) || true"
               % (shlex.quote(e["directory"]), " ".join(map(shlex.quote, keep))))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
  syntax=$(time_it bash "$work/syntax-only.sh")
  front=$(time_it lint -j 1 --no-cache --resource-usage=none)
  echo "front end alone (-j 1, no cache, no device facts): ${front} s;" \
    "clang++-19 -fsyntax-only of the same commands: ${syntax} s; ratio $(ratio "$front" "$syntax")"
fi
