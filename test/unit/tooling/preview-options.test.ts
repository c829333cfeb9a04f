/**
 * `storefront preview` checks every option value before it builds or binds anything: an empty
 * or partly numeric value is refused with the option's name and what it takes (exit 2), never
 * read as 0 (a random port), NaN or an address it cannot use.
 */
import { describe, expect, it } from "vitest";
import { previewSettings } from "../../../cli/commands/preview.ts";
import { cli } from "../fixtures/cli.ts";

const defaults = { port: "4173", host: "127.0.0.1", demoLatency: "0", demoFail: "0" };
const problem = (change: Partial<typeof defaults> & { api?: string }) => {
  const settings = previewSettings({ ...defaults, ...change });
  return typeof settings === "string" ? settings : null;
};

describe("storefront preview option values", () => {
  it("refuses an empty --port on the command line, before building anything", async () => {
    const r = await cli("preview", "mysport", "--port", "");
    expect([r.code, r.stdout, r.stderr.trim()]).toEqual([
      2,
      "",
      'error: --port must be a whole number from 0 to 65535 (0 picks a free port), got ""',
    ]);
  });

  it("refuses a --demo-fail that is not a fraction on the command line", async () => {
    const r = await cli("preview", "mysport", "--demo-fail", "half");
    expect([r.code, r.stderr.trim()]).toEqual([
      2,
      'error: --demo-fail must be a fraction from 0 to 1 (e.g. 0.2), got "half"',
    ]);
  });

  it("--port: a whole number from 0 to 65535, nothing else", () => {
    for (const port of ["", " ", "80x", "1e3", "-1", "65536", "0x50", "8.0", "999999"]) {
      expect([port, problem({ port })]).toEqual([port, expect.stringMatching(/^--port must be/)]);
    }
    for (const port of ["0", "80", "4173", "65535"])
      expect([port, problem({ port })]).toEqual([port, null]);
  });

  it("--host: an IP address or a host name", () => {
    for (const host of ["", " ", "local host", "http://x", "a..b", "-x.example"]) {
      expect([host, problem({ host })]).toEqual([host, expect.stringMatching(/^--host must be/)]);
    }
    for (const host of ["127.0.0.1", "::1", "[::1]", "0.0.0.0", "localhost", "shop.example"]) {
      expect([host, problem({ host })]).toEqual([host, null]);
    }
  });

  it("--api: an http(s) URL without credentials, query or fragment", () => {
    for (const api of [
      "",
      "api.example.com",
      "ftp://api.example.com",
      "https://u:p@api.example.com",
      "https://api.example.com/?x=1",
      "https://api.example.com/#x",
    ]) {
      expect([api, problem({ api })]).toEqual([api, expect.stringMatching(/^--api must/)]);
    }
    for (const api of ["https://api.example.com", "http://127.0.0.1:8080/backend"]) {
      expect([api, problem({ api })]).toEqual([api, null]);
    }
  });

  it("--demo-latency in milliseconds up to a minute, --demo-fail from 0 to 1", () => {
    for (const demoLatency of ["", "-5", "NaN", "Infinity", "1e3", "60001", "5ms"]) {
      expect([demoLatency, problem({ demoLatency })]).toEqual([
        demoLatency,
        expect.stringMatching(/^--demo-latency must be/),
      ]);
    }
    for (const demoFail of ["", "-0.1", "1.01", "NaN", "2", ".5"]) {
      expect([demoFail, problem({ demoFail })]).toEqual([
        demoFail,
        expect.stringMatching(/^--demo-fail must be/),
      ]);
    }
    expect(previewSettings({ ...defaults, demoLatency: "250", demoFail: "0.2" })).toEqual({
      port: 4173,
      demoLatency: 250,
      demoFail: 0.2,
    });
  });
});
