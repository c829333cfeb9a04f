/** Find my photos: event → all photos → viewer, face search, search from a link. */

import { join } from "node:path";
import { fileOnDisk } from "./file-on-disk.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const SELFIES = join(import.meta.dirname, "../fixtures/selfies");
const selfie = (name: string) => join(SELFIES, `${name}.jpg`);

test.use({ locale: "en-US" });

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));
const grid = (page: Page) => page.locator(".photo-grid");

test.describe("event and all photos", () => {
  test("event → all photos → viewer by keyboard → It's me", async ({ page }) => {
    await open(page, "/event/1003");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kazan Night Run 2025");
    await page.getByRole("link", { name: "All photos" }).click();
    await expect(page.getByRole("tab", { name: "All photos" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const first = grid(page).getByRole("button", { name: "Kazan Night Run 2025, shot 1 of 60" });
    await first.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: "Photo viewer" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("img")).toHaveAttribute(
      "alt",
      "Kazan Night Run 2025, shot 1 of 60",
    );
    await expect(viewer.locator("[aria-live]")).toHaveText("1 of 60");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator("[aria-live]")).toHaveText("2 of 60");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator("[aria-live]")).toHaveText("3 of 60");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.locator("[aria-live]")).toHaveText("2 of 60");
    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // Several runners on the photo: one "It's me" asks which bib.
    await viewer.getByRole("button", { name: "It's me", exact: true }).click();
    await viewer.getByRole("button", { name: "It's me (bib 303)" }).click();
    await expect(page.getByRole("list", { name: "Notifications" })).toContainText(
      "Thank you! The photo is marked as yours.",
    );
    await expect(viewer.getByText("Marked as yours")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    // Focus returns to the thumbnail of the photo last shown.
    await expect(
      grid(page).getByRole("button", { name: "Kazan Night Run 2025, shot 2 of 60" }),
    ).toBeFocused();
  });

  test("10,000 photos: a bounded grid, and scrolling far down shows later photos", async ({
    page,
  }) => {
    await open(page, "/event/1001/photos?tab=all");
    await expect(page.getByText("Photos: 10000")).toBeVisible({ timeout: 20_000 });
    const count = async () => grid(page).locator("*").count();
    expect(await count()).toBeLessThanOrEqual(400);
    expect(await grid(page).locator("img").count()).toBeGreaterThan(10);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(grid(page).getByRole("button", { name: /shot 10000 of 10000/ })).toBeVisible();
    expect(await count()).toBeLessThanOrEqual(400);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(
      grid(page)
        .getByRole("button", { name: /shot 50\d\d of 10000/ })
        .first(),
    ).toBeVisible();
    expect(await count()).toBeLessThanOrEqual(400);
  });

  test("viewer: swipe moves to the next photo", async ({ page }) => {
    await open(page, "/event/1003/photos?tab=all");
    await grid(page)
      .getByRole("button", { name: /shot 1 of 60/ })
      .click();
    const stage = page.locator(".viewer__stage");
    const box = await stage.boundingBox();
    if (!box) throw new Error("no stage");
    const y = box.y + box.height / 2;
    await stage.dispatchEvent("pointerdown", {
      pointerType: "touch",
      clientX: box.x + 300,
      clientY: y,
    });
    await stage.dispatchEvent("pointerup", {
      pointerType: "touch",
      clientX: box.x + 100,
      clientY: y,
    });
    await expect(page.locator(".viewer [aria-live]")).toHaveText("2 of 60");
  });
});

/** The participant agrees to the face search first: nothing is captured or sent before. */
const AGREE = "I agree that my selfie is used to find my photos of this event";
const agree = (page: Page) => page.getByRole("checkbox", { name: AGREE }).check();

