/**
 * A PDF read back with poppler's pdftotext and checked with qpdf, as a reader's tools see it
 * (scripts/ensure-pdf-tools.sh installs both, a step of the test command: nothing skips).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "pdf-text-"));
let n = 0;
function saved(pdf: Uint8Array): string {
  const file = join(dir, `document-${n++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The text pdftotext reads, with line breaks and runs of blanks as single spaces. */
export const textOf = (pdf: Uint8Array) =>
  execFileSync("pdftotext", ["-enc", "UTF-8", saved(pdf), "-"], { encoding: "utf8" })
    .replace(/\s+/g, " ")
    .trim();

/** qpdf --check exits 0 on a well-formed file (3 would be warnings, 2 errors). */
export const qpdfCheck = (pdf: Uint8Array) =>
  execFileSync("qpdf", ["--check", saved(pdf)], { encoding: "utf8" });
