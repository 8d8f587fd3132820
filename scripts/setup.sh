#!/usr/bin/env bash
# Sets Pith up on a fresh Debian machine: Chromium from apt (if missing), npm packages, and the builds.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from apt…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# onnxruntime-node's install script downloads GPU binaries; the CPU ones ship inside the package.
export ONNXRUNTIME_NODE_INSTALL=skip
npm ci --no-audit --no-fund
npm run build
echo "Pith is set up. Try: npm run demo"
