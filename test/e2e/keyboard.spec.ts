/**
 * The storefront with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7): Tab, Shift+Tab,
 * Enter, Space, Escape and the arrow keys, never a click. Find an event from home, open a
 * photo, move with the arrows, add it to the cart, close the viewer with focus back on its
 * opener; the cart with a promo code, checkout to the bank; the drawer on a phone; the skip
 * link and a visible focus indicator. In English, so the names are the spec's words.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

test.use({ locale: "en-US" });

type Target = ReturnType<Page["locator"]>;

const focused = (target: Target) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails naming where focus went. */
async function tabTo(page: Page, target: Target, { back = false, max = 40 } = {}) {
  await target.waitFor({ state: "attached" });
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    path.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return "(nothing)";
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? "";
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`;
      }),
    );
  }
  throw new Error(`${target} never got the focus; Tab went through:\n${path.join("\n")}`);
}

/** The focus ring of the focused element: an outline or a box shadow, whichever draws it. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      outline: s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) >= 2,
      shadow: s.boxShadow !== "none",
    };
  });

test("home → event → all photos → the viewer by keyboard; Escape returns focus to the photo", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/"));
  await expect(page.locator("h1")).toBeVisible();

  // The skip link comes first, shows when focused and moves focus to the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();

  const search = page.getByRole("searchbox", { name: "Event name" });
  await tabTo(page, search);
  await page.keyboard.type("Kazan");
  await page.keyboard.press("Enter");
  const card = page.getByRole("link", { name: /^Kazan Night Run 2025/ });
  await expect(card).toBeVisible();
  await tabTo(page, card);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("mysport", "/event/1003"));
  // After an in-app navigation focus starts at the new screen's heading.
  await expect(page.locator("h1")).toBeFocused();

  await tabTo(page, page.getByRole("link", { name: "All photos" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/event\/1003\/photos\?tab=all$/);
  const opener = page.locator('.photo-grid [data-photo-index="0"]');
  await expect(opener.locator("img")).toBeVisible();
  await tabTo(page, opener);
  await page.keyboard.press("Enter");

  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await expect(viewer).toBeVisible();
  const position = viewer.locator(".viewer__position");
  await expect(position).toHaveText("1 of 60");
  expect(await viewer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("ArrowRight");
  await expect(position).toHaveText("2 of 60");
  await page.keyboard.press("ArrowRight");
  await expect(position).toHaveText("3 of 60");
  await page.keyboard.press("ArrowLeft");
  await expect(position).toHaveText("2 of 60");

  const add = viewer.getByRole("button", { name: /^Add to cart/ });
  await tabTo(page, add);
  await page.keyboard.press("Space");
  await expect(viewer.getByText("In the cart")).toBeVisible();
  await expect(page.locator(".cart-badge")).toHaveText("1");

  // Tab and Shift+Tab stay inside the modal viewer.
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await viewer.evaluate((d) => d.contains(document.activeElement)), key).toBe(true);
  }

  await page.keyboard.press("ArrowLeft");
  await expect(position).toHaveText("1 of 60");
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("cart with a promo code, checkout both steps and on to the bank by keyboard", async ({
  page,
}) => {
  test.setTimeout(45_000);
  await page.goto(tenantUrl("mysport", "/search/1003/308"));
  const buy = page
    .getByRole("region", { name: "Packages" })
    .getByRole("button", { name: /^Buy all photos/ })
    .first();
  await expect(buy).toBeVisible();
  await tabTo(page, buy);
  await page.keyboard.press("Enter");
  await expect(page.locator(".cart-badge")).toHaveText("1");
  // And one photo, so something is left to pay after the promo code frees the package.
  const photo = page.locator('.photo-grid [data-photo-index="0"]');
  await tabTo(page, photo);
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await tabTo(page, viewer.getByRole("button", { name: /^Add to cart/ }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".cart-badge")).toHaveText("2");
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(photo).toBeFocused();

  // Back up to the cart button in the bar.
  await tabTo(page, page.locator(".app-bar").getByRole("link", { name: /^Cart/ }), {
    back: true,
    max: 60,
  });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("mysport", "/cart"));
  await expect(page.locator("h1")).toBeFocused();

  const promo = page.getByRole("textbox", { name: "Promo code" });
  await tabTo(page, promo);
  await page.keyboard.type("NO-SUCH-CODE");
  await page.keyboard.press("Enter");
  await expect(page.locator("#promo-error")).toHaveText("Promo code not found");
  await expect(promo).toHaveAttribute("aria-invalid", "true");
  await expect(promo).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`FREE-${Date.now()}`);
  await page.keyboard.press("Enter");
  await expect(page.locator(".cart__discount")).toContainText("990");
  await expect(page.locator("#promo-error")).toHaveCount(0);

  await tabTo(page, page.getByRole("link", { name: "Proceed to checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("mysport", "/order"));
  await expect(page.locator("h1")).toHaveText("Checkout");
  await expect(page.locator("h1")).toBeFocused();

  // Step Order: the e-mail, its error first.
  const email = page.getByRole("textbox", { name: "E-mail" });
  await tabTo(page, email);
  await page.keyboard.press("Enter");
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText("Enter your email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.type("runner@example.com");
  await page.keyboard.press("Enter");

  // Step Payment: the method by arrow keys, the offer agreement by Space, then Pay.
  const card = page.getByRole("radio", { name: /^Bank card/ });
  await expect(card).toBeChecked();
  await tabTo(page, card);
  await page.keyboard.press("ArrowDown");
  const fast = page.getByRole("radio", { name: /^Fast payment system/ });
  await expect(fast).toBeChecked();
  await expect(fast).toBeFocused();

  const pay = page.getByRole("button", { name: "Pay for the order", exact: true });
  await tabTo(page, pay);
  await page.keyboard.press("Enter");
  await expect(page.locator(".checkout").getByRole("alert")).toHaveText(
    "Accept the offer agreement to pay",
  );
  const offer = page.getByRole("checkbox", { name: /offer agreement/ });
  await tabTo(page, offer, { back: true });
  await page.keyboard.press("Space");
  await expect(offer).toBeChecked();
  await tabTo(page, pay);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/demo\/pay\//);
});

test("the drawer on a phone: opens and closes by keyboard, focus returns to the menu button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("mysport", "/"));
  await expect(page.locator("h1")).toBeVisible();
  const menu = page.getByRole("button", { name: "Open menu" });
  await tabTo(page, menu);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // Focus stays in the modal drawer.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // Again with Space, closed by its own close button.
  await page.keyboard.press("Space");
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole("button", { name: "Close menu" }));
  await page.keyboard.press("Enter");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // And a menu item: the drawer closes and the new screen's heading has the focus.
  await page.keyboard.press("Enter");
  await tabTo(page, drawer.getByRole("link", { name: "Contacts" }));
  await page.keyboard.press("Enter");
  await expect(drawer).toBeHidden();
  await expect(page.locator("h1")).toHaveText("Contacts");
  await expect(page.locator("h1")).toBeFocused();
});

test("a request dialog by keyboard: Tab stays inside, errors focus the field, Escape returns focus", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport", "/for-photographers"));
  await expect(page.locator("h1")).toBeVisible();
  const opener = page.getByRole("button", { name: "Become a photographer" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Request to join as a photographer" });
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  expect(await inside()).toBe(true);
  for (const key of [...Array(10).fill("Tab"), ...Array(10).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    expect(await inside(), key).toBe(true);
  }
  await tabTo(page, dialog.getByRole("button", { name: "Send" }));
  await page.keyboard.press("Enter");
  const name = dialog.getByRole("textbox", { name: "First and last name" });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Enter your first and last name");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

for (const id of ["mysport", "ironstar"] as const satisfies readonly TenantId[]) {
  test(`${id}: a visible focus indicator on a focused link and button`, async ({ page }) => {
    await page.goto(tenantUrl(id, "/"));
    await expect(page.locator("h1")).toBeVisible();
    const checks = [
      page.getByRole("banner").getByRole("link", { name: "Contacts" }),
      page.getByRole("button", { name: /^Language/ }),
      page.getByRole("button", { name: "Find", exact: true }),
      page.getByRole("link", { name: /Night Run|Marathon/ }).first(),
    ];
    for (const target of checks) {
      await tabTo(page, target, { max: 60 });
      const ring = await focusRing(page);
      expect(ring.outline || ring.shadow, `${target}: ${JSON.stringify(ring)}`).toBe(true);
    }
  });
}
