#!/usr/bin/env bash
# The whole test suite, set-up included, on a fresh machine (docs/testing.md, "The test command,
# step by step"): Debian's Chromium, nginx, rsync, sshd, Ceph and the PDF tools when absent, and
# the newest Node LTS with its tools, installed in the background while npm's dependencies, lint,
# types, the audit, the catalogs and the quick unit tests run; then the layers, every tenant
# built, the same build and each CLI command under the newest Node LTS, the integration and
# daemon unit tests, and the browser tests. Each step prints when it starts; each runner ends
# with its ten slowest tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
mkdir -p .cache

# What downloads and unpacks (Debian's packages; the newest Node LTS and the pinned tools that
# run under it) goes on beside npm's install and the checks below, which need none of it.
debian_log=.cache/test-setup-debian.log
tools_log=.cache/test-setup-tools.log
bash scripts/ensure-debian.sh >"$debian_log" 2>&1 &
debian=$!
{ bash scripts/ensure-node-lts.sh && bash scripts/ensure-depcruise.sh &&
  bash scripts/ensure-host-tools.sh; } >"$tools_log" 2>&1 &
tools=$!

step "dependencies (npm)"
bash scripts/ensure-deps.sh
node scripts/build-cli.mjs

# Waits for a background set-up job; on failure shows its output and stops the run.
finish_setup() {
  if ! wait "$1"; then
    echo "set-up failed:" >&2
    cat "$2" >&2
    exit 1
  fi
}
trap 'kill $debian $tools 2>/dev/null || true' EXIT

step "lint and format (biome)"
npx biome check .

step "types (tsc)"
npx tsc --noEmit -p tsconfig.json

step "security: production dependencies (npm audit, known advisories)"
node scripts/audit.mjs

step "translations (ru, en, es complete)"
node scripts/i18n-check.mjs

# No silent skips (docs/testing.md): each runner prints every skipped test with its reason and
# fails the run when a test is skipped without one (test/reporters/).
vitest_reporters=(--reporter=default --reporter=./test/reporters/no-silent-skips.vitest.ts
  --reporter=./test/reporters/slowest.vitest.ts)

step "unit tests, quick (vitest: no process, no bundle, no daemon)"
npx vitest run --project quick "${vitest_reporters[@]}"

step "layers (dependency-cruiser: no cycles, imports flow one way)"
finish_setup $tools "$tools_log"
bash scripts/layers.sh

step "Debian's packages"
finish_setup $debian "$debian_log"
cat "$debian_log"

step "build every tenant"
node cli/bin.js build --all

step "under the newest Node LTS: the same bundles, byte for byte, and each CLI command once"
lts_bin=$(bash scripts/ensure-node-lts.sh)
PATH="$lts_bin:$PATH" node --version
PATH="$lts_bin:$PATH" npx vitest run --config test/node-lts/vitest.config.ts "${vitest_reporters[@]}"

step "unit tests, integration and daemons (vitest: the CLI as a process, builds, sshd, nginx, Ceph)"
npx vitest run --project integration --project daemons "${vitest_reporters[@]}"

step "end-to-end tests (Playwright, Debian Chromium)"
npx playwright test \
  --reporter=list,./test/reporters/no-silent-skips.playwright.ts,./test/reporters/slowest.playwright.ts

step "done"
