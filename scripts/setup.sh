#!/usr/bin/env bash
# setup.sh: installs every Debian package Carta needs (idempotent, non-interactive), then builds.
# Usage: scripts/setup.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential pkg-config cmake ninja-build clang llvm libclang-rt-14-dev
          libjansson-dev libfyaml-dev libsqlite3-dev sqlite3 libcmocka-dev libedit-dev tmux
          libwebsockets-dev libopenmpi-dev openmpi-bin chromium
          python3-yaml python3-jsonschema)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# The browser tests' one npm package (playwright-core; the browser is Debian's chromium above).
if [ ! -d tests/e2e/node_modules/playwright-core ] ||
   [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
  echo "setup: installing the browser tests' npm packages (tests/e2e)" >&2
  npm ci --prefix tests/e2e --no-audit --no-fund --loglevel=error >&2
fi

if [ "${1:-}" != "--no-build" ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build >&2
fi
