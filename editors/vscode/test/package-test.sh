#!/usr/bin/env bash
# CTest's vscode.package: editors/vscode/package.sh builds the .vsix into
# <build dir>, and the package holds the compiled extension and its
# runtime dependency. 77 (skipped) without npm.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v npm >/dev/null || { echo "SKIPPED: npm is not installed (the extension is built with npm)"; exit 77; }
vsix=$("$here/package.sh" "$1")
python3 - "$vsix" <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = ["extension/package.json", "extension/out/extension.js", "extension/out/settings.js",
        "extension/node_modules/vscode-languageclient/package.json"]
missing = [n for n in need if n not in names]
leaked = [n for n in names if n.startswith(("extension/src/", "extension/out/test/", "extension/test/"))]
if missing or leaked:
    sys.exit("vsix: missing %s, should not hold %s" % (missing, leaked[:5]))
print("ok: %s (%d files)" % (sys.argv[1], len(names)))
PY
