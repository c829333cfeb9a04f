/**
 * A long-running `storefront dev` renders with templates/ as it is now: it watches the folder and
 * rebuilds on a change, so the renderer must not keep the text it compiled when the process
 * started. Here over a copy of templates/ (the real one is never edited).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const copy = vi.hoisted(() => ({ dir: "" }));
vi.mock("../../../cli/build/paths.ts", async (original) => ({
  ...(await original<typeof import("../../../cli/build/paths.ts")>()),
  get TEMPLATES_DIR() {
    return copy.dir;
  },
}));

const { tenantDocuments } = await import("../../../cli/build/render.ts");
const { loadTenant } = await import("../../../cli/config/load.ts");

afterAll(async () => {
  if (copy.dir) await rm(copy.dir, { recursive: true, force: true });
});

describe("templates/ as it is now", () => {
  it("a template saved while the process runs is the one the next render uses", async () => {
    copy.dir = await mkdtemp(join(tmpdir(), "storefront-templates-"));
    await cp("templates", copy.dir, { recursive: true });
    const loaded = await loadTenant("tenants", "mysport");
    if (!loaded.ok) throw new Error("tenants/mysport.yaml is invalid");
    const skin = { favicon: "favicon.svg", faviconType: "image/svg+xml", images: { icons: [] } };
    const robots = async () =>
      String((await tenantDocuments(loaded.config, skin as never)).get("robots.txt") ?? "");
    const before = await robots();
    expect(before).toBe(await readFile("templates/robots.txt.hbs", "utf8"));
    await writeFile(join(copy.dir, "robots.txt.hbs"), "User-agent: *\nDisallow: /dev\n");
    expect(await robots()).toBe("User-agent: *\nDisallow: /dev\n");
  }, 60_000);
});
