#!/usr/bin/env bash
# The layer check's tools (npm run layers): dependency-cruiser 18 and the TypeScript 5.9
# it parses with, pinned by scripts/tools/depcruise/package-lock.json and installed by
# ensure-tool.sh (the project's TypeScript 7 has no JS API, and dependency-cruiser needs
# Node >= 22: it runs under the newest LTS of ensure-node-lts.sh).
# Prints the folder holding the dependency-cruiser binary.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "$(bash scripts/ensure-tool.sh depcruise)/node_modules/.bin"
