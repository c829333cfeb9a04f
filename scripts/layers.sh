#!/usr/bin/env bash
# The layer rules of .dependency-cruiser.cjs over the browser core and the CLI, and the rules
# every file follows (no cycles, every import resolved and declared in package.json) over the
# tests, the scripts and the tool configs too (npm run layers, a step of the test command):
# fails on any broken rule. dependency-cruiser runs from its own pinned tool folder
# (scripts/ensure-depcruise.sh) under the newest Node LTS (it needs Node >= 22).
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(bash scripts/ensure-depcruise.sh)
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="${lts_bin}:$PATH" node "${tools}/depcruise" --config .dependency-cruiser.cjs \
  --output-type err "$@" storefront/src cli test scripts ./*.config.ts ./*.config.mjs
