/**
 * `storefront preview --all` with en.mysport.ru as a host alias of mysport, started once per spec
 * file on its own port of the plan, serving the bundles the test script built. Ready once it
 * says how to stop it; its output is kept for the tests to read.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "./fixtures.ts";

export interface PreviewAll {
  process: ChildProcess;
  output(): string;
}

export async function startPreviewAll(port: number): Promise<PreviewAll> {
  const child = spawn(
    process.execPath,
    [
      "cli/bin.js",
      "preview",
      "--all",
      "--port",
      String(port),
      "--host-alias",
      "en.mysport.ru=mysport",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  await expect.poll(() => output, { timeout: 60_000 }).toContain("Press Ctrl+C");
  return { process: child, output: () => output };
}
