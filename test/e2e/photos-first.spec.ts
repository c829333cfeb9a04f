/**
 * Photos first on the gallery routes (a phone, where a runner looks): the photos of the first
 * viewport load at once, the first ones with high fetch priority, every later one lazily; each
 * photo's place is held by its tile, so nothing moves as they arrive; and the whole gallery's
 * photo list is asked for once, as early as the event.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { layoutShift } from "./layout-shift.ts";
import { watchQuiet } from "./quiet.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Each grid photo's loading, fetch priority and whether it starts within the first viewport. */
async function gridPhotos(page: Page) {
  await expect(page.locator(".photo-grid__cell img").first()).toBeVisible({ timeout: 20_000 });
  return page.locator(".photo-grid__cell img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      loading: img.getAttribute("loading"),
      priority: img.getAttribute("fetchpriority"),
      inFirstViewport: img.getBoundingClientRect().top + window.scrollY < window.innerHeight,
      src: img.getAttribute("src"),
      srcset: img.getAttribute("srcset"),
      attributes: [Number(img.getAttribute("width")), Number(img.getAttribute("height"))],
      box: [
        Math.round(img.getBoundingClientRect().width),
        Math.round(img.getBoundingClientRect().height),
      ],
    })),
  );
}

function expectPhotosFirst(photos: Awaited<ReturnType<typeof gridPhotos>>) {
  const first = photos.filter((p) => p.inFirstViewport);
  const later = photos.filter((p) => !p.inFirstViewport);
  expect(first.length).toBeGreaterThan(0);
  expect(later.length).toBeGreaterThan(0);
  expect(first.every((p) => p.loading === "eager")).toBe(true);
  expect(later.every((p) => p.loading === "lazy" && p.priority === null)).toBe(true);
  // The first ones (the largest paint) with high priority, and only a few.
  expect(photos[0]?.priority).toBe("high");
  const high = photos.filter((p) => p.priority === "high").length;
  expect(high).toBeGreaterThan(0);
  expect(high).toBeLessThanOrEqual(4);
  // Each photo is the API's thumbnail, its width and height those of its square tile, so its
  // place is held before it arrives. The API gives the thumbnail without its size (and the
  // viewer's photo at full size): there is no second size to offer (docs/participant-journey.md).
  for (const p of photos) {
    expect(p.src).toMatch(/\/thumb\//);
    expect(p.srcset).toBeNull();
    expect(Math.abs((p.attributes[0] ?? 0) - (p.box[0] ?? 0))).toBeLessThanOrEqual(1);
    expect(p.attributes[0]).toBe(p.attributes[1]);
    expect(p.box[0]).toBe(p.box[1]);
  }
}

test("all photos: the first viewport eager, later photos lazy, the list asked for once", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const lists: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/photo-service/api/v1/photos")) lists.push(url.search);
  });
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"));
  expectPhotosFirst(await gridPhotos(page));
  await quiet();
  // 60 photos: one page, asked for once (the early call and the screen's load are one).
  expect(lists.filter((q) => /offset=0\b/.test(q))).toHaveLength(1);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

