/**
 * The privacy policy (spec §2: /policy.pdf) is the tenant's own: in each language it offers,
 * with its name, e-mails, support hours, time zone and selfie retention statement, readable as
 * text (pdftotext) and well-formed (qpdf --check), the same bytes for the same tenant. The PDF
 * tools come from scripts/ensure-pdf-tools.sh, a step of the test command: nothing skips.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { catalog } from "../../../cli/build/catalogs.ts";
import {
  type PolicyInput,
  policyFiles,
  renderPolicyPdf,
  selfieRetentionText,
} from "../../../cli/build/policy-pdf.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import { DEFAULT_SELFIE_RETENTION } from "../../../storefront/src/domain/privacy.ts";
import { qpdfCheck, textOf } from "./pdf-text.ts";

const FOTOSPORT: PolicyInput = {
  tenantName: "Фотоспорт",
  support: {
    email: "help@fotosport.example",
    hours: {
      from: "09:00",
      to: "19:30",
      timeZone: {
        ru: "по екатеринбургскому времени",
        en: "Yekaterinburg time",
        es: "hora de Ekaterimburgo",
      },
    },
  },
};

describe("the policy in each language, for a Cyrillic brand", () => {
  it.each([
    [
      "ru",
      "Политика конфиденциальности Фотоспорт",
      "Поддержка: help@fotosport.example, с понедельника по пятницу, с 09:00 до 19:30 по екатеринбургскому времени.",
      "Селфи удаляется сразу после завершения поиска; оно не хранится и ни для чего другого не используется.",
    ],
    [
      "en",
      "Фотоспорт privacy policy",
      "Support: help@fotosport.example, Monday to Friday, 09:00 to 19:30 Yekaterinburg time.",
      "Your selfie is deleted as soon as the search is done; it is not stored or used for anything else.",
    ],
    [
      "es",
      "Política de privacidad de Фотоспорт",
      "Soporte: help@fotosport.example, de lunes a viernes, de 09:00 a 19:30 hora de Ekaterimburgo.",
      "Tu selfie se elimina en cuanto termina la búsqueda; no se guarda ni se usa para nada más.",
    ],
  ] as const)(
    "%s: title, hours in the tenant's zone, retention, rights",
    async (language, title, hours, retention) => {
      const pdf = await renderPolicyPdf(FOTOSPORT, language);
      const text = textOf(pdf);
      expect(text.startsWith(title)).toBe(true);
      expect(text).toContain(hours);
      expect(text).toContain(retention);
      expect(text).toContain("help@fotosport.example.");
      expect(text).not.toContain("?");
      expect(qpdfCheck(pdf)).toContain("No syntax or stream encoding errors found");
      // The title bar shows the policy's title, and a reader knows the language.
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe(title);
      expect(doc.catalog.get(doc.catalog.context.obj("Lang"))?.toString()).toBe(`(${language})`);
    },
  );

  it("the retention statement is the catalogs' default, the words the consent shows", async () => {
    for (const language of ["ru", "en", "es"] as const) {
      const t = await catalog(language);
      expect(await selfieRetentionText(FOTOSPORT, language)).toBe(t(DEFAULT_SELFIE_RETENTION));
    }
  });
});

describe("what the tenant states itself", () => {
  const OWN: PolicyInput = {
    ...FOTOSPORT,
    privacy: {
      contactEmail: "dpo@fotosport.example",
      selfieRetention: {
        ru: "Селфи хранится 24 часа, затем удаляется.",
        en: "Your selfie is kept for 24 hours, then deleted.",
      },
    },
  };

  it("its retention statement and privacy contact, in the consent's words", async () => {
    const text = textOf(await renderPolicyPdf(OWN, "en"));
    expect(text).toContain("Your selfie is kept for 24 hours, then deleted.");
    expect(text).not.toContain("deleted as soon as the search is done");
    expect(text).toContain("write to dpo@fotosport.example.");
    expect(text).toContain("Support: help@fotosport.example,");
    expect(await selfieRetentionText(OWN, "ru")).toBe("Селфи хранится 24 часа, затем удаляется.");
  });

  it("hours without a zone name none, and Latin-1 marks that WinAnsi had no longer become ?", async () => {
    const plain: PolicyInput = {
      tenantName: "Run’n’Go – €vents",
      support: { email: "a@b.example", hours: { from: "08:00", to: "18:00" } },
    };
    const text = textOf(await renderPolicyPdf(plain, "en"));
    expect(text.startsWith("Run’n’Go – €vents privacy policy")).toBe(true);
    expect(text).toContain("Support: a@b.example, Monday to Friday, 08:00 to 18:00.");
    expect(text).not.toMatch(/Moscow|\?/);
  });

  it("a line break in the brand name reads as a space", async () => {
    const text = textOf(await renderPolicyPdf({ ...FOTOSPORT, tenantName: "Фото\nспорт" }, "ru"));
    expect(text.startsWith("Политика конфиденциальности Фото спорт")).toBe(true);
  });
});

describe("the files of a tenant", () => {
  it("one per language, /policy.pdf in the default language, the same bytes each build", async () => {
    const languages = { available: ["ru", "en", "es"] as const, default: "en" as const };
    const first = await policyFiles(FOTOSPORT, languages);
    expect([...first.keys()].sort()).toEqual([
      "policy.en.pdf",
      "policy.es.pdf",
      "policy.pdf",
      "policy.ru.pdf",
    ]);
    expect(first.get("policy.pdf")).toEqual(first.get("policy.en.pdf"));
    const again = await policyFiles(FOTOSPORT, languages);
    for (const [name, bytes] of first) expect([name, again.get(name)]).toEqual([name, bytes]);
    const raw = Buffer.from(first.get("policy.ru.pdf") as Uint8Array).toString("latin1");
    expect(raw).not.toMatch(/CreationDate|ModDate/);
  });

  it("a shipped tenant's own hours and zone: MySport USA on Eastern Time, in English only", async () => {
    const loaded = await loadTenant("tenants", "mysport-usa");
    if (!loaded.ok) throw new Error("mysport-usa does not load");
    const files = await policyFiles(loaded.config, loaded.config.languages);
    expect([...files.keys()].sort()).toEqual(["policy.en.pdf", "policy.pdf"]);
    const text = textOf(files.get("policy.pdf") as Uint8Array);
    expect(text).toContain(
      "Support: support@us.mysport.example, Monday to Friday, 08:00 to 18:00 Eastern Time (ET).",
    );
    expect(text).not.toContain("Moscow");
  });
});
