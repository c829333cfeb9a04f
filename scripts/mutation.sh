#!/usr/bin/env bash
# Mutation testing with StrykerJS: npm run mutation [-- --mutate 'storefront/src/domain/**/*.ts'].
# It runs under the newest LTS from scripts/ensure-node-lts.sh, like the other Node >= 22 tools;
# Stryker itself is pinned to 9.6 (Node >= 20, Babel 7): Stryker 10 and its Babel 8 declare
# Node >= 22 and made every `npm ci` on Node 20 print ~40 EBADENGINE warnings (docs/testing.md).
# Afterwards the score per folder is printed from reports/mutation/mutation.json.
set -euo pipefail
cd "$(dirname "$0")/.."
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="$lts_bin:$PATH" npx stryker run stryker.config.mjs "$@"
PATH="$lts_bin:$PATH" node scripts/mutation-summary.mjs reports/mutation/mutation.json