test("a participant's photos from a link: the same", async ({ page }) => {
  const quiet = watchQuiet(page);
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  expectPhotosFirst(await gridPhotos(page));
  await quiet();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

test("a participant's photos from a link: the name arrives before the photos, and nothing under it moves", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  // A slow photo service: the list is held until the participant's name is on the screen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/photo-service\/api\/v1\/photos\?/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  await expect(page.locator(".results__who")).toContainText("301");
  await expect(page.getByRole("status").filter({ hasText: "Ищем фото…" })).toBeVisible();
  release();
  expectPhotosFirst(await gridPhotos(page));
  await quiet();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

/** Every API call of the page, as "METHOD /path" (the query left out), in the order made. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/public/")) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

/**
 * Holds the app's main chunk (the entry the boot script imports) until `release` is called:
 * whatever is asked for meanwhile was asked for before the app's JavaScript had arrived.
 */
async function holdMainChunk(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    asked++;
    await held;
    await route.fallback();
  });
  return { release, asked: () => asked };
}

const EVENT = "GET /public/photo-service/api/v1/events/1003";
const PHOTOS = "GET /public/photo-service/api/v1/photos";
const COMPETITORS = "GET /public/competitor-service/api/v1/competitors";
const TOKEN = "POST /public/competitor-service/api/v1/competitors/1003/token";
const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;

test("a participant's photos from a link: the event, the participant, their token and their photos are asked for before the app's main chunk arrives, each once", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const calls = apiCalls(page);
  const main = await holdMainChunk(page);
  // The photo list is the chain's last call: event → participant by bib → search token → photos.
  const photos = page.waitForRequest(
    (r) => r.url().includes("/photo-service/api/v1/photos?") && r.url().includes("competitorId="),
  );
  await page.goto(tenantUrl("mysport", "/search/1003/301"), { waitUntil: "commit" });
  await photos;
  expect(main.asked()).toBeGreaterThan(0);
  expect(calls).toEqual([EVENT, COMPETITORS, TOKEN, PHOTOS]);
  main.release();
  expectPhotosFirst(await gridPhotos(page));
  await expect(page.locator(".results__who")).toContainText("301");
  await quiet();
  // The app took every early answer: nothing was asked twice.
  for (const call of [EVENT, COMPETITORS, TOKEN, PHOTOS]) expect(count(calls, call)).toBe(1);
});

test("all photos: the event and the first photos are asked for before the app's main chunk arrives, each once", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const calls = apiCalls(page);
  const main = await holdMainChunk(page);
  const photos = page.waitForRequest((r) => r.url().includes("/photo-service/api/v1/photos?"));
  // The first photo (the page's largest paint) is asked for as soon as the list is known.
  const firstPhoto = page.waitForRequest((r) => r.url().endsWith("/demo/img/thumb/a1003-1.svg"));
  await page.goto(tenantUrl("mysport", "/event/1003/photos?tab=all"), {
    waitUntil: "commit",
  });
  await photos;
  await firstPhoto;
  expect(main.asked()).toBeGreaterThan(0);
  expect(calls).toEqual([EVENT, PHOTOS]);
  main.release();
  expectPhotosFirst(await gridPhotos(page));
  await quiet();
  expect(count(calls, EVENT)).toBe(1);
  expect(count(calls, PHOTOS)).toBe(1);
});

test("my photos: a result already found shows on the My photos tab without asking again", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const calls = apiCalls(page);
  await page.goto(tenantUrl("mysport", "/search/1003/301"));
  await gridPhotos(page);
  await quiet();
  await page.getByRole("link", { name: "Искать по лицу" }).click();
  await expect(page).toHaveURL(/\/event\/1003\/photos\?tab=mine$/);
  await expect(page.getByRole("tab", { name: "Мои фото" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.locator(".results__who")).toContainText("301");
  expect((await gridPhotos(page)).length).toBeGreaterThan(0);
  await quiet();
  expect(count(calls, PHOTOS)).toBe(1);
  expect(count(calls, TOKEN)).toBe(1);
});

test("the event page: the event and its cover are asked for before the app's main chunk arrives, each once", async ({
  page,
}) => {
  const quiet = watchQuiet(page);
  const calls = apiCalls(page);
  const covers: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/demo/img/cover/")) covers.push(r.url());
  });
  const main = await holdMainChunk(page);
  const cover = page.waitForRequest((r) => r.url().endsWith("/demo/img/cover/1003.svg"));
  await page.goto(tenantUrl("mysport", "/event/1003"), { waitUntil: "commit" });
  await cover;
  expect(main.asked()).toBeGreaterThan(0);
  expect(calls).toEqual([EVENT]);
  main.release();
  await expect(page.locator(".event-page__cover")).toBeVisible({ timeout: 20_000 });
  await quiet();
  expect(count(calls, EVENT)).toBe(1);
  expect(covers).toHaveLength(1);
});
