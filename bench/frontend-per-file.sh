#!/usr/bin/env bash
# The front end with the value analysis against `clang++-19 -fsyntax-only`
# of the same host compile, file by file (issue goal: <= 1.5x), with the
# median and worst ratio and the tool's peak memory.
#   bench/frontend-per-file.sh <compile database dir> <file substring>...
# Each file matching a substring is timed with the tool (-j 1, no cache, no
# device facts) and with clang++-19 on the command the tool's `compile-db`
# translates the entry to, each the fastest of REPEAT runs in CPU time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool="${CUDA_LAUNCH_LINT:-${CUDALINT_BUILD_DIR:-$root/build}/tools/cuda-launch-lint/cuda-launch-lint}"
db="${1:?usage: frontend-per-file.sh <compile database dir> <file substring>...}"
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$db/compile_commands.json" "$work/db/compile_commands.json" "$@" <<'PY'
import json, os, sys
src, dst, subs = sys.argv[1], sys.argv[2], sys.argv[3:]
entries = [e for e in json.load(open(src)) if any(s in e["file"] for s in subs)]
os.makedirs(os.path.dirname(dst), exist_ok=True)
json.dump(entries, open(dst, "w"), indent=1)
PY
"$tool" compile-db -p "$work/db" -o "$work/clangdb" >/dev/null 2>&1
python3 - "$work/clangdb/compile_commands.json" "$work/cmds" <<'PY'
import json, shlex, sys
with open(sys.argv[2], "w") as out:
    for e in json.load(open(sys.argv[1])):
        args = e.get("arguments") or shlex.split(e["command"])
        keep, skip = [], False
        for a in args[1:]:
            if skip: skip = False
            elif a == "-o": skip = True
            elif a != "-c": keep.append(a)
        out.write("%s\t%s\t%s\n" % (e["file"], e["directory"],
                  "clang++-19 -fsyntax-only " + " ".join(map(shlex.quote, keep))))
PY
# Times are CPU seconds (user + system), each side the fastest of REPEAT
# runs (default 3): on a shared 2-core machine the wall time of a 1-second
# parse varies by half from one run to the next.
repeat=${REPEAT:-3}
fastest() { # fastest <command...>: "<cpu seconds> <peak KiB>" of the fastest run
  local best=""
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f "%U %S %M" -o "$work/run.time" "$@" >/dev/null 2>&1 || true
    local line; line=$(tail -1 "$work/run.time" | awk '{printf "%.2f %d", $1 + $2, $3}')
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if float('${line%% *}') < float('${best%% *}') else 1)"; then
      best=$line
    fi
  done
  echo "$best"
}
ratios=()
while IFS=$'\t' read -r file dir cmd; do
  read -r c _ < <(fastest bash -c "cd $(printf %q "$dir") && $cmd")
  read -r t mem < <(fastest "$tool" -p "$work/db" --no-cache --resource-usage=none -j 1 --format json -o /dev/null "$file")
  r=$(python3 -c "print(f'{$t / max($c, 0.01):.3f}')")
  ratios+=("$r")
  printf '%-60s clang %6.2f s  tool %6.2f s  ratio %s  peak %d MiB\n' "$(basename "$file")" "$c" "$t" "$r" $((mem / 1024))
done < "$work/cmds"
printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {printf "files: %d, median ratio %s, worst %s\n", NR, a[int((NR+1)/2)], a[NR]}'
