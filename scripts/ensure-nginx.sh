#!/usr/bin/env bash
# Installs Debian's nginx for the deploy-file tests (test/e2e/nginx.spec.ts) when it is absent.
# The tests run their own unprivileged nginx; the packaged service is never needed.
set -euo pipefail
if [ -x "${NGINX_PATH:-/usr/sbin/nginx}" ]; then exit 0; fi
echo "nginx not found: installing Debian's nginx package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# RUNLEVEL=1 tells invoke-rc.d not to start the packaged service (it would take port 80).
$SUDO env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
