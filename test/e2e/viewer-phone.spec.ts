/**
 * A photo viewer made for thumbs, on a phone (390 × 844, touch): the photo
 * takes the full width, previous/next sit on its sides as large targets, one bar holds the
 * actions (add to cart with its price, frame, "It's me") in one row, and nothing moves from one
 * photo to the next, whatever the photo's shape, runners or cart state.
 */
import type { Locator } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
});

const viewerOf = (page: Page) =>
  page.getByRole("dialog", { name: /^(Photo viewer|Просмотр фото|Visor de fotos)$/ });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Layout {
  nav: Box[];
  slots: Box[];
  photo: { x: number; width: number };
}

/** Where the viewer's controls are: every button and action slot, and the photo's box. */
const layoutOf = (viewer: Locator): Promise<Layout> =>
  viewer.evaluate((d) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return {
        x: Math.round(r.x),
        y: Math.round(r.y),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    };
    const img = d.querySelector("img");
    const r = img?.getBoundingClientRect();
    // The photo as drawn: fitted ("contain") inside the image box.
    const ratio = img && img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : 0;
    const drawn = r ? Math.min(r.width, r.height * ratio) : 0;
    return {
      nav: [...d.querySelectorAll(".viewer__nav")].map(box),
      slots: [...d.querySelectorAll(".viewer__slot")].map(box),
      photo: {
        x: Math.round((r?.x ?? 0) + ((r?.width ?? 0) - drawn) / 2),
        width: Math.round(drawn),
      },
    };
  });

for (const [tenant, path, locale, slots] of [
  ["mysport", "/search/1003/303", "en-US", 3],
  ["timerman", "/search/1003/303", "es-ES", 3],
  ["mysport", "/event/1003/photos?tab=all", "ru-RU", 2],
] as const) {
  test(`${tenant} ${locale} ${path}: full-width photo, sides, one bar of ${slots}, no jump over 6 photos`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale,
    });
    const page = await context.newPage();
    await page.goto(tenantUrl(tenant, path));
    await page.locator(".photo-grid").getByRole("button").first().click();
    const viewer = viewerOf(page);
    await expect(viewer.locator("img")).toBeVisible();
    await expect(viewer.locator(".viewer__buy")).toBeVisible();

    const first = await layoutOf(viewer);
    expect(first.slots).toHaveLength(slots);
    const seen: Layout[] = [];
    for (let i = 0; i < 6; i++) {
      await expect
        .poll(() => viewer.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const layout = await layoutOf(viewer);
      seen.push(layout);
      // The photo takes the whole width of the phone.
      expect(layout.photo).toEqual({ x: 0, width: 390 });
      // Previous/next on the photo's sides, large targets (≥ 44 px).
      const nav = layout.nav;
      expect(nav).toHaveLength(2);
      for (const b of nav) {
        expect(b.width).toBeGreaterThanOrEqual(44);
        expect(b.height).toBeGreaterThanOrEqual(44);
      }
      expect(nav[0]?.x).toBe(0);
      expect((nav[1]?.x ?? 0) + (nav[1]?.width ?? 0)).toBe(390);
      // One row of actions: every action button on the same line, inside the viewport.
      const actions = await viewer
        .locator(".viewer__actions button")
        .evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(actions).size).toBe(1);
      expect(layout.slots.every((s) => s.y === first.slots[0]?.y && s.y + s.height <= 844)).toBe(
        true,
      );
      // Nothing moved since the first photo: slots and the side buttons keep their boxes.
      expect(layout.slots).toEqual(first.slots);
      expect(nav).toEqual(first.nav);
      if (i === 1) {
        // Into the cart: the slot's text changes, not its place.
        await viewer.locator(".viewer__buy").click();
        await expect(viewer.locator(".viewer__done").first()).toBeVisible();
        expect((await layoutOf(viewer)).slots).toEqual(first.slots);
      }
      await viewer.locator(".viewer__nav--next").click();
    }
    // A portrait photo (every fifth) was among them, and photos with one to three runners.
    expect(seen.length).toBe(6);
    await context.close();
  });
}

test('several runners: one "It\'s me" asks which bib, above the bar; Escape closes only the list', async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"));
  await page.locator(".photo-grid").getByRole("button").first().click();
  const viewer = viewerOf(page);
  const itsMe = viewer.getByRole("button", { name: "Это я", exact: true });
  await expect(itsMe).toHaveAttribute("aria-expanded", "false");
  const bar = await viewer.locator(".viewer__actions").boundingBox();
  await itsMe.click();
  const choices = viewer.getByRole("list", { name: "Какой номер ваш?" });
  await expect(choices.getByRole("button")).toHaveText([
    "Это я (номер 305)",
    "Это я (номер 310)",
    "Это я (номер 311)",
  ]);
  // The list opens above the bar; the bar itself does not grow.
  const list = await choices.boundingBox();
  expect((list?.y ?? 0) + (list?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  expect(await viewer.locator(".viewer__actions").boundingBox()).toEqual(bar);
  await choices.getByRole("button").first().focus();
  await page.keyboard.press("Escape");
  await expect(choices).toHaveCount(0);
  await expect(viewer).toBeVisible();
  await expect(itsMe).toBeFocused();
  await itsMe.click();
  await choices.getByRole("button", { name: "Это я (номер 310)" }).click();
  await expect(viewer.getByText("Отмечено как ваше")).toBeVisible();
  expect(await viewer.locator(".viewer__actions").boundingBox()).toEqual(bar);
});
