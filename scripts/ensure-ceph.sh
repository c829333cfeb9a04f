#!/usr/bin/env bash
# Debian's Ceph (monitor, OSD, RADOS Gateway, admin tools) for the object-storage publish tests,
# when absent (scripts/ensure-debian.sh).
exec bash "$(dirname "$0")/ensure-debian.sh" ceph
