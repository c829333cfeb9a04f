/**
 * A face search that asks first, on a phone: the participant reads what happens to the selfie
 * (used only for this event, by whom, how long it is kept, whom to write to) and ticks an
 * unticked box; before that no camera opens and nothing is uploaded; the agreement lasts for
 * the visit; a participant who declines still has all the event's photos.
 */
import { join } from "node:path";
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const SELFIE = join(import.meta.dirname, "../fixtures/selfies/one-person.jpg");
const AGREE = "I agree that my selfie is used to find my photos of this event";
const MINE = "/event/1003/photos?tab=mine";

test.use({ locale: "en-US", viewport: { width: 390, height: 844 }, hasTouch: true });

/** Every selfie upload and camera request the page makes. */
async function watch(page: Page) {
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/selfies/.test(r.url())) uploads.push(r.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cameraAsked: number };
    w.cameraAsked = 0;
    const media = navigator.mediaDevices;
    if (!media) return;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = (c) => {
      w.cameraAsked++;
      return original(c);
    };
  });
  const cameraAsked = () =>
    page.evaluate(() => (window as unknown as { cameraAsked: number }).cameraAsked);
  return { uploads, cameraAsked };
}

test("the participant reads what happens to the selfie and agrees before anything is captured", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { uploads, cameraAsked } = await watch(page);
  await page.goto(tenantUrl("mysport", MINE));
  const search = page.locator(".face-search");
  await expect(search).toContainText("Your selfie is used only to find your photos of this event.");
  await expect(search).toContainText("The search is run by MySport.");
  await expect(search).toContainText(
    "Your selfie is deleted as soon as the search is done; it is not stored or used for anything else.",
  );
  await expect(search.getByRole("link", { name: "support@mysport.example" })).toHaveAttribute(
    "href",
    "mailto:support@mysport.example",
  );
  const agree = page.getByRole("checkbox", { name: AGREE });
  await expect(agree).not.toBeChecked();
  const takeSelfie = page.getByRole("button", { name: "Take a selfie" });
  await expect(takeSelfie).toBeDisabled();
  await expect(takeSelfie).toHaveAccessibleDescription(
    "Tick the box to take or upload a selfie. Or see all photos of the event",
  );
  await expect(page.getByLabel("Upload a photo")).toBeDisabled();
  // A tap on the disabled actions captures nothing.
  await takeSelfie.click({ force: true });
  await page.locator("label", { hasText: "Upload a photo" }).click({ force: true });
  expect([uploads, await cameraAsked()]).toEqual([[], 0]);
  await page.screenshot({ path: test.info().outputPath("consent-phone.png") });

  // By keyboard: the box is reached and ticked with Space, then the camera button is next.
  await agree.focus();
  await page.keyboard.press("Space");
  await expect(agree).toBeChecked();
  await expect(agree).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(takeSelfie).toBeFocused();
  await expect(takeSelfie).toBeEnabled();
  await expect(page.getByText("Tick the box to take or upload a selfie.")).toHaveCount(0);

  await page.getByLabel("Upload a photo").setInputFiles(SELFIE);
  await expect(page.locator(".results")).toContainText("Found by your selfie", {
    timeout: 20_000,
  });
  expect(uploads).toHaveLength(1);
});

test("the agreement lasts for the visit only, and never reaches localStorage", async ({
  page,
  browser,
}) => {
  await page.goto(tenantUrl("mysport", MINE));
  await page.getByRole("checkbox", { name: AGREE }).check();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: AGREE })).toBeChecked();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("selfie");
  // Another event asks again.
  await page.goto(tenantUrl("mysport", "/event/1002/photos?tab=mine"));
  await expect(page.getByRole("checkbox", { name: AGREE })).not.toBeChecked();
  // A new visit asks again.
  const context = await browser.newContext({ locale: "en-US" });
  const other = await context.newPage();
  await other.goto(tenantUrl("mysport", MINE));
  await expect(other.getByRole("checkbox", { name: AGREE })).not.toBeChecked();
  await context.close();
});

test("a participant who declines still has all the event's photos", async ({ page }) => {
  const { uploads } = await watch(page);
  await page.goto(tenantUrl("mysport", MINE));
  await page.getByRole("link", { name: "Or see all photos of the event" }).click();
  await expect(page).toHaveURL(/\/event\/1003\/photos\?tab=all$/);
  await expect(page.getByRole("tab", { name: "All photos" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.locator(".photo-grid img").first()).toBeVisible();
  expect(uploads).toEqual([]);
});

test("unticking the box closes the camera", async ({ page }) => {
  await page.goto(tenantUrl("mysport", MINE));
  const agree = page.getByRole("checkbox", { name: AGREE });
  await agree.check();
  await page.getByRole("button", { name: "Take a selfie" }).click();
  await expect(page.getByRole("button", { name: "Take photo" })).toBeEnabled();
  await agree.uncheck();
  await expect(page.locator("video")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Take a selfie" })).toBeDisabled();
});
