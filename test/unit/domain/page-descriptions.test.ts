/**
 * Each prerendered page says what it is under its title in a search result or a shared link
 * (<meta name="description">, og:description): one sentence per page in the page's language,
 * naming the tenant, from the build's own catalog (cli/build/catalogs.ts).
 */
import { describe, expect, it } from "vitest";
import { catalog } from "../../../cli/build/catalogs.ts";
import { PAGE_DESCRIPTIONS } from "../../../storefront/src/domain/page-descriptions.ts";
import { FULL_PAGES, type PageKind, SHELL_PAGES } from "../../../storefront/src/domain/pages.ts";

const PAGES: PageKind[] = [...FULL_PAGES, ...SHELL_PAGES];
const LANGUAGES = ["ru", "en", "es"] as const;

describe("the pages' descriptions", () => {
  it("every prerendered page has one in ru, en and es, naming the tenant", async () => {
    for (const language of LANGUAGES) {
      const t = await catalog(language);
      for (const page of PAGES) {
        const text = t(PAGE_DESCRIPTIONS[page], { tenantName: "MySport" });
        expect(text, `${language} ${page}`).toContain("MySport");
        expect(text, `${language} ${page}`).not.toContain("{");
      }
    }
  });

  it("each page has its own, translated: a Russian page does not read English", async () => {
    const ru = await catalog("ru");
    const en = await catalog("en");
    const english = PAGES.map((page) => en(PAGE_DESCRIPTIONS[page], { tenantName: "MySport" }));
    expect(new Set(english).size).toBe(PAGES.length);
    for (const [i, page] of PAGES.entries())
      expect(ru(PAGE_DESCRIPTIONS[page], { tenantName: "MySport" }), page).not.toBe(english[i]);
  });

  it("the home page's says how participants find their photos: by bib number, surname or selfie", async () => {
    const en = await catalog("en");
    const home = en(PAGE_DESCRIPTIONS.home, { tenantName: "MySport" });
    for (const way of ["bib number", "surname", "selfie"]) expect(home).toContain(way);
  });
});
