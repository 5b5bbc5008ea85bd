#!/usr/bin/env bash
# Sets up everything the tests need on a fresh Debian machine (bubblewrap and socat for the sandbox,
# ripgrep, Chromium, Node 24 and code-server for the real-VS-Code tests), then runs lint, typecheck,
# unit and integration tests. Both test runs go to the end even when one fails; the last line totals them.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-sandbox.sh
# ripgrep for the search tests; git, curl and jq for the attack table's commands; tmux for the chat in a real terminal;
# python3 (with ctypes) for the seccomp tests, which make raw system calls.
missing=()
for tool in rg:ripgrep git:git curl:curl jq:jq tmux:tmux /usr/bin/python3:python3; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} (Debian packages) for the tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

node scripts/packagesMatchLock.mjs || npm ci --no-audit --no-fund
bash scripts/setup-vscode-tools.sh
npm run lint
# The start script installs this package: it must build.
npm run package --silent
npm run build
outputs="$(mktemp -d)"
trap 'rm -rf "$outputs"' EXIT
status=0
npx mocha --color 2>&1 | tee "$outputs/unit" || status=1
node scripts/run-vscode-tests.mjs 2>&1 | tee "$outputs/integration" || status=1
node scripts/testSummary.mjs "$outputs/unit" "$outputs/integration"
exit "$status"
