#!/usr/bin/env bash
# Sets Pith up on a fresh Debian machine: Chromium and Firefox ESR from apt (if missing), npm packages, and the builds.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from apt…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# Firefox ESR runs the Firefox end-to-end tests (test/e2e/firefox.test.ts); the rest works without it.
if [ ! -x /usr/bin/firefox-esr ]; then
  echo "Installing Firefox ESR from apt…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq firefox-esr >/dev/null || echo "firefox-esr not installed: the Firefox tests will be skipped"
fi

# The Dask integration's test (integrations/dask/) uses Debian's Python packages.
if ! /usr/bin/python3 -c 'import pytest, dask, distributed' >/dev/null 2>&1; then
  echo "Installing python3-pytest, python3-dask, python3-distributed from apt…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pytest python3-dask python3-distributed >/dev/null
fi

# onnxruntime-node's install script downloads GPU binaries; the CPU ones ship inside the package.
export ONNXRUNTIME_NODE_INSTALL=skip
npm ci --no-audit --no-fund
npm run build
echo "Pith is set up. Try: npm run demo"
