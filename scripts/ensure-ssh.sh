#!/usr/bin/env bash
# Debian's rsync and OpenSSH for the publish-over-SSH tests, when absent (scripts/ensure-debian.sh).
exec bash "$(dirname "$0")/ensure-debian.sh" ssh
