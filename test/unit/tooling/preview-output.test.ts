// @vitest-environment node
/**
 * What `npm start` (storefront preview mysport) prints, as support staff see it: the address,
 * the demo user and how to stop, and nothing else on a Node that every part of it supports. The
 * sign-in provider's own warnings (development adapter, development keys) never show: the
 * preview gives it an adapter and keys of its own; on a Node its authors do not support, one
 * line of ours says what that means.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, expect, it } from "vitest";

let preview: ChildProcess | undefined;
afterAll(() => {
  preview?.kill();
});

/**
 * Starts the preview on a free port and, once it says how to stop and has served the sign-in
 * provider's pages, stops it as Ctrl+C would: what it printed is then complete (both streams
 * closed), whatever the order in which they arrived.
 */
function printed(): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((done, failed) => {
    let stdout = "";
    let stderr = "";
    let asked = false;
    preview = spawn(process.execPath, ["cli/bin.js", "preview", "mysport", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const child = preview;
    child.stdout?.on("data", (d) => {
      stdout += d;
      if (asked || !stdout.includes("Press Ctrl+C to stop.\n")) return;
      asked = true;
      // Anything the provider would print comes by its first pages at the latest.
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
      fetch(`${origin}/auth/realms/mysport/.well-known/openid-configuration`)
        .then((r) => r.json() as Promise<{ jwks_uri: string }>)
        .then((config) => fetch(config.jwks_uri))
        .then((r) => r.json())
        .then(() => child.kill("SIGINT"), failed);
    });
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    child.on("error", failed);
    child.on("close", (code) => done({ stdout, stderr, code }));
  });
}

it("prints the address, the demo user and how to stop; no warning of the sign-in provider", async () => {
  const { stdout, stderr, code } = await printed();
  expect(code).toBe(0);
  const all = stdout.trimEnd().split("\n");
  const at = all.findIndex((l) => l.startsWith("MySport (mysport) at "));
  // A bundle missing or built from other sources (a fresh clone) is built first: only the
  // build's own progress lines may come before the address.
  for (const line of all.slice(0, at)) {
    expect(line).toMatch(
      /^(building the storefront core…|core built in |core unchanged, reused|[✓=] mysport |\d+ tenants? built)/,
    );
  }
  const lines = all.slice(at);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(
    /^MySport \(mysport\) at http:\/\/127\.0\.0\.1:\d+ {2}with the demo backend$/,
  );
  expect(lines[1]).toMatch(
    /^Sign-in: http:\/\/127\.0\.0\.1:\d+\/auth\/realms\/mysport \(runner@demo\.example \/ demo; --no-oidc turns it off\)$/,
  );
  expect(lines[2]).toBe("Press Ctrl+C to stop.");
  expect(stdout + stderr).not.toMatch(/oidc-provider WARNING|development-only|quick start/);
  // An LTS release of Node 22 or later (what oidc-provider's authors support): not a word
  // more. Any other (Node 20, or a Current release before it becomes LTS): our one line.
  const major = Number(process.versions.node.split(".")[0]);
  const supported = Boolean(process.release.lts) && major >= 22;
  expect(stderr.trimEnd().split("\n").filter(Boolean)).toEqual(
    supported
      ? []
      : [
          `Note: sign-in runs on oidc-provider, whose authors support Node 22 LTS and later; it works for this local preview on Node ${process.versions.node}.`,
        ],
  );
}, 240_000);
