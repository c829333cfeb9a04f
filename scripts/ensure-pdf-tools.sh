#!/usr/bin/env bash
# Debian's poppler-utils (pdftotext) and qpdf for the privacy policy tests, when absent
# (scripts/ensure-debian.sh).
exec bash "$(dirname "$0")/ensure-debian.sh" pdf
