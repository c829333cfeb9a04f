/** Without JavaScript the prerendered pages are readable. */
import { expect, test } from "./fixtures.ts";
import { tenantUrl } from "./tenants.ts";

test.use({ javaScriptEnabled: false });

test("home is readable: heading, texts, links, footer, and what needs the app says so", async ({
  page,
}) => {
  await page.goto(tenantUrl("mysport"));
  await expect(page.getByRole("heading", { level: 1, name: "MySport" })).toBeVisible();
  await expect(
    page.getByText("Находите и покупайте свои фото со спортивных событий."),
  ).toBeVisible();
  await expect(page.getByLabel("Название события")).toBeVisible();
  // Playwright's text and role engines skip <noscript>; its elements are checked directly.
  const note = page.locator(".noscript-nav p");
  await expect(note).toBeVisible();
  expect(await note.evaluate((n) => n.textContent)).toBe(
    "Чтобы искать, покупать и скачивать фото, в браузере должен быть включён JavaScript.",
  );
  // The menu as plain links (the drawer needs the app), and the footer.
  const links = page.locator(".noscript-nav a");
  await expect(links.last()).toBeVisible();
  expect(
    await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute("href")])),
  ).toEqual([
    ["Участникам", "/"],
    ["Фотографам", "/for-photographers"],
    ["Организаторам", "/for-organizers"],
    ["Бизнесу", "/for-business"],
    ["Контакты", "/contacts"],
  ]);
  await expect(page.locator("footer")).toContainText("MySport");
  await page.goto(tenantUrl("mysport", "/contacts"));
  await expect(page.getByRole("heading", { level: 1, name: "Контакты" })).toBeVisible();
  await expect(page.getByRole("link", { name: "support@mysport.example" })).toBeVisible();
});
