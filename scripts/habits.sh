#!/usr/bin/env bash
# The habits CI holds (docs/contributing.md, "Style"); scripts/test.sh runs it.
#   1. every tracked C++ file is clang-format-19 clean;
#   2. no header includes a later stage's header (scripts/stages.py);
#   3. no file in lib/, tools/ or include/ over 600 lines, no function over
#      120 lines (scripts/shape.py, which parses every source: minutes on two
#      cores; CUDALINT_SHAPE=0 skips it).
# Exit 1 when a habit is broken, with one line per offence.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${CUDALINT_BUILD_DIR:-$root/build}"
cd "$root"
fail=0

format=$(command -v clang-format-19 || command -v clang-format || true)
if [ -z "$format" ]; then
  echo "habits: clang-format-19 not found (apt-get install clang-format-19)" >&2
  fail=1
else
  while IFS= read -r f; do
    if ! "$format" --dry-run -Werror "$f" >/dev/null 2>&1; then
      echo "habits: $f is not clang-format clean (run: clang-format-19 -i $f)"
      fail=1
    fi
  done < <(git ls-files -- '*.cpp' '*.h' | grep -v '^test/lit/\|^editors/\|^bench/gpu/')
fi

python3 scripts/stages.py || fail=1

if [ "${CUDALINT_SHAPE:-1}" != 0 ]; then
  out=$(python3 scripts/shape.py -p "$build" -j "${CUDALINT_JOBS:-2}" --max-duplicate-pairs 1000000)
  rc=$?
  if [ $rc -ne 0 ]; then
    # The files and functions over their limits; all of it on an error.
    printf '%s\n' "$out" | grep '^file \|^function ' | sed 's/^/habits: /' ||
      printf '%s\n' "$out"
    fail=1
  fi
fi
exit $fail
