import { describe, expect, it } from "vitest";
import {
  CIS_LANGUAGES,
  detectLanguage,
  languagePickerVisible,
  mapBrowserLanguage,
} from "../../../storefront/src/domain/language.ts";

const base = {
  available: ["ru", "en"] as const,
  defaultLanguage: "ru" as const,
  usVariant: false,
  browser: [] as string[],
};

describe("language detection (spec §4)", () => {
  it("takes the browser language while the default is in use: ru stays ru", () => {
    expect(detectLanguage({ ...base, browser: ["ru-RU", "en"] })).toBe("ru");
  });
  it("keeps en", () => {
    expect(detectLanguage({ ...base, browser: ["en-GB"] })).toBe("en");
  });
  it.each(CIS_LANGUAGES)("maps the CIS code %s to ru", (code) => {
    expect(detectLanguage({ ...base, browser: [code] })).toBe("ru");
    expect(mapBrowserLanguage(`${code}-XX`)).toBe("ru");
  });
  it.each(["de-DE", "fr", "zh-CN", "ja", "pt-BR"])("maps everything else (%s) to en", (code) => {
    expect(detectLanguage({ ...base, browser: [code] })).toBe("en");
  });
  it("maps es to en where the tenant does not offer es", () => {
    expect(detectLanguage({ ...base, browser: ["es-ES"] })).toBe("en");
  });
  it("keeps es where the tenant offers it", () => {
    expect(detectLanguage({ ...base, available: ["ru", "en", "es"], browser: ["es-MX"] })).toBe(
      "es",
    );
  });
  it("uses the default language when the browser says nothing", () => {
    expect(detectLanguage({ ...base, browser: [] })).toBe("ru");
  });
  it("the US variant is always en", () => {
    expect(
      detectLanguage({
        ...base,
        available: ["en"],
        defaultLanguage: "en",
        usVariant: true,
        browser: ["ru"],
        stored: "ru",
      }),
    ).toBe("en");
  });
  it("an English host is always en, whatever the browser or the stored choice", () => {
    expect(detectLanguage({ ...base, hostLanguage: "en", browser: ["ru"], stored: "ru" })).toBe(
      "en",
    );
  });
  it("the visitor's stored choice wins over the browser", () => {
    expect(detectLanguage({ ...base, stored: "en", browser: ["ru"] })).toBe("en");
  });
  it("ignores a stored language the tenant does not offer (or garbage)", () => {
    expect(detectLanguage({ ...base, stored: "es", browser: ["ru"] })).toBe("ru");
    expect(detectLanguage({ ...base, stored: "<script>", browser: ["ru"] })).toBe("ru");
  });
  it("never returns a language the tenant lacks", () => {
    expect(detectLanguage({ ...base, available: ["ru"], browser: ["en"] })).toBe("ru");
  });
});

describe("language picker", () => {
  const p = { picker: true, available: ["ru", "en"] as const, usVariant: false };
  it("shows when allowed and more than one language is available", () => {
    expect(languagePickerVisible(p)).toBe(true);
  });
  it("hides with one available language", () => {
    expect(languagePickerVisible({ ...p, available: ["en"] })).toBe(false);
  });
  it("hides when not allowed", () => {
    expect(languagePickerVisible({ ...p, picker: false })).toBe(false);
  });
  it("hides where the language is forced (US variant, English host)", () => {
    expect(languagePickerVisible({ ...p, usVariant: true })).toBe(false);
    expect(languagePickerVisible({ ...p, hostLanguage: "en" })).toBe(false);
  });
});