test.describe("face search", () => {
  test.setTimeout(60_000);
  const result = (page: Page) => page.locator(".results");

  test("by upload: one face opens that person's photos", async ({ page }) => {
    await open(page, "/event/1001");
    await page.getByRole("link", { name: "Find my photos by face" }).click();
    await expect(
      page.getByText("Your selfie is used only to find your photos of this event."),
    ).toBeVisible();
    await agree(page);
    await page.getByLabel("Upload a photo").setInputFiles(selfie("one-person"));
    await expect(
      page.getByText("Searching for your photos. It takes about a minute."),
    ).toBeVisible();
    await expect(result(page)).toContainText("Found by your selfie", { timeout: 20_000 });
    await expect(result(page)).toContainText("Photos found: 30");
    await expect(grid(page).locator("img").first()).toBeVisible();
  });

  test("each rejected photo says why", async ({ page }, testInfo) => {
    await open(page, "/event/1002/photos?tab=mine");
    const input = page.getByLabel("Upload a photo");
    await agree(page);
    await input.setInputFiles(selfie("several-people"));
    await expect(page.locator(".search-error")).toHaveText("Take a selfie of one person", {
      timeout: 20_000,
    });
    await input.setInputFiles(selfie("no-face"));
    await expect(page.locator(".search-error")).toHaveText("Upload a photo with a clear face", {
      timeout: 20_000,
    });
    await input.setInputFiles(
      fileOnDisk(testInfo, "huge.jpg", Buffer.alloc(8 * 1024 * 1024 + 1, 0xff)),
    );
    await expect(page.locator(".search-error")).toHaveText("Upload a photo up to 8 MB");
  });

  test("with Chromium's fake camera", async ({ page }) => {
    await open(page, "/event/1003/photos?tab=mine");
    await agree(page);
    await page.getByRole("button", { name: "Take a selfie" }).click();
    const shoot = page.getByRole("button", { name: "Take photo" });
    await expect(shoot).toBeEnabled();
    await expect
      .poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await shoot.click();
    await expect(result(page)).toContainText("Found by your selfie", { timeout: 20_000 });
  });
});

test.describe("participant search", () => {
  test("/search says number search is unavailable and offers face search right there", async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await open(page, "/search?event=1002");
    await expect(
      page.getByText(
        "Photos by number / last name will be available later, please use the face search.",
      ),
    ).toBeVisible();
    // No bib field that leads nowhere: the face search itself, on this screen.
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Take a selfie" })).toBeVisible();
    await agree(page);
    await page.getByLabel("Upload a photo").setInputFiles(selfie("one-person"));
    await expect(page.locator(".results")).toContainText("Found by your selfie", {
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/search\?event=1002$/);
    await expect(grid(page).locator("img").first()).toBeVisible();
  });

  test("the event page points to face search in place, with no link to an unavailable search", async ({
    page,
  }) => {
    await open(page, "/event/1002");
    await expect(page.locator('main a[href*="/search"]')).toHaveCount(0);
    const byFace = page.getByRole("link", { name: "Find my photos by face" });
    await expect(byFace).toHaveAccessibleDescription(
      "Photos by number / last name will be available later, please use the face search.",
    );
  });

  test("/search without an event offers the events to search in by face", async ({ page }) => {
    await open(page, "/search");
    await expect(
      page.getByRole("heading", { name: "Choose your event to search by face" }),
    ).toBeVisible();
    await page.getByRole("link", { name: /^Kazan Night Run 2025/ }).click();
    await expect(page).toHaveURL(/\/event\/1003$/);
    await expect(page.getByRole("link", { name: "Find my photos by face" })).toBeVisible();
  });

  test("a bib that finds nobody: face search right there, its results in place", async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await open(page, "/search/1001/999");
    await expect(page.locator(".search-error")).toHaveText("Nothing found");
    await agree(page);
    await page.getByLabel("Upload a photo").setInputFiles(selfie("one-person"));
    await expect(page.locator(".results")).toContainText("Found by your selfie", {
      timeout: 20_000,
    });
    await expect(page.locator(".results")).toContainText("Photos found: 30");
    await expect(page).toHaveURL(/\/search\/1001\/999$/);
    await page.getByRole("button", { name: "Search again" }).click();
    await expect(page.getByRole("button", { name: "Take a selfie" })).toBeVisible();
  });

  test("/search/1001/101 opens the participant's photos with the package offers", async ({
    page,
  }) => {
    await open(page, "/search/1001/101");
    await expect(page.locator(".results")).toContainText("Alexey Ivanov, bib 101");
    await expect(page.locator(".results")).toContainText("Photos found: 30");
    const offers = page.getByRole("region", { name: "Packages" });
    await expect(offers).toContainText("All my photos");
    await expect(offers).toContainText("990");
    await expect(grid(page).locator("img").first()).toBeVisible();
  });

  test("the spec's search errors, in their words", async ({ page }) => {
    await open(page, "/search/1001/112");
    await expect(page.locator(".search-error")).toHaveText("Nothing found for this participant");
    await open(page, "/search/1001/999");
    await expect(page.locator(".search-error")).toHaveText("Nothing found");
    await open(page, "/search/1005/501");
    await expect(page.locator(".search-error")).toHaveText(
      "Some photos are still being processed...",
    );
  });
});

test.describe("in Russian (default locale)", () => {
  test.use({ locale: "ru-RU" });
  test("search error text", async ({ page }) => {
    await open(page, "/search/1001/112");
    await expect(page.locator(".search-error")).toHaveText("Для этого участника ничего не найдено");
  });
});
