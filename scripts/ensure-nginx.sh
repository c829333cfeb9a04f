#!/usr/bin/env bash
# Installs Debian's nginx for the deploy-file tests (test/e2e/nginx.spec.ts, paths.spec.ts,
# precompressed.spec.ts) when it is absent, and Debian's ngx_brotli modules
# (libnginx-mod-http-brotli-static and -filter), so the precompressed .br copies are tested on a
# real nginx with the module as well as without it (the tests load it only where they mean to).
# The tests run their own unprivileged nginx; the packaged service is never needed.
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
BROTLI_MODULE=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
if [ -x "$NGINX" ] && [ -f "$BROTLI_MODULE" ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=()
if [ ! -x "$NGINX" ]; then
  echo "nginx not found: installing Debian's nginx package…"
  packages+=(nginx)
fi
if [ ! -f "$BROTLI_MODULE" ]; then
  echo "ngx_brotli not found: installing Debian's libnginx-mod-http-brotli-static and -filter…"
  packages+=(libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter)
fi
$SUDO apt-get update -qq
# RUNLEVEL=1 tells invoke-rc.d not to start the packaged service (it would take port 80).
$SUDO env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
