#!/usr/bin/env bash
# Sets up everything the tests need on a fresh Debian machine (bubblewrap and socat for the sandbox,
# ripgrep, Chromium, Node 24 and code-server for the real-VS-Code tests), then runs lint, typecheck,
# unit and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-sandbox.sh
if ! command -v rg >/dev/null 2>&1; then
  echo "Installing ripgrep (Debian package) for the search tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends ripgrep >/dev/null
fi

npm ci --no-audit --no-fund
bash scripts/setup-vscode-tools.sh
npm run lint
npm test
