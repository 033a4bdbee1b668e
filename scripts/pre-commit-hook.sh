#!/usr/bin/env bash
# pre-commit entry for cuda-launch-lint (.pre-commit-hooks.yaml).
#   pre-commit-hook.sh [tool options] [-- <compile flags>] <files>...
# Files are the arguments that name existing .cu/.cuh files (pre-commit
# appends them). Headers (.cuh) are linted through the sources that include
# them, so they are skipped here. Without `--` flags, the compile database is
# $CUDA_LAUNCH_LINT_BUILD_DIR, else the first build*/compile_commands.json
# under the repository root. $CUDA_LAUNCH_LINT_ARGS adds tool options.
set -euo pipefail
tool="${CUDA_LAUNCH_LINT:-cuda-launch-lint}"
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "cuda-launch-lint hook: '$tool' not found (put it on PATH or set CUDA_LAUNCH_LINT)" >&2
  exit 2
fi
options=() flags=() files=() have_flags=0
for arg in "$@"; do
  if [[ ( "$arg" == *.cu || "$arg" == *.cuh ) && -f "$arg" ]]; then
    [[ "$arg" == *.cu ]] && files+=("$arg")
  elif [[ $have_flags == 1 ]]; then
    flags+=("$arg")
  elif [[ "$arg" == "--" ]]; then
    have_flags=1
  else
    options+=("$arg")
  fi
done
[[ ${#files[@]} == 0 ]] && exit 0
# shellcheck disable=SC2206
extra=(${CUDA_LAUNCH_LINT_ARGS:-})
if [[ $have_flags == 1 ]]; then
  exec "$tool" "${options[@]}" "${extra[@]}" "${files[@]}" -- "${flags[@]}"
fi
build="${CUDA_LAUNCH_LINT_BUILD_DIR:-}"
if [[ -z "$build" ]]; then
  root=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  for db in "$root"/compile_commands.json "$root"/build*/compile_commands.json; do
    if [[ -f "$db" ]]; then build=$(dirname "$db"); break; fi
  done
fi
if [[ -z "$build" ]]; then
  echo "cuda-launch-lint hook: no compile database (build*/compile_commands.json); set CUDA_LAUNCH_LINT_BUILD_DIR or give args: [--, <compile flags>]" >&2
  exit 2
fi
exec "$tool" -p "$build" "${options[@]}" "${extra[@]}" "${files[@]}"
