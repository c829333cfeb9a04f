#!/usr/bin/env bash
# Installs Debian's poppler-utils (pdftotext) and qpdf for the privacy policy tests
# (test/unit/account/policy-pdf.test.ts): they read each tenant's policy back as text and check
# it is a well-formed PDF, on every machine the tests run on.
set -euo pipefail
if command -v pdftotext >/dev/null && command -v qpdf >/dev/null; then exit 0; fi
echo "pdftotext or qpdf not found: installing Debian's poppler-utils and qpdf…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# apt may be busy with another install for a moment: try a few times.
for attempt in 1 2 3 4 5; do
  if $SUDO apt-get update -qq &&
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils qpdf >/dev/null; then
    exit 0
  fi
  echo "apt busy (attempt ${attempt}); retrying in 10 s…"
  sleep 10
done
exit 1
