#!/usr/bin/env bash
# The hosts' own tools for the deploy tests (test/e2e/hosts.spec.ts): Cloudflare's wrangler,
# whose `pages dev` runs Cloudflare Pages' real runtime (workerd, shipped inside the npm package)
# offline, and Netlify's own _redirects/_headers parsers. Pinned by scripts/tools/hosts/
# package-lock.json and installed with `npm ci` into .cache/, outside the project's dependency
# tree: they need Node >= 22 (they run under the newest LTS of ensure-node-lts.sh) and weigh
# ~200 MB that no user of the CLI needs. Idempotent and quick when present.
# Prints the folder holding the tools' node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC="scripts/tools/hosts"
HASH=$(sha256sum "${SRC}/package-lock.json" | cut -c1-12)
DIR=".cache/host-tools-${HASH}"
if [ ! -x "${DIR}/node_modules/.bin/wrangler" ]; then
  lts_bin=$(bash scripts/ensure-node-lts.sh)
  rm -rf "${DIR}"
  mkdir -p "${DIR}"
  cp "${SRC}/package.json" "${SRC}/package-lock.json" "${DIR}/"
  (cd "${DIR}" && PATH="${lts_bin}:$PATH" npm ci --no-audit --no-fund --loglevel=error >&2)
fi
echo "$(pwd)/${DIR}"
