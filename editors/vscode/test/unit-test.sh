#!/usr/bin/env bash
# CTest's vscode.unit: the extension's own unit tests in Node (node --test):
# settings -> server and report arguments, the binary check, the compile
# database, the launch at the cursor. package.sh (vscode.package) compiled
# them into out/test. 77 (skipped) without Node or npm.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v node >/dev/null || { echo "SKIPPED: Node.js is not installed"; exit 77; }
[ -d "$here/node_modules" ] || { echo "SKIPPED: no editors/vscode/node_modules (vscode.package did not run: npm missing?)"; exit 77; }
cd "$here"
npx --no-install tsc -p .
node --test out/test/
