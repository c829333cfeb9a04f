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

/** Starts the preview on a free port; resolves with what it printed once it says how to stop. */
function start(): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, failed) => {
    let stdout = "";
    let stderr = "";
    preview = spawn(process.execPath, ["cli/bin.js", "preview", "mysport", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    preview.stdout?.on("data", (d) => {
      stdout += d;
      if (stdout.includes("Press Ctrl+C to stop.\n")) {
        // Anything the provider would print comes with the first sign-in page it serves.
        const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
        fetch(`${origin}/auth/realms/mysport/.well-known/openid-configuration`)
          .then((r) => r.json())
          .then(() => fetch(`${origin}/auth/realms/mysport/protocol/openid-connect/certs`))
          .then(() => setImmediate(() => done({ stdout, stderr })), failed);
      }
    });
    preview.stderr?.on("data", (d) => {
      stderr += d;
    });
    preview.on("exit", (code) => failed(new Error(`preview exited with ${code}: ${stderr}`)));
  });
}

it("prints the address, the demo user and how to stop; no warning of the sign-in provider", async () => {
  const { stdout, stderr } = await start();
  const lines = stdout.trimEnd().split("\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(
    /^MySport \(mysport\) at http:\/\/127\.0\.0\.1:\d+ {2}with the demo backend$/,
  );
  expect(lines[1]).toMatch(
    /^Sign-in: http:\/\/127\.0\.0\.1:\d+\/auth\/realms\/mysport \(runner@demo\.example \/ demo; --no-oidc turns it off\)$/,
  );
  expect(lines[2]).toBe("Press Ctrl+C to stop.");
  expect(stdout + stderr).not.toMatch(/oidc-provider WARNING|development-only|quick start/);
  const major = Number(process.versions.node.split(".")[0]);
  // Node 22 LTS and later: not a word more. Older: our one line saying what it means.
  expect(stderr.trimEnd().split("\n").filter(Boolean)).toEqual(
    major >= 22
      ? []
      : [
          `Note: sign-in runs on oidc-provider, whose authors support Node 22 LTS and later; it works for this local preview on Node ${process.versions.node}.`,
        ],
  );
}, 60_000);
