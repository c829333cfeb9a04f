#!/usr/bin/env bash
# The hosts' own tools for the deploy tests (test/e2e/hosts.spec.ts): Cloudflare's wrangler,
# whose `pages dev` runs Cloudflare Pages' real runtime (workerd, shipped inside the npm package)
# offline, and Netlify's own _redirects/_headers parsers. Pinned by scripts/tools/hosts/
# package-lock.json and installed by ensure-tool.sh: they need Node >= 22 (they run under the
# newest LTS of ensure-node-lts.sh) and weigh ~200 MB that no user of the CLI needs.
# Prints the folder holding the tools' node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tool.sh hosts
