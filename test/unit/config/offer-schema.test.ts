/**
 * The tenant's public offer (tenant YAML `offer`): the operator's own offer, one https address
 * per language the tenant offers, or the seller the generated offer names. What becomes a link
 * or goes onto paper is refused, with the file, line and field, when it is a script address, too
 * long, or carries control characters.
 */
import { describe, expect, it } from "vitest";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { OFFER_SELLER_MAX, OFFER_URL_MAX } from "../../../cli/config/offer-schema.ts";
import { mutate, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();

/** The base tenant (ru and en) with an offer block after its support block. */
async function load(id: string, offer: string) {
  scratch().write(id, mutate([["social:", `offer:\n${offer}\nsocial:`]]));
  return loadTenant(scratch().tenantsDir, id);
}
const problems = async (id: string, offer: string) => {
  const result = await load(id, offer);
  return result.ok ? [] : result.problems.map(formatProblem);
};
/** A YAML double-quoted scalar: escapes such as \t and \u0007 become the characters. */
const quoted = (text: string) => JSON.stringify(text);

describe("offer", () => {
  it("is optional: without it the shop generates the offer", async () => {
    scratch().write("none", mutate([]));
    const result = await loadTenant(scratch().tenantsDir, "none");
    expect(result.ok && result.config.offer).toBeUndefined();
  });

  it("takes the operator's own offer, an https address per language the tenant offers", async () => {
    const result = await load(
      "own",
      "  url:\n    ru: https://mysport.example/oferta.pdf\n    en: https://mysport.example/en/terms?v=2",
    );
    expect(result.ok && result.config.offer).toEqual({
      url: {
        ru: "https://mysport.example/oferta.pdf",
        en: "https://mysport.example/en/terms?v=2",
      },
    });
  });

  it("refuses a script or plain-http address, naming file, line and field", async () => {
    const lines = await problems(
      "script",
      "  url:\n    ru: javascript:alert(document.cookie)\n    en: http://mysport.example/terms",
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^tenants\/script\.yaml:\d+:\d+ {2}offer\.url\.ru {2}expected an https address such as https:\/\/shop\.example\/offer\.pdf, not javascript:/,
      ),
      expect.stringMatching(
        /^tenants\/script\.yaml:\d+:\d+ {2}offer\.url\.en {2}expected an https address such as https:\/\/shop\.example\/offer\.pdf, not http:/,
      ),
    ]);
  });

  it("refuses control characters, credentials and an address over the limit", async () => {
    const long = `https://mysport.example/${"a".repeat(OFFER_URL_MAX)}`;
    const lines = await problems(
      "hostile",
      [
        "  url:",
        `    ru: ${quoted("https://mysport.example/of\tfer.pdf")}`,
        `    en: ${long}`,
        `    es: https://user:secret@mysport.example/offer`,
      ].join("\n"),
    );
    expect(lines.map((l) => l.split("  ").slice(1).join("  "))).toEqual([
      'offer.url.ru  a control character (U+0009) is not allowed: write the value on one line, as plain text; received "https://mysport.example/of\\tfer.pdf"',
      expect.stringMatching(`^offer\\.url\\.en {2}expected at most ${OFFER_URL_MAX} characters`),
      'offer.url.es  expected an https address without a user name or password; received "https://user:secret@mysport.example/offer"',
    ]);
    expect(lines[0]).toMatch(/^tenants\/hostile\.yaml:\d+:\d+ /);
  });

  it("refuses an own offer missing a language the tenant offers", async () => {
    const lines = await problems("missing", "  url:\n    ru: https://mysport.example/oferta.pdf");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tenants\/missing\.yaml:\d+:\d+ {2}offer\.url {2}offer\.url needs a value for every language in languages\.available; add en; received a map$/,
    );
  });

  it("takes a seller per language; refuses one over the limit or with a control character", async () => {
    const seller = "ООО «Майспорт», ИНН 7701234567, Москва, ул. Беговая, 1";
    const ok = await load("seller", `  seller:\n    ru: ${seller}\n    en: MySport LLC`);
    expect(ok.ok && ok.config.offer).toEqual({ seller: { ru: seller, en: "MySport LLC" } });
    const lines = await problems(
      "bad-seller",
      `  seller:\n    ru: ${"я".repeat(OFFER_SELLER_MAX + 1)}\n    en: ${quoted("MySport\u0007 LLC\u202e")}`,
    );
    expect(lines.map((l) => l.split("  ").slice(0, 3).join("  "))).toEqual([
      expect.stringMatching(
        /^tenants\/bad-seller\.yaml:\d+:\d+ {2}offer\.seller\.ru {2}expected at most 300 characters/,
      ),
      expect.stringMatching(
        /^tenants\/bad-seller\.yaml:\d+:\d+ {2}offer\.seller\.en {2}a control character \(U\+0007\) is not allowed/,
      ),
    ]);
  });

  it("refuses a seller beside an own offer: the generated one would never show it", async () => {
    const lines = await problems(
      "both",
      [
        "  url:",
        "    ru: https://mysport.example/oferta.pdf",
        "    en: https://mysport.example/terms",
        "  seller:",
        "    ru: ООО «Майспорт»",
        "    en: MySport LLC",
      ].join("\n"),
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^tenants\/both\.yaml:\d+:\d+ {2}offer\.seller {2}offer\.seller is written into the generated offer only, and with offer\.url none is generated: remove one of them; received a map$/,
      ),
    ]);
  });
});
