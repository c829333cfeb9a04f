#!/usr/bin/env bash
# The whole test suite, set-up included, on a fresh machine: npm dependencies, Debian's
# Chromium, nginx, rsync, sshd and Ceph (an S3-compatible store) when absent, lint, types, catalogs, unit tests, all five bundles, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

step "dependencies"
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
node scripts/build-cli.mjs
bash scripts/ensure-nginx.sh
bash scripts/ensure-host-tools.sh >/dev/null
bash scripts/ensure-ssh.sh
bash scripts/ensure-ceph.sh
bash scripts/ensure-pdf-tools.sh

step "lint and format (biome)"
npx biome check .

step "types (tsc)"
npx tsc --noEmit -p tsconfig.json

step "layers (dependency-cruiser: no cycles, imports flow one way)"
bash scripts/layers.sh

step "security: production dependencies (npm audit, known advisories)"
node scripts/audit.mjs

step "translations (ru, en, es complete)"
node scripts/i18n-check.mjs

# No silent skips (docs/testing.md): each runner prints every skipped test with its reason and
# fails the run when a test is skipped without one (test/reporters/).
step "unit tests (vitest)"
npx vitest run --reporter=default --reporter=./test/reporters/no-silent-skips.vitest.ts

step "unit tests and a build under the newest Node LTS"
# The machines run Node 20.19 (still supported here); the newest LTS runs the same unit tests
# and builds the core afresh, so breakage there is caught.
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="$lts_bin:$PATH" node --version
PATH="$lts_bin:$PATH" npx vitest run --reporter=default \
  --reporter=./test/reporters/no-silent-skips.vitest.ts
PATH="$lts_bin:$PATH" STOREFRONT_CORE_CACHE=.cache/core-node-lts \
  node cli/bin.js build mysport --out-dir .cache/dist-node-lts

step "build every tenant"
node cli/bin.js build --all

step "end-to-end tests (Playwright, Debian Chromium)"
npx playwright test --reporter=list,./test/reporters/no-silent-skips.playwright.ts

step "done"
