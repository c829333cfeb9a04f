#!/usr/bin/env bash
# Installs Debian's Ceph (monitor, OSD, RADOS Gateway and the admin tools) for the object-storage
# publish tests (test/unit/publish/s3-*.test.ts): they start their own single-node cluster on
# loopback, in memory, in a temporary folder, and stop every daemon by pid. The packaged
# services are never started or needed.
set -euo pipefail
if [ -x /usr/bin/ceph-mon ] && [ -x /usr/bin/ceph-osd ] && [ -x /usr/bin/radosgw ] \
  && [ -x /usr/bin/radosgw-admin ] && [ -x /usr/bin/monmaptool ] && [ -x /usr/bin/ceph ]; then
  exit 0
fi
echo "Ceph not found: installing Debian's radosgw, ceph-mon, ceph-osd and ceph-common…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# RUNLEVEL=1 tells invoke-rc.d not to start the packaged services.
$SUDO env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends radosgw ceph-mon ceph-osd ceph-common >/dev/null
