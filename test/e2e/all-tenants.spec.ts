/**
 * Every tenant on one port through the real CLI, in Chromium: `storefront preview --all` lists
 * the tenants at http://localhost:<port>/ and serves each at http://<id>.localhost:<port>/ (the
 * browser sends *.localhost to this machine); a --host-alias serves a tenant with that host's
 * rules (en.mysport.ru forces English).
 */
import { planPort } from "../ports.ts";
import { expect, test } from "./fixtures.ts";
import { type PreviewAll, startPreviewAll } from "./preview-all.ts";

test.describe.configure({ mode: "serial" });

const PORT = planPort("previewAll");

let preview: PreviewAll | undefined;

test.beforeAll(async () => {
  preview = await startPreviewAll(PORT);
});

test.afterAll(() => {
  preview?.process.kill();
});

test("the index lists every tenant with its name, languages, currency and a link", async ({
  page,
}) => {
  await page.goto(`http://localhost:${PORT}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Every tenant on port ${PORT}`);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(6);
  const mysport = rows.filter({ has: page.getByRole("link", { name: "MySport", exact: true }) });
  await expect(mysport).toContainText("ru (default), en");
  await expect(mysport).toContainText("RUB");
  const usa = rows.filter({ has: page.getByRole("link", { name: "MySport USA" }) });
  await expect(usa).toContainText("USD");
  for (const name of ["IronStar", "MyEventPhoto", "TimerMan"]) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", /\.localhost:\d+\/$/);
  }
  await page.getByRole("link", { name: "MySport", exact: true }).click();
  await expect(page).toHaveURL(`http://mysport.localhost:${PORT}/`);
  await expect(page).toHaveTitle(/MySport/);
});

test("two tenants on one port, each by its host name, each with its own settings", async ({
  page,
}) => {
  const settingsId = () =>
    page.evaluate(
      () => JSON.parse(document.getElementById("tenant-settings")?.textContent ?? "{}").id,
    );
  await page.goto(`http://mysport.localhost:${PORT}/`);
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await settingsId()).toBe("mysport");
  await page.goto(`http://ironstar.localhost:${PORT}/`);
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await settingsId()).toBe("ironstar");
  await expect(page).toHaveTitle(/IronStar/);
});

test.describe("a host alias", () => {
  test("a host alias serves its tenant with that host's rules (en.mysport.ru: English)", async ({
    page,
  }) => {
    await page.goto(`http://mysport.localhost:${PORT}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await page.goto(`http://en.mysport.ru.localhost:${PORT}/`);
    await expect(page.getByRole("banner")).toBeVisible();
    // The page the server chose and the app that took it over both keep the host's English.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  });
});

test("each tenant with sign-in signs in on its own origin, against a provider of that origin", async ({
  page,
  request,
}) => {
  const origin = `http://mysport.localhost:${PORT}`;
  // Node does not send *.localhost to this machine as the browser does: the name goes as Host.
  const discovery = (name: string) =>
    request.get(`http://127.0.0.1:${PORT}/auth/realms/mysport/.well-known/openid-configuration`, {
      headers: { Host: `${name}:${PORT}` },
    });
  const own = await discovery("mysport.localhost");
  expect(own.status()).toBe(200);
  expect((await own.json()).issuer).toBe(`${origin}/auth/realms/mysport`);
  // A tenant without sign-in has no provider (the address is a page of its shop); the alias's
  // origin has one of its own.
  const none = await discovery("ironstar.localhost");
  expect(none.headers()["content-type"]).toContain("text/html");
  const alias = await discovery("en.mysport.ru.localhost");
  expect((await alias.json()).issuer).toBe(
    `http://en.mysport.ru.localhost:${PORT}/auth/realms/mysport`,
  );

  await page.goto(`${origin}/my-account`);
  await expect(page.getByLabel("Password")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);
  await page.getByLabel("E-mail").fill("runner@demo.example");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/my-account`);
  await expect(page.getByText("runner@demo.example")).toBeVisible();
  // The demo backend knows the provider's token: the seeded order history shows.
  await expect(page.locator(".order-row")).toHaveCount(10);
});
