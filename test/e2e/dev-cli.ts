/**
 * `storefront dev` through the real CLI for the browser tests: started with the given arguments,
 * its output (stdout and stderr) collected as it comes, stopped by the spec's afterAll.
 */
import { spawn } from "node:child_process";

export interface DevCli {
  /** Everything the command has printed so far. */
  output(): string;
  stop(): void;
}

export function startDevCli(args: readonly string[]): DevCli {
  let output = "";
  const child = spawn(process.execPath, ["cli/bin.js", "dev", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return { output: () => output, stop: () => child.kill() };
}
