#!/usr/bin/env bash
# Sets up everything the tests need on a fresh Debian machine, then runs lint, typecheck and all tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v rg >/dev/null 2>&1; then
  echo "Installing ripgrep (Debian package) for the search tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends ripgrep >/dev/null
fi

npm ci --no-audit --no-fund
npm run lint
npm test
