#!/usr/bin/env bash
# Debian's Chromium for the browser tests, when absent (scripts/ensure-debian.sh).
exec bash "$(dirname "$0")/ensure-debian.sh" chromium
