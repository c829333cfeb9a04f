import { expect, type Page, test } from "./fixtures.ts";
import { type TenantId, tenantUrl } from "./tenants.ts";

async function open(page: Page, id: TenantId, path = "/") {
  await page.goto(tenantUrl(id, path));
  await expect(page.locator("h1")).toBeVisible();
}

const menuNames = (page: Page) =>
  page.getByRole("banner").getByRole("navigation").getByRole("link").allTextContents();

test.describe("MySport (default tenant)", () => {
  test("themed by its tokens: primary colour and logo", async ({ page }) => {
    await open(page, "mysport");
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    );
    expect(primary).toBe("#1565c0");
    const logo = page.getByRole("link", { name: /MySport/ }).locator("img");
    await expect(logo).toHaveAttribute("src", /\/assets\/logo-small-[0-9a-f]+\.svg$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/assets\/logo-[0-9a-f]+\.svg$/,
    );
    await expect(page).toHaveTitle("MySport");
  });

  test("Russian by default: menu, social icons and copyright in the footer", async ({ page }) => {
    await open(page, "mysport");
    expect(await menuNames(page)).toEqual([
      "Участникам",
      "Фотографам",
      "Организаторам",
      "Бизнесу",
      "Контакты",
    ]);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("list", { name: "Социальные сети" })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} MySport`);
    await expect(footer.getByRole("link", { name: "Написать в поддержку" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Политика конфиденциальности" })).toHaveAttribute(
      "href",
      "/policy.ru.pdf",
    );
  });

  test("language switch changes the text, the footer rules and is remembered", async ({ page }) => {
    await open(page, "mysport");
    await page.getByRole("button", { name: /Язык/ }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Participants" }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Contact support" })).toHaveAttribute(
      "href",
      "mailto:support@mysport.example",
    );
    await expect(footer).not.toContainText("©");
    await expect(footer.getByRole("list", { name: "Social networks" })).toHaveCount(0);
    // The privacy policy in the language just chosen.
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "/policy.en.pdf",
    );
    await page.reload();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Participants" }),
    ).toBeVisible();
  });

  test("language menu works from the keyboard", async ({ page }) => {
    await open(page, "mysport");
    const button = page.getByRole("button", { name: /Язык/ });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "English" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("unknown path goes home", async ({ page }) => {
    await page.goto(tenantUrl("mysport", "/no/such/page"));
    await expect(page).toHaveURL(tenantUrl("mysport", "/"));
    await expect(page.locator("h1")).toHaveText("MySport");
  });

  test("/my-account is not shown to an anonymous visitor: sent to sign in", async ({ page }) => {
    await page.goto(tenantUrl("mysport", "/my-account"));
    await expect(page).toHaveURL(/\/auth\/realms\/mysport\/interaction\//);
    await page.goto(tenantUrl("mysport", "/"));
    await expect(page.getByRole("link", { name: "Личный кабинет" })).toHaveCount(0);
  });

  test("the cart button does nothing on the cart; the logo returns home", async ({ page }) => {
    await open(page, "mysport", "/cart");
    const cart = page.getByRole("button", { name: "Корзина" });
    await expect(cart).toHaveAttribute("aria-disabled", "true");
    await cart.click({ force: true });
    await expect(page).toHaveURL(tenantUrl("mysport", "/cart"));
    await page.getByRole("link", { name: /MySport/ }).click();
    await expect(page).toHaveURL(tenantUrl("mysport", "/"));
  });

  test("contacts: support e-mail, hours and privacy policy", async ({ page }) => {
    await open(page, "mysport");
    await page.getByRole("banner").getByRole("link", { name: "Контакты" }).click();
    await expect(page.locator("h1")).toHaveText("Контакты");
    await expect(page.locator("h1")).toBeFocused();
    await expect(page.getByRole("link", { name: "support@mysport.example" })).toHaveAttribute(
      "href",
      "mailto:support@mysport.example",
    );
    await expect(page.getByText("Пн–Пт 08:00–18:00 по московскому времени")).toBeVisible();
  });

  test("mobile viewport: 56 px bar and the side drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, "mysport");
    const bar = page.getByRole("banner");
    expect((await bar.boundingBox())?.height).toBe(56);
    await expect(bar.getByRole("navigation")).toHaveCount(0);
    await page.getByRole("button", { name: "Открыть меню" }).click();
    const drawer = page.getByRole("dialog", { name: "Меню" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Контакты" }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator("h1")).toHaveText("Контакты");
    await page.getByRole("button", { name: "Открыть меню" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("desktop bar is 64 px with the menu inline", async ({ page }) => {
    await open(page, "mysport");
    expect((await page.getByRole("banner").boundingBox())?.height).toBe(64);
    await expect(page.getByRole("button", { name: "Открыть меню" })).toHaveCount(0);
  });

  test("touch marker is set on the page", async ({ page }) => {
    await open(page, "mysport");
    await expect(page.locator("html")).toHaveClass(/\bno-touch\b/);
  });
});

test.describe("MySportUSA", () => {
  test("English only, home and contacts, custom back link, no footer", async ({ page }) => {
    await open(page, "mysport-usa");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await menuNames(page)).toEqual(["Participants", "Contacts"]);
    // Leaving the shop: the link says where to, by name and by the host it shows.
    const back = page.getByRole("link", { name: "Back to MySport USA (us.mysport.example)" });
    await expect(back).toHaveAttribute("href", "https://us.mysport.example/");
    await expect(back).toContainText("us.mysport.example");
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Language/ })).toHaveCount(0);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    );
    expect(primary).toBe("#0b3d91");
  });
});

test.describe("IronStar", () => {
  test("themed bar returns to the brand site from home; copyright in ru", async ({ page }) => {
    await open(page, "ironstar");
    const bar = page.getByRole("banner");
    const background = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(183, 28, 28)");
    const back = bar.getByRole("link", { name: "Назад на ironstar.example" });
    await expect(back).toHaveAttribute("href", "https://ironstar.example/");
    await expect(back).toBeVisible();
    await expect(back).toContainText("ironstar.example");
    await expect(page.getByRole("contentinfo")).toContainText("IronStar");
    await expect(
      page.getByRole("contentinfo").getByRole("list", { name: "Социальные сети" }),
    ).toHaveCount(0);
  });
});

test.describe("TimerMan", () => {
  test("three languages incl. Spanish; support link in the footer", async ({ page }) => {
    await open(page, "timerman");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Написать в поддержку" }),
    ).toBeVisible();
    await expect(page.getByRole("contentinfo")).not.toContainText("©");
    await page.getByRole("button", { name: /Язык/ }).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Participantes" }),
    ).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Contactar con soporte" }),
    ).toBeVisible();
  });
});

test.describe("MyEventPhoto", () => {
  test("the three landing items are hidden", async ({ page }) => {
    await open(page, "myeventphoto");
    expect(await menuNames(page)).toEqual(["Участникам", "Контакты"]);
    await expect(page.getByRole("contentinfo")).toContainText("MyEventPhoto");
  });
});

test("a browser in English gets the English storefront", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await open(page, "mysport");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("a browser in Kazakh gets the Russian storefront", async ({ browser }) => {
  const context = await browser.newContext({ locale: "kk-KZ" });
  const page = await context.newPage();
  await open(page, "mysport");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await context.close();
});
