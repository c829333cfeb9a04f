#!/usr/bin/env bash
# Debian's nginx and its ngx_brotli modules for the deploy-file tests, when absent
# (scripts/ensure-debian.sh).
exec bash "$(dirname "$0")/ensure-debian.sh" nginx
