#!/usr/bin/env bash
# The layer check's tools (npm run layers): dependency-cruiser 18 and the TypeScript 5.9
# it parses with, pinned by scripts/tools/depcruise/package-lock.json and installed with `npm ci`
# into .cache/, outside the project's dependency tree (the project's TypeScript 7 has no JS API,
# and dependency-cruiser needs Node >= 22: it runs under the newest LTS of ensure-node-lts.sh).
# Idempotent and quick when present: the folder is named after the lock's hash.
# Prints the folder holding the dependency-cruiser binary.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC="scripts/tools/depcruise"
HASH=$(sha256sum "${SRC}/package-lock.json" | cut -c1-12)
DIR=".cache/depcruise-${HASH}"
if [ ! -x "${DIR}/node_modules/.bin/depcruise" ]; then
  lts_bin=$(bash scripts/ensure-node-lts.sh)
  rm -rf "${DIR}"
  mkdir -p "${DIR}"
  cp "${SRC}/package.json" "${SRC}/package-lock.json" "${DIR}/"
  (cd "${DIR}" && PATH="${lts_bin}:$PATH" npm ci --no-audit --no-fund --loglevel=error >&2)
fi
echo "$(pwd)/${DIR}/node_modules/.bin"
