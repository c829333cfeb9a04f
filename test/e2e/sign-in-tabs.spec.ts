/**
 * Sign-in across tabs and stale callbacks (spec §6), against the preview's identity provider:
 * another tab's background sign-in check never wipes a sign-in under way; a callback address
 * that cannot be used (opened again, or forged) says so and offers to try again; the code is
 * off the address bar and out of every Referer of the callback page.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ locale: "en-US" });

async function fillProvider(page: Page) {
  await page.getByLabel("E-mail").fill("runner@demo.example");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
}

const oidcKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith("oidc.")));

test("a second tab's background check leaves the first tab's sign-in alone", async ({
  context,
}) => {
  test.setTimeout(60_000);
  const first = await context.newPage();
  await first.goto(tenantUrl("mysport", "/contacts"));
  await first.getByRole("button", { name: "Sign in" }).click();
  await expect(first.getByLabel("Password")).toBeVisible();

  // Meanwhile another tab of the shop runs its silent check (prompt=none) to the end.
  const second = await context.newPage();
  const silent = second.waitForRequest(
    (r) => new URL(r.url()).searchParams.get("prompt") === "none",
  );
  await second.goto(tenantUrl("mysport", "/"));
  await silent;
  await expect(second.getByRole("button", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
  // The first tab's request state is still there.
  expect((await oidcKeys(second)).length).toBeGreaterThan(0);

  await fillProvider(first);
  await expect(first).toHaveURL(tenantUrl("mysport", "/contacts"));
  await expect(first.getByRole("link", { name: "My account" }).first()).toBeVisible();
});

test("a callback opened again says sign-in was not completed and offers to try again; the code leaves the address bar", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const referers: string[] = [];
  page.on("request", (r) => {
    const referer = r.headers().referer;
    if (referer) referers.push(referer);
  });
  const callback = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === "/auth-callback" &&
      url.searchParams.has("code") &&
      r.isNavigationRequest() &&
      r.frame() === page.mainFrame()
    );
  });
  await page.goto(tenantUrl("mysport", "/my-account"));
  await fillProvider(page);
  const used = (await callback).url();
  expect(new URL(used).searchParams.get("code")).toBeTruthy();
  await expect(page).toHaveURL(tenantUrl("mysport", "/my-account"));
  // No request of the callback page carried the code in its Referer.
  expect(referers.filter((r) => r.includes("code="))).toEqual([]);

  // The same address again, in a fresh tab with nobody signed in there: it cannot be used.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.context().clearCookies();
  await page.goto(used);
  await expect(page.getByRole("heading", { name: "Sign-in was not completed" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator("main").getByRole("alert")).toHaveText(
    "Its link was already used, is too old, or was opened in another tab.",
  );
  // The code is off the address bar.
  expect(new URL(page.url()).search).toBe("");
  await page.getByRole("button", { name: "Sign in again" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
});
