#!/usr/bin/env bash
# Builds the VS Code extension: editors/vscode/package.sh [OUT_DIR]
# writes OUT_DIR/cuda-launch-lint-<version>.vsix (default OUT_DIR: this
# folder). npm installs the locked dependencies (package-lock.json) into
# node_modules/ here; TypeScript compiles src/ into out/; @vscode/vsce packs.
# Needs Node 18+ and npm; nothing else. A clean clone: this one script.
# Its stdout is the .vsix's path alone (callers read it); the rest goes to
# stderr.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$here"
command -v npm >/dev/null || { echo "package.sh: npm is needed (apt-get install npm)" >&2; exit 2; }
version=$(node -p 'require("./package.json").version')
# npm ci: exactly the lockfile's versions; skipped when they are in place.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
npx --no-install tsc -p . >&2
rm -f "$out/cuda-launch-lint-$version.vsix"
npx --no-install vsce package --skip-license --allow-missing-repository \
  --out "$out/cuda-launch-lint-$version.vsix" >&2
echo "$out/cuda-launch-lint-$version.vsix"
