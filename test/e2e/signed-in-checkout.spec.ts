/**
 * Signed-in checkout (spec §3 "Signed-in user: e-mail and token from the
 * identity provider"), on a phone, with the local OIDC provider of `storefront preview`: the
 * participant's e-mail (the profile's `email` claim) is already in the checkout's e-mail field,
 * and it stays theirs to change.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page) {
  await page.getByRole("button", { name: "Войти" }).click();
  await page.getByLabel("E-mail").fill("runner@demo.example");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the provider's e-mail is in the checkout field, editable", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl("mysport", "/search/1003/302"));
  await page
    .getByRole("region", { name: "Пакеты" })
    .getByRole("button", { name: /^Купить все фото/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.goto(tenantUrl("mysport", "/cart"));
  await signIn(page);
  await expect(page).toHaveURL(tenantUrl("mysport", "/cart"));
  await expect(page.getByRole("link", { name: "Личный кабинет" }).first()).toBeVisible();

  await page.getByRole("link", { name: "Перейти к оформлению" }).click();
  const email = page.getByLabel("Электронная почта");
  await expect(email).toHaveValue("runner@demo.example");
  await expect(email).toBeEditable();

  // Theirs to change: what they type is what the order gets.
  await email.fill("club-runner@example.com");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.locator(".checkout__email")).toContainText("club-runner@example.com");
  // Back to the Order step: still what they typed, not the provider's e-mail.
  await page.getByRole("button", { name: "Изменить" }).click();
  await expect(email).toHaveValue("club-runner@example.com");
});

test("an anonymous visitor's checkout e-mail starts empty", async ({ page }) => {
  await page.goto(tenantUrl("mysport", "/search/1003/303"));
  await page
    .getByRole("region", { name: "Пакеты" })
    .getByRole("button", { name: /^Купить все фото/ })
    .first()
    .click();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.goto(tenantUrl("mysport", "/order"));
  await expect(page.getByLabel("Электронная почта")).toHaveValue("");
});
