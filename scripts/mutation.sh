#!/usr/bin/env bash
# Mutation testing with StrykerJS (issue 16): npm run mutation [-- --mutate 'storefront/src/domain/**/*.ts'].
# Stryker 10 needs Node >= 22, so it runs under the newest LTS from scripts/ensure-node-lts.sh.
# Afterwards the score per folder is printed from reports/mutation/mutation.json.
set -euo pipefail
cd "$(dirname "$0")/.."
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="$lts_bin:$PATH" npx stryker run stryker.config.mjs "$@"
PATH="$lts_bin:$PATH" node scripts/mutation-summary.mjs reports/mutation/mutation.json
