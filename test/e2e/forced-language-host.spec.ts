/**
 * A host that forces the shop's language (en.mysport.ru → English), through the real CLI in
 * Chromium: the prerendered page the server sends there is the English one, made without any
 * host's rules (one page per language serves every host), so the app takes it over as it was
 * prerendered, language menu included, and only then applies the host's rule. React reports a
 * page it cannot take over (a hydration mismatch, React error #418) in the console: none may be
 * reported, nothing may move, and the menu a forced language has no use for goes.
 */
import { planPort } from "../ports.ts";
import { expect, test } from "./fixtures.ts";
import { layoutShift } from "./layout-shift.ts";
import { type PreviewAll, startPreviewAll } from "./preview-all.ts";
import { watchQuiet } from "./quiet.ts";

test.describe.configure({ mode: "serial" });

const PORT = planPort("forcedLanguageHost");
const HOST = `http://en.mysport.ru.localhost:${PORT}`;

let preview: PreviewAll | undefined;

test.beforeAll(async () => {
  preview = await startPreviewAll(PORT);
});

test.afterAll(() => {
  preview?.process.kill();
});

// A Russian visitor: the host's English wins over the browser's language.
test.use({ locale: "ru-RU", viewport: { width: 390, height: 844 } });

for (const [name, path] of [
  ["home", "/"],
  ["contacts", "/contacts"],
  ["a landing page", "/for-organizers"],
  ["an event page", "/event/1003"],
]) {
  test(`${name} on a host that forces English: taken over without a console error, nothing moves, no language menu`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    const quiet = watchQuiet(page);
    await page.goto(`${HOST}${path}`);
    await expect(page.locator("html")).toHaveAttribute("data-app", "live");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("button", { name: /^Language/ })).toHaveCount(0);
    await quiet();
    expect(errors).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
}

test("the same tenant on its own host keeps its language menu", async ({ page }) => {
  await page.goto(`http://mysport.localhost:${PORT}/`);
  await expect(page.locator("html")).toHaveAttribute("data-app", "live");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("button", { name: /^Язык/ })).toBeVisible();
});
