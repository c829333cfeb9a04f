// @vitest-environment node
/** --demo-fail and --demo-latency: deterministic 503s and slow replies on /public calls. */
import { describe, expect, it } from "vitest";
import { createDemoBackend } from "../../../cli/preview/demo/index.ts";
import { apiFor, startDemo } from "./demo-server.ts";

async function statuses(seed: number, failRate: number, calls = 40) {
  const demo = await startDemo({ seed, failRate });
  try {
    const api = apiFor(demo.origin);
    const out: number[] = [];
    for (let i = 0; i < calls; i++) out.push((await api.events.get("1001")).status);
    return out;
  } finally {
    await demo.close();
  }
}

describe("injected failures", () => {
  it("fails every /public call with 503 at rate 1, but never the demo's images", async () => {
    const demo = await startDemo({ failRate: 1 });
    try {
      const result = await apiFor(demo.origin).events.list();
      expect(result.status).toBe(503);
      expect(result.error?.kind === "http" && result.error.code).toBe("ServiceUnavailable");
      expect((await fetch(`${demo.origin}/demo/img/photo/a1001-1.svg`)).status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it("fails about the given fraction, the same calls for the same seed", async () => {
    const a = await statuses(7, 0.3);
    const b = await statuses(7, 0.3);
    expect(a).toEqual(b);
    const failed = a.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(3);
    expect(failed).toBeLessThan(25);
    expect(new Set(a)).toEqual(new Set([200, 503]));
    expect(await statuses(8, 0.3)).not.toEqual(a);
  });

  it("delays each /public call by the latency", async () => {
    const demo = await startDemo({ latencyMs: 120 });
    try {
      const started = performance.now();
      await apiFor(demo.origin).events.get("1001");
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      await demo.close();
    }
  });

  it("refuses a fail rate outside 0..1", () => {
    expect(() => createDemoBackend({ failRate: 1.5 })).toThrow(RangeError);
  });
});
