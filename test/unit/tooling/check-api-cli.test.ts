// @vitest-environment node
/**
 * `storefront check-api` run as an operator runs it, the real CLI as a process against the demo
 * backend (and the demo drifting, through a proxy in this process): the report in a terminal,
 * its exit codes (0 all match, 1 a mismatch, 2 usage, 130 Ctrl+C), `--json` for CI, the `curl`
 * line run by a real shell reproducing the mismatch, and Ctrl+C deleting the cart it made.
 */
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editJson, startDriftingBackend } from "../api/drifting-backend.ts";
import { startDemo } from "../demo/demo-server.ts";
import { cli } from "../fixtures/cli.ts";

const exec = promisify(execFile);
let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const ORDER = [
  "--event",
  "1003",
  "--order",
  "order-seed-01",
  "--participant",
  "302",
  "--rate",
  "50",
];

describe("storefront check-api", () => {
  it("usage errors exit 2 with the reason", async () => {
    const none = await cli("check-api");
    expect([none.code, none.stderr.split("\n")[0]]).toEqual([
      2,
      "error: required option '--api <url>' not specified",
    ]);
    const ftp = await cli("check-api", "--api", "ftp://files.example");
    expect([ftp.code, ftp.stderr.trim()]).toEqual([
      2,
      'error: --api must be an http(s) URL of the backend (e.g. https://api.example.com), got "ftp://files.example"',
    ]);
    const origin = await cli(
      "check-api",
      "--api",
      demo.origin,
      "--shop-origin",
      "https://shop.example/shop",
    );
    expect([origin.code, origin.stderr.trim()]).toEqual([
      2,
      'error: --shop-origin must be the shop\'s origin (e.g. https://shop.example.com), got "https://shop.example/shop"',
    ]);
    const rate = await cli("check-api", "--api", demo.origin, "--rate", "0");
    expect([rate.code, rate.stderr.trim()]).toEqual([
      2,
      'error: --rate must be a number from 0.1 to 50, got "0"',
    ]);
  });

  it("against the demo: exit 0, the calls checked and those it could not check, with why", async () => {
    const r = await cli("check-api", "--api", demo.origin, ...ORDER);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(
      `Checking ${demo.origin}/ against the API the shop expects (docs/backend.md)…`,
    );
    expect(lines).toContain("✓ All 30 calls checked answer as the shop expects.");
    expect(lines).toContain("Not checked (10):");
    expect(lines).toContain("  invoices.createPayment  starts a payment at the bank: never made");
    expect(r.stderr).toBe("");
  });

  it("a drifting backend: exit 1, the call, the field, and a curl line a shell runs to see it again", async () => {
    const backend = await startDriftingBackend(demo.origin, (x) => {
      if (x.path.endsWith("/orders/order-seed-01")) {
        editJson(x, (body) => {
          body.totalAmount = String(body.totalAmount);
        });
      }
    });
    try {
      const r = await cli("check-api", "--api", backend.origin, ...ORDER);
      expect(r.code).toBe(1);
      const lines = r.stdout.split("\n");
      const at = lines.findIndex((l) => l.startsWith("✗ orders.get"));
      expect(lines[at]).toBe(
        `✗ orders.get  GET ${backend.origin}/public/order-service/api/v1/orders/order-seed-01 → 200`,
      );
      expect(lines[at + 1]).toMatch(
        /^ {4}totalAmount: expected nonnegative number, got "\d+(\.\d+)?" \(a string\)$/,
      );
      const curl = (lines[at + 2] ?? "").replace(/^ {4}again: /, "");
      expect(curl).toMatch(/^curl -i /);
      const again = await exec("sh", ["-c", `${curl} --silent`], { encoding: "utf8" });
      expect(again.stdout).toMatch(/"totalAmount":"\d/);
      expect(lines.at(-2)).toBe(
        "✗ 1 of 21 calls differ from what the shop expects (1 mismatch): orders.get.",
      );
      // What needed the order is listed as not checkable, not as more mismatches.
      expect(lines).toContain(
        "  archives.create         needs the order order-seed-01, which orders.get did not give",
      );

      const json = await cli("check-api", "--api", backend.origin, ...ORDER, "--json");
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout) as {
        ok: boolean;
        mismatches: { call: string; problems: { field: string }[] }[];
        notChecked: { call: string; reason: string }[];
      };
      expect(report.ok).toBe(false);
      expect(report.mismatches.map((m) => [m.call, m.problems[0]?.field])).toEqual([
        ["orders.get", "totalAmount"],
      ]);
      expect(report.notChecked).toContainEqual({
        call: "carts.checkout",
        reason: "places an order: only with --allow-orders",
      });
    } finally {
      await backend.close();
    }
  });

  it("Ctrl+C stops cleanly: the cart it made is deleted, what was found is printed, exit 130", async () => {
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const backend = await startDriftingBackend(
      demo.origin,
      () => undefined,
      async (x) => {
        // The cart's attributes are held until Ctrl+C: the cart exists by then.
        if (x.method === "PATCH") {
          held();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
      },
    );
    try {
      const child = spawn(
        process.execPath,
        ["cli/bin.js", "check-api", "--api", backend.origin, ...ORDER],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      await holding;
      child.kill("SIGINT");
      const code = await exited;
      release();
      expect(code).toBe(130);
      expect(stdout).toMatch(/Stopped: \d+ calls checked before Ctrl\+C, 0 of them differ\./);
      expect(stdout).toContain("carts.checkout");
      const made = backend.seen.find(
        (x) => x.method === "POST" && x.path.endsWith("/shoppingCarts"),
      );
      const cartPath = `${made?.path}/${JSON.parse(made?.body ?? "{}").shoppingCartId}`;
      expect(backend.seen.some((x) => x.method === "DELETE" && x.path === cartPath)).toBe(true);
    } finally {
      release();
      await backend.close();
    }
  });
});
