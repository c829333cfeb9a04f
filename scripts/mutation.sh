#!/usr/bin/env bash
# Mutation testing with StrykerJS 10: npm run mutation [-- --mutate 'storefront/src/domain/**/*.ts'].
# Stryker needs Node >= 22, so it is not among the project's devDependencies (every `npm ci` on
# the machines' Node 20 would install it and warn): it comes from its own pinned tool folder
# (scripts/tools/mutation, installed by ensure-tool.sh) and runs under the newest LTS of
# ensure-node-lts.sh, like dependency-cruiser. Its vitest runner uses the project's vitest.
# Afterwards the score per folder is printed from reports/mutation/mutation.json.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(bash scripts/ensure-tool.sh mutation)
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="$lts_bin:$PATH" node "${tools}/node_modules/.bin/stryker" run stryker.config.mjs "$@"
PATH="$lts_bin:$PATH" node scripts/mutation-summary.mjs reports/mutation/mutation.json
