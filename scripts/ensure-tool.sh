#!/usr/bin/env bash
# A pinned npm tool folder: scripts/tools/<name>/ (package.json, package-lock.json and, when a
# tool needs one, .npmrc) installed with `npm ci` under the newest Node LTS of
# ensure-node-lts.sh into .cache/tool-<name>-<hash of its lock>, outside the project's
# dependency tree. For tools that need a newer Node than the machines have, or would weigh down
# every `npm ci` (dependency-cruiser, the hosts' runtimes, StrykerJS). Idempotent and quick when
# present; installed beside and moved into place, so an interrupted install is never taken for
# a finished one and a folder in use is never replaced. Prints the folder (its node_modules/.bin
# holds the tools' commands).
# Usage: bash scripts/ensure-tool.sh <name>
set -euo pipefail
cd "$(dirname "$0")/.."
NAME="${1:?usage: ensure-tool.sh <name of a folder in scripts/tools>}"
SRC="scripts/tools/${NAME}"
[ -f "${SRC}/package-lock.json" ] || { echo "no ${SRC}/package-lock.json" >&2; exit 1; }
pinned() {
  cat "${SRC}/package-lock.json"
  if [ -f "${SRC}/.npmrc" ]; then cat "${SRC}/.npmrc"; fi
}
HASH=$(pinned | sha256sum | cut -c1-12)
DIR=".cache/tool-${NAME}-${HASH}"
if [ ! -f "${DIR}/.installed" ]; then
  lts_bin=$(bash scripts/ensure-node-lts.sh)
  work="${DIR}.partial-$$"
  rm -rf "${work}"
  mkdir -p "${work}"
  cp "${SRC}/package.json" "${SRC}/package-lock.json" "${work}/"
  if [ -f "${SRC}/.npmrc" ]; then cp "${SRC}/.npmrc" "${work}/"; fi
  (cd "${work}" && PATH="${lts_bin}:$PATH" npm ci --no-audit --no-fund --loglevel=error >&2)
  touch "${work}/.installed"
  # A second run may have finished first (two test workers, two runs): its folder is as good.
  mv -T "${work}" "${DIR}" 2>/dev/null || rm -rf "${work}"
fi
echo "$(pwd)/${DIR}"
