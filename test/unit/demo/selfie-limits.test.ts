// @vitest-environment node
/**
 * Uploaded selfies do not accumulate in the demo backend's memory. They are
 * bounded in count, total bytes and age; the oldest go first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveDemoOptions } from "../../../cli/preview/demo/options.ts";
import type { Api } from "../../../storefront/src/api/index.ts";
import { apiFor, fakeClock, selfie, startDemo } from "./demo-server.ts";

const clock = fakeClock();
const limits = { count: 3, bytes: 14_000, ageMs: 60 * 60_000 };
let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo({ now: clock.now, selfieLimits: limits });
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

async function upload(name: "one-person" | "no-face" = "no-face"): Promise<string> {
  const up = await api.recognition.upload("a1001", selfie(name));
  expect(up.status).toBe(201);
  clock.advance(1000);
  return up.data?.selfieId ?? "";
}
const stored = () => [...demo.demo.state.selfies.keys()];
const storedBytes = () =>
  [...demo.demo.state.selfies.values()].reduce((sum, s) => sum + s.jpeg.length, 0);

describe("selfie storage", () => {
  it("has sane defaults", () => {
    const { selfieLimits } = resolveDemoOptions();
    expect(selfieLimits.count).toBeGreaterThan(0);
    expect(selfieLimits.count).toBeLessThanOrEqual(1000);
    expect(selfieLimits.bytes).toBeLessThanOrEqual(128 * 1024 * 1024);
    expect(selfieLimits.ageMs).toBeLessThanOrEqual(24 * 60 * 60_000);
  });

  it("keeps at most `count` selfies, evicting the oldest", async () => {
    const ids = [await upload(), await upload(), await upload(), await upload(), await upload()];
    expect(stored()).toEqual(ids.slice(2));
    expect((await api.recognition.get(ids[0] ?? "")).status).toBe(404);
    expect((await api.recognition.get(ids[4] ?? "")).status).toBe(200);
  });

  it("keeps at most `bytes` of photos, evicting the oldest", async () => {
    // no-face.jpg is 3.8 KB and one-person.jpg 5.4 KB: three of the latter exceed 14,000 bytes.
    const ids = [
      await upload("one-person"),
      await upload("one-person"),
      await upload("one-person"),
    ];
    expect(storedBytes()).toBeLessThanOrEqual(limits.bytes);
    expect(stored()).toEqual(ids.slice(1));
  });

  it("forgets selfies older than `ageMs`", async () => {
    const id = await upload();
    clock.advance(limits.ageMs);
    expect((await api.recognition.get(id)).status).toBe(404);
    expect(
      (await api.recognition.file(`/public/recognition-service/api/v1/selfies/${id}/file`)).status,
    ).toBe(404);
    const fresh = await upload();
    expect(stored()).toEqual([fresh]);
  });
});
