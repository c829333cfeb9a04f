/**
 * Size budgets: each participant route's initial JavaScript and CSS, gzip,
 * counted from the core build exactly as `npm run bench` counts them (scripts/weight.js), may
 * not grow past size-budget.json. A heavy import on the first screen fails the test command.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCore } from "../../../cli/build/core.ts";
import { ROUTES, routeWeight } from "../../../scripts/weight.js";

interface Budget {
  language: string;
  routes: Record<keyof typeof ROUTES, { js: number; css: number; scripts: number }>;
}
const budget = JSON.parse(readFileSync("size-budget.json", "utf8")) as Budget;

describe("size budgets of the first screens", () => {
  for (const [name, route] of Object.entries(ROUTES) as [
    keyof typeof ROUTES,
    (typeof ROUTES)[keyof typeof ROUTES],
  ][]) {
    it(`${name} (${route.path}) stays within size-budget.json`, { timeout: 120_000 }, async () => {
      const core = await buildCore();
      const weight = await routeWeight(core.dir, route.screens, budget.language, route.catalog);
      const limit = budget.routes[name];
      const detail = `${name}: ${weight.js} B JS (budget ${limit.js}), ${weight.css} B CSS (budget ${limit.css}); files ${weight.files.join(", ")}`;
      expect(weight.js, detail).toBeLessThanOrEqual(limit.js);
      expect(weight.css, detail).toBeLessThanOrEqual(limit.css);
      // Each script is a request before the route comes alive, queued on a slow phone's few
      // connections (and on an HTTP/1.1 host).
      const scripts = weight.files.filter((f) => f.endsWith(".js"));
      expect(scripts.length, detail).toBeLessThanOrEqual(limit.scripts);
      // The count is real: React alone is tens of KiB, and the route's own screen is in it.
      expect(weight.js).toBeGreaterThan(40_000);
      for (const screen of route.screens) {
        const base =
          screen
            .split("/")
            .pop()
            ?.replace(/\.tsx?$/, "") ?? "";
        expect(weight.files.some((f) => f.includes(base))).toBe(true);
      }
    });
  }

  it("counts a lazy screen only on its own route", async () => {
    const core = await buildCore();
    const home = await routeWeight(
      core.dir,
      ROUTES.home.screens,
      budget.language,
      ROUTES.home.catalog,
    );
    expect(home.files.some((f) => /EventPhotosScreen|CartScreen|CheckoutScreen/.test(f))).toBe(
      false,
    );
    expect(home.files.some((f) => /oidc-client/.test(f))).toBe(false);
  });

  it("is React's production build even when built under vitest (NODE_ENV=test)", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const core = await buildCore({ force: true });
    expect(process.env.NODE_ENV).toBe("test");
    const assets = join(core.dir, "assets");
    for (const file of (await readdir(assets)).filter((f) => f.endsWith(".js"))) {
      const code = await readFile(join(assets, file), "utf8");
      // The development JSX runtime's entry point; absent from a production bundle.
      expect(code.includes("jsxDEV"), `${file} uses React's development JSX runtime`).toBe(false);
    }
  }, 120_000);
});
