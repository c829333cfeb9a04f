/**
 * Each brand installable: Chromium's own installability check (what decides whether it offers
 * "Install app") finds nothing missing on any tenant's home page, and the icons it reads from the
 * manifest, and the apple-touch-icon iOS reads from the page, are the brand's PNGs, decoded at
 * the sizes declared. (Chromium 156 accepts the old SVG favicon as an icon of any size too: the
 * PNGs are what Android's launchers, maskable shapes and iOS need.)
 */
import { expect, test } from "./fixtures.ts";
import { TENANT_PORTS, type TenantId, tenantUrl } from "./tenants.ts";

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

test("Chromium finds every tenant installable with its PNG icons", async ({ page }) => {
  for (const id of Object.keys(TENANT_PORTS) as TenantId[]) {
    await page.goto(tenantUrl(id));
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors, id).toEqual([]);
    const { url, data } = await cdp.send("Page.getAppManifest");
    await cdp.detach();
    expect(url, id).toBe(tenantUrl(id, "/manifest.webmanifest"));
    const icons = (JSON.parse(data ?? "{}") as { icons?: Icon[] }).icons ?? [];
    expect(
      icons.map((i) => [i.sizes, i.type, i.purpose]),
      id,
    ).toEqual([
      ["192x192", "image/png", "any"],
      ["512x512", "image/png", "any"],
      ["512x512", "image/png", "maskable"],
    ]);
    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const sources = [...icons.map((i) => i.src), appleTouchIcon ?? ""];
    // Each one as the browser decodes it: its natural size.
    const decoded = await page.evaluate(
      (srcs) =>
        Promise.all(
          srcs.map(async (src) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            return `${img.naturalWidth}x${img.naturalHeight}`;
          }),
        ),
      sources,
    );
    expect(decoded, id).toEqual(["192x192", "512x512", "512x512", "180x180"]);
  }
});
