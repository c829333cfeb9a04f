import { bearerAllowed, expect, type Page, type Request, test } from "./fixtures.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

// English, so the assertions use the spec's own words (spec §5, §8).
test.use({ locale: "en-US" });

async function open(page: Page, id: TenantId, path = "/") {
  await page.goto(tenantUrl(id, path));
  await expect(page.locator("h1")).toBeVisible();
}

test.describe("landing pages", () => {
  test("organizers: commission 15 % to 40 % within 50 days, rent and fixed fee, the figures", async ({
    page,
  }) => {
    await open(page, "mysport", "/for-organizers");
    await expect(page.locator("h1")).toHaveText("For organizers");
    const main = page.locator("main");
    await expect(main).toContainText("from 15 % to 40 % of photo sales");
    await expect(main).toContainText("within 50 days of the event");
    await expect(main.getByRole("heading", { name: "Rent" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Fixed fee" })).toBeVisible();
    const facts = main.getByRole("region", { name: "Facts and figures" });
    await expect(facts).toContainText("98 % of faces recognised");
    await expect(facts).toContainText("within hours");
    await expect(facts).toContainText("1.3 million unique visitors");
    await expect(facts).toContainText("430,244 accounts");
  });

  test("photographers: 5000 RUB per event up to 4 hours, 1500 RUB per extra hour", async ({
    page,
  }) => {
    await open(page, "mysport", "/for-photographers");
    const main = page.locator("main");
    await expect(main).toContainText("From 5,000 RUB per event (up to 4 hours)");
    await expect(main).toContainText("1,500 RUB for every extra hour");
  });

  test("business: advertising 2–3 days reaching 90 %, brand zones, tenants", async ({ page }) => {
    await open(page, "mysport", "/for-business");
    const main = page.locator("main");
    await expect(main).toContainText("lasts 2–3 days and reaches 90 % of the participants");
    await expect(main.getByRole("heading", { name: "Partner brand zones" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Tenants" })).toBeVisible();
  });

  test("Russian content", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    await open(page, "mysport", "/for-photographers");
    await expect(page.locator("main")).toContainText("за каждый дополнительный час");
    await context.close();
  });

  for (const id of ["myeventphoto", "mysport-usa"] as const) {
    test(`hidden for ${id}: each landing route goes home`, async ({ page }) => {
      for (const path of ["/for-organizers", "/for-photographers", "/for-business"]) {
        await page.goto(tenantUrl(id, path));
        await expect(page).toHaveURL(tenantUrl(id, "/"));
      }
    });
  }
});

test.describe("request forms", () => {
  test("photographer: the spec's messages, a failing backend keeps the input, then success", async ({
    page,
  }) => {
    await open(page, "mysport", "/for-photographers");
    const opener = page.getByRole("button", { name: "Become a photographer" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Request to join as a photographer" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Send" }).click();
    for (const text of [
      "Enter your first and last name",
      "Enter your e-mail",
      "Enter the name of the city",
      "Enter a link to your portfolio",
      "Describe your equipment",
    ]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel("First and last name")).toBeFocused();
    await dialog.getByLabel("First and last name").fill("Anna Petrova");
    await dialog.getByLabel("E-mail").fill("anna@example");
    await dialog.getByLabel("City").fill("Kazan");
    await dialog.getByLabel("Portfolio link").fill("https://example.com/anna");
    await dialog.getByLabel("Equipment").fill("Canon R6, 70-200");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Enter a valid e-mail, e.g. name@example.com")).toBeVisible();
    await dialog.getByLabel("E-mail").fill("anna@example.com");

    await page.route("**/public/requests", (route) =>
      route.fulfill({ status: 503, body: '{"code":"ServiceUnavailable","message":"down"}' }),
    );
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "An error occurred while sending the request. Try again later.",
    );
    await expect(dialog.getByLabel("First and last name")).toHaveValue("Anna Petrova");
    await expect(dialog.getByLabel("Equipment")).toHaveValue("Canon R6, 70-200");

    await page.unroute("**/public/requests");
    const sent = page.waitForRequest("**/public/requests");
    await dialog.getByRole("button", { name: "Send" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      kind: "photographer",
      name: "Anna Petrova",
      email: "anna@example.com",
      city: "Kazan",
    });
    await expect(dialog.getByRole("status")).toContainText("Your request has been sent");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("business: phone required, failure keeps the input, Esc closes", async ({ page }) => {
    await open(page, "mysport", "/for-business");
    const opener = page.getByRole("button", { name: "Leave a request" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Request for business" });
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Enter your phone number", { exact: true })).toBeVisible();
    await dialog.getByLabel("Phone").fill("+7 900 123-45-67");
    await dialog.getByLabel("Comment (optional)").fill("A brand zone in Kazan");
    await page.route("**/public/requests", (route) => route.abort("connectionrefused"));
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("An error has occurred");
    await expect(dialog.getByLabel("Phone")).toHaveValue("+7 900 123-45-67");
    await expect(dialog.getByLabel("Comment (optional)")).toHaveValue("A brand zone in Kazan");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("contacts", () => {
  test("privacy policy is a real PDF of the tenant, in the visitor's language", async ({
    page,
    request,
  }) => {
    await open(page, "timerman", "/contacts");
    const link = page.getByRole("main").getByRole("link", { name: "Privacy policy" });
    await expect(link).toHaveAttribute("href", "/policy.en.pdf");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }),
    ).toHaveAttribute("href", "/policy.en.pdf");
    for (const path of ["/policy.en.pdf", "/policy.ru.pdf", "/policy.es.pdf", "/policy.pdf"]) {
      const pdf = await request.get(tenantUrl("timerman", path));
      expect([path, pdf.headers()["content-type"]]).toEqual([path, "application/pdf"]);
      expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });
});

test.describe("sign-in against the local provider (mysport)", () => {
  const authHeaders: { url: string; auth: string | undefined }[] = [];
  const record = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/public/"))
      authHeaders.push({ url: url.pathname, auth: r.headers().authorization });
  };

  test("sign in, orders with show more, details, sign out leaving nothing behind", async ({
    page,
    authSeen,
  }) => {
    test.setTimeout(60_000);
    page.on("request", record);
    await open(page, "mysport", "/for-business");
    const authorize = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/auth"));
    await page.getByRole("button", { name: "Sign in" }).click();
    const params = new URL((await authorize).url()).searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toBeTruthy();
    expect(params.get("scope")).toBe("openid profile email");

    await page.getByLabel("E-mail").fill("runner@demo.example");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password.");
    await page.getByLabel("Password").fill("demo");
    await page.getByRole("button", { name: "Sign in" }).click();

    // Back where the user was, signed in.
    await expect(page).toHaveURL(tenantUrl("mysport", "/for-business"));
    const account = page.getByRole("link", { name: "My account" }).first();
    await expect(account).toBeVisible();
    await account.click();
    await expect(page.getByText("runner@demo.example")).toBeVisible();

    const rows = page.locator(".order-row");
    await expect(rows).toHaveCount(10);
    const dates = await rows.locator(".order-row__date").allTextContents();
    expect(dates.length).toBe(10);
    await page.getByRole("button", { name: "Show more" }).click();
    await expect(rows).toHaveCount(20);
    await page.getByRole("button", { name: "Show more" }).click();
    await expect(rows).toHaveCount(23);
    await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);

    const first = rows.first().getByRole("link");
    const number = (await first.textContent()) ?? "";
    await first.click();
    await expect(page).toHaveURL(/\/my-account\/order\/order-seed-\d+$/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(number);
    await expect(page.locator(".order-item").first()).toBeVisible();

    const ordersCalls = authHeaders.filter((h) => h.url.includes("/order-service/"));
    expect(ordersCalls.length).toBeGreaterThan(0);
    for (const call of ordersCalls) expect(call.auth).toMatch(/^Bearer .+/);
    // The suite-wide guard (fixtures.ts) saw the token too, and only on the calls §6 names.
    expect(authSeen.some((s) => s.url.includes("/order-service/api/v1/orders"))).toBe(true);
    for (const s of authSeen) expect(bearerAllowed(s.url), s.url).toBe(true);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(tenantUrl("mysport", "/"));
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible({ timeout: 10_000 });
    // The silent check of the page we land on keeps its request state only while it runs.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].filter(
              (k) => k.startsWith("oidc."),
            ),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
    await expect(page.getByRole("link", { name: "My account" })).toHaveCount(0);

    // Afterwards no call carries the token, and the account is gone again.
    authHeaders.length = 0;
    await page.goto(tenantUrl("mysport", "/event/1003"));
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible({ timeout: 10_000 });
    expect(authHeaders.length).toBeGreaterThan(0);
    for (const call of authHeaders) expect(call.auth).toBeUndefined();
  });

  test("a reload keeps the session; /my-account for an anonymous visitor goes to sign-in", async ({
    page,
  }) => {
    await page.goto(tenantUrl("mysport", "/my-account"));
    await expect(page.getByLabel("Password")).toBeVisible();
    await page.getByLabel("E-mail").fill("runner@demo.example");
    await page.getByLabel("Password").fill("demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(tenantUrl("mysport", "/my-account"));
    await expect(page.locator(".order-row")).toHaveCount(10);
    await page.reload();
    await expect(page.locator(".order-row")).toHaveCount(10);
    // Without the stored user, the silent check (prompt=none in an iframe) finds the session.
    await page.evaluate(() => window.sessionStorage.clear());
    const silent = page.waitForRequest(
      (r) => new URL(r.url()).searchParams.get("prompt") === "none",
    );
    await page.goto(tenantUrl("mysport", "/contacts"));
    expect(new URL((await silent).url()).searchParams.get("response_type")).toBe("code");
    await expect(page.getByRole("link", { name: "My account" }).first()).toBeVisible();
  });

  test("the provider down: the shop stays usable and anonymous", async ({ page }) => {
    await page.route("**/auth/realms/**", (route) => route.abort("connectionrefused"));
    const started = Date.now();
    await open(page, "mysport", "/");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await page.getByRole("link", { name: "Contacts" }).first().click();
    await expect(page.locator("h1")).toHaveText("Contacts");
    expect(Date.now() - started).toBeLessThan(10_000);
    // Opening the account sends the visitor home when the provider cannot be reached.
    await page.goto(tenantUrl("mysport", "/my-account"));
    await expect(page).toHaveURL(tenantUrl("mysport", "/"), { timeout: 10_000 });
  });

  test("tenants without sign-in show no sign-in button and send /my-account home", async ({
    page,
  }) => {
    await open(page, "timerman", "/");
    await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);
    await page.goto(tenantUrl("timerman", "/my-account"));
    await expect(page).toHaveURL(tenantUrl("timerman", "/"));
  });
});
