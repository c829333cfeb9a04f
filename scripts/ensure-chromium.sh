#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is absent (Playwright cannot
# download its own browsers on these machines).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
echo "Chromium not found: installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
