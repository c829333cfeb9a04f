#!/usr/bin/env python3
"""Merges WOFF2 subsets of one font (e.g. @fontsource's latin and cyrillic files) into one WOFF2.

Used once to make tenants/ironstar/manrope-*.woff2 from @fontsource/manrope (SIL OFL 1.1):
  python3 scripts/tools/merge-font-subsets.py OUT.woff2 IN1.woff2 IN2.woff2 ...
Needs Debian's fonttools and python3-brotli (apt-get install fonttools python3-brotli).
"""
import sys

from fontTools.merge import Merger, Options

out, *inputs = sys.argv[1:]
options = Options(drop_tables=["vhea", "vmtx"])
font = Merger(options=options).merge(inputs)
font.flavor = "woff2"
font.save(out)
