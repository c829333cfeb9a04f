/**
 * A picked file written to the test's output folder, for `setInputFiles(path)`. Given a path,
 * Playwright hands a local browser the file itself (as a phone's file picker does); given a
 * buffer, it sends every byte through its protocol first, seconds for an 8 MB photo on a busy
 * machine. The bytes are the same either way.
 */
import { writeFileSync } from "node:fs";
import type { TestInfo } from "@playwright/test";

/** Writes `bytes` as `name` in the test's own output folder; returns its path. */
export function fileOnDisk(testInfo: TestInfo, name: string, bytes: Uint8Array): string {
  const path = testInfo.outputPath(name);
  writeFileSync(path, bytes);
  return path;
}
