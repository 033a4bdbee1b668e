#!/usr/bin/env bash
# Installs the Debian packages cuda-launch-lint needs to build and test.
# A no-op (no apt-get call at all) when everything is already present.
set -euo pipefail

packages=(
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools clang-tidy-19 clang-format-19 python3-clang-19
  cmake ninja-build g++ libgtest-dev libgmock-dev libbenchmark-dev pre-commit python3
  clangd-19 chromium ccache libmlir-19-dev neovim
  # HIP (issue 30): the HIP 5.2 headers and the ROCm device libraries that
  # clang++-19 -x hip --offload-arch=gfx... compiles device code with.
  libamdhip64-dev rocm-device-libs
  # lld 19 links a full HIP compile's device code objects (clang++-19 -x hip
  # -c; Debian's default ld.lld, lld 14, has no AMDGPU emulation): the tests
  # of HIP objects and of the launcher on them (lit feature hip-link).
  lld-19
  # The VS Code extension's browser test (editors/vscode/test/e2e/setup.sh):
  # code-server's install builds its native modules (kerberos needs the
  # GSSAPI headers; node-gyp needs make, g++ and python3).
  libkrb5-dev make
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done
# lit is shipped by llvm-19-tools as a Python module; some images also lack the launcher.
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "bootstrap: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "bootstrap: need root or sudo to install: ${missing[*]}" >&2; exit 2; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
