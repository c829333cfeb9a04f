/**
 * The name under the shop's icon on a home screen (the web app manifest's short_name): the
 * tenant's shortName, else a name launchers show whole, at most 12 characters.
 */
import { describe, expect, it } from "vitest";
import { shortName } from "../../../cli/build/web-manifest.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";

const named = (tenantName: string, short?: string) =>
  ({ tenantName, ...(short ? { shortName: short } : {}) }) as TenantConfig;

describe("short_name", () => {
  it("is the tenant's shortName when it gives one", () => {
    expect(shortName(named("Photo Finish Russia", "PhotoFinish"))).toBe("PhotoFinish");
  });
  it("is the name itself when it has 12 characters or fewer", () => {
    expect(shortName(named("MyEventPhoto"))).toBe("MyEventPhoto");
    expect(shortName(named("MySport USA"))).toBe("MySport USA");
  });
  it("is the first words that fit in 12 characters of a longer name", () => {
    expect(shortName(named("Photo Finish Russia"))).toBe("Photo Finish");
    expect(shortName(named("Фотофиниш Казань 2025"))).toBe("Фотофиниш");
  });
  it("is the first 12 characters when even the first word is longer", () => {
    expect(shortName(named("Marathonphotography Club"))).toBe("Marathonphot");
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect([...shortName(named("🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃"))]).toHaveLength(12);
  });
});
