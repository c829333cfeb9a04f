#!/usr/bin/env bash
# Debian's packages the tests run for real, installed when absent, in one apt transaction:
#   chromium  Chromium for the benchmark and its headless shell for the browser tests (Playwright
#             cannot download its own browsers on these machines)
#   nginx     nginx and Debian's ngx_brotli modules, for the deploy-file tests (the tests load
#             the module only where they mean to, and run their own unprivileged nginx)
#   ssh       rsync and OpenSSH, for publishing over SSH (the tests start their own sshd)
#   ceph      Ceph's monitor, OSD, RADOS Gateway and admin tools, for publishing to object
#             storage (the tests start their own single-node cluster in memory)
#   pdf       poppler-utils (pdftotext) and qpdf, to read the policy PDFs back
# Usage: bash scripts/ensure-debian.sh [group…] (every group when none is named). The packaged
# services are never started (RUNLEVEL=1 keeps invoke-rc.d from taking ports 22 and 80).
# One `apt-get update` for all, dpkg without an fsync per file: the test command runs this in
# the background while lint, types and the quick unit tests run.
set -euo pipefail
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(chromium nginx ssh ceph pdf)

# Packages installed with their recommendations (as each was before: Chromium's fonts matter to
# the screenshot baselines), and those without.
with=()
without=()
for g in "${groups[@]}"; do
  case "$g" in
    chromium)
      [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || with+=(chromium)
      [ -x "${TEST_BROWSER_PATH:-/usr/bin/chromium-headless-shell}" ] ||
        with+=(chromium-headless-shell) ;;
    nginx)
      [ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || with+=(nginx)
      [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] ||
        with+=(libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter) ;;
    ssh)
      { command -v rsync && command -v ssh && [ -x /usr/sbin/sshd ]; } >/dev/null ||
        without+=(rsync openssh-client openssh-server) ;;
    ceph)
      for p in ceph-mon ceph-osd radosgw radosgw-admin monmaptool ceph; do
        if [ ! -x "/usr/bin/$p" ]; then
          without+=(radosgw ceph-mon ceph-osd ceph-common)
          break
        fi
      done ;;
    pdf)
      { command -v pdftotext && command -v qpdf; } >/dev/null || with+=(poppler-utils qpdf) ;;
    *) echo "ensure-debian.sh: no group ${g} (chromium, nginx, ssh, ceph, pdf)" >&2; exit 2 ;;
  esac
done
[ ${#with[@]} -gt 0 ] || [ ${#without[@]} -gt 0 ] || exit 0

echo "installing Debian's ${with[*]} ${without[*]}…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
apt() {
  $SUDO env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get -y -qq \
    -o Dpkg::Options::=--force-unsafe-io "$@" >/dev/null
}
# apt may be busy with another install for a moment: try a few times.
for attempt in 1 2 3 4 5; do
  if apt update &&
    { [ ${#with[@]} -eq 0 ] || apt install "${with[@]}"; } &&
    { [ ${#without[@]} -eq 0 ] || apt install --no-install-recommends "${without[@]}"; }; then
    exit 0
  fi
  echo "apt failed or busy (attempt ${attempt}); retrying in 10 s…"
  sleep 10
done
exit 1
