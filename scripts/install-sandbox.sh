#!/usr/bin/env bash
# Installs what Elbow's command sandbox needs on Debian and Ubuntu (idempotent): bubblewrap, and
# socat for the hosts elbow.sandbox.allowedHosts lets commands reach. Elsewhere it only says what to install.
set -euo pipefail

missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v socat >/dev/null 2>&1 || missing+=(socat)
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Elbow's sandbox needs: ${missing[*]}. Install them with your package manager; until then commands run without a sandbox." >&2
  exit 0
fi
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing ${missing[*]} (Debian packages) for the command sandbox…"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
