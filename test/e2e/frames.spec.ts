/**
 * The frame picker and the unavailable cart, in Russian (the default locale): a photo
 * in a frame from the viewer with its live preview, "Select Photo" when none is chosen, and
 * the cart screen when the cart service cannot be reached.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

const open = (page: Page, path: string) => page.goto(tenantUrl("mysport", path));
const grid = (page: Page) => page.locator(".photo-grid");
const cartButton = (page: Page) => page.locator(".app-bar").getByRole("link", { name: /^Корзина/ });

test("a photo in a frame from the viewer: live preview, frame type, into the cart", async ({
  page,
}) => {
  await open(page, "/search/1003/303");
  await expect(grid(page).locator("img").first()).toBeVisible();
  await grid(page).getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Просмотр фото" });
  const opener = viewer.getByRole("button", { name: "Фото в рамке" });
  await opener.click();

  const picker = page.getByRole("dialog", { name: "Фото в рамке" });
  await expect(picker).toBeVisible();
  // The viewer's photo is chosen; the first frame type too: the preview loads at once.
  const preview = picker.getByRole("img", { name: /^Предпросмотр фото в рамке/ });
  await expect(preview).toHaveAccessibleName("Предпросмотр фото в рамке Classic");
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const first = await preview.getAttribute("src");
  expect(first).toMatch(/^blob:/);

  await picker.getByRole("radio", { name: "Medal" }).check();
  await expect(preview).toHaveAccessibleName("Предпросмотр фото в рамке Medal");
  await expect(preview).not.toHaveAttribute("src", first ?? "");
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await picker.getByRole("button", { name: /^В корзину/ }).click();
  await expect(picker).toBeHidden();
  // Focus goes back to the button that opened the picker.
  await expect(opener).toBeFocused();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  await cartButton(page).click();
  await expect(page.locator(".cart-item")).toHaveCount(1);
  await expect(page.locator(".cart-item__title")).toHaveText("Фото в рамке");
  // On /cart the cart button is a button (it does nothing there); the badge still counts.
  await expect(page.locator(".app-bar").getByRole("button", { name: /^Корзина, 1 / })).toHaveCount(
    1,
  );
  await expect(page.locator(".cart-badge")).toHaveText("1");
});

test("Add a frame from the results: Select Photo without a photo, then all my photos", async ({
  page,
}) => {
  await open(page, "/search/1003/304");
  const offers = page.getByRole("region", { name: "Пакеты" });
  await offers.getByRole("button", { name: "Добавить рамку" }).click();
  const picker = page.getByRole("dialog", { name: "Фото в рамке" });
  await picker.getByRole("button", { name: /^В корзину/ }).click();
  await expect(picker.getByRole("alert")).toHaveText("Выберите фото");
  await expect(page.locator(".cart-badge")).toHaveCount(0);

  // Keyboard: choose the first photo, then "all my photos".
  await picker.getByRole("radio", { name: "Кадр 1", exact: true }).check();
  await expect(picker.getByRole("alert")).toHaveCount(0);
  await expect(picker.getByRole("img", { name: /^Предпросмотр фото в рамке/ })).toBeVisible();
  await picker.getByRole("radio", { name: /^Все мои фото/ }).check();
  await picker.getByRole("button", { name: /^В корзину/ }).click();
  await expect(picker).toBeHidden();
  await expect(offers.getByRole("button", { name: "Добавить рамку" })).toBeFocused();
  await expect(page.locator(".cart-badge")).toHaveText("1");
  await cartButton(page).click();
  await expect(page.locator(".cart-item__title")).toHaveText("Все мои фото в рамках");
});

test("the cart service is down: the cart says it is unavailable and offers to try again", async ({
  page,
}) => {
  let down = true;
  await page.route("**/public/shoppingcart-service/**", (route) =>
    down ? route.abort("connectionrefused") : route.fallback(),
  );
  await open(page, "/cart");
  // The screen's own message (the snackbar may say it too).
  await expect(page.locator(".cart-unavailable[role=alert]")).toContainText(
    "Корзина сейчас недоступна. Проверьте подключение",
  );
  await expect(page.getByText("Ваша корзина пуста.")).toHaveCount(0);
  down = false;
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.getByText("Ваша корзина пуста.")).toBeVisible();
});

test("several package offers of one event: each Buy all photos button has its own name", async ({
  page,
}) => {
  await open(page, "/search/1001/101");
  const offers = page.getByRole("region", { name: "Пакеты" });
  const buttons = offers.getByRole("button", { name: /^Купить все фото/ });
  await expect(buttons).toHaveCount(2); // "All my photos" and the 42K-only offer
  const names = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(name).toMatch(/^Купить все фото: /);
});
