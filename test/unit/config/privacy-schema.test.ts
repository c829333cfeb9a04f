/**
 * The tenant's privacy block (tenant YAML `privacy`): the contact for personal data and the
 * selfie retention statement, one text per language the tenant offers, each within its length,
 * refused with the file, line and field when it is not.
 */
import { describe, expect, it } from "vitest";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { RETENTION_MAX } from "../../../cli/config/privacy-schema.ts";
import { mutate, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();

/** The base tenant (ru and en) with a privacy block after its support block. */
async function load(id: string, privacy: string) {
  scratch().write(id, mutate([["social:", `privacy:\n${privacy}\nsocial:`]]));
  return loadTenant(scratch().tenantsDir, id);
}
const problems = async (id: string, privacy: string) => {
  const result = await load(id, privacy);
  return result.ok ? [] : result.problems.map(formatProblem);
};

describe("privacy", () => {
  it("is optional: without it the consent and the policy say the defaults", async () => {
    scratch().write("none", mutate([]));
    const result = await loadTenant(scratch().tenantsDir, "none");
    expect(result.ok && result.config.privacy).toBeUndefined();
  });

  it("takes a contact and a retention text for each language the tenant offers", async () => {
    const result = await load(
      "own",
      [
        "  contactEmail: privacy@mysport.example",
        "  selfieRetention:",
        "    ru: Селфи удаляется через 24 часа после поиска.",
        "    en: Your selfie is deleted 24 hours after the search.",
      ].join("\n"),
    );
    expect(result.ok && result.config.privacy).toEqual({
      contactEmail: "privacy@mysport.example",
      selfieRetention: {
        ru: "Селфи удаляется через 24 часа после поиска.",
        en: "Your selfie is deleted 24 hours after the search.",
      },
    });
  });

  it("refuses a retention statement missing a language the tenant offers", async () => {
    const lines = await problems(
      "missing",
      "  selfieRetention:\n    ru: Селфи удаляется сразу после поиска.",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tenants\/missing\.yaml:\d+:\d+ {2}privacy\.selfieRetention {2}the selfie retention statement needs a text for every language in languages\.available; add en/,
    );
  });

  it("refuses a text over the limit or too short to say anything, and a contact that is no e-mail", async () => {
    const long = "a".repeat(RETENTION_MAX + 1);
    const lines = await problems(
      "bad",
      [
        "  contactEmail: privacy at mysport",
        "  selfieRetention:",
        `    ru: ${long}`,
        "    en: ok",
      ].join("\n"),
    );
    expect(lines.map((l) => l.split("  ").slice(1, 3).join("  "))).toEqual([
      expect.stringMatching(/^privacy\.contactEmail {2}expected an e-mail address/),
      expect.stringMatching(/^privacy\.selfieRetention\.ru {2}expected at most 400 characters/),
      expect.stringMatching(/^privacy\.selfieRetention\.en {2}expected at least 10 characters/),
    ]);
  });

  it("takes exactly the limit", async () => {
    const text = "a".repeat(RETENTION_MAX);
    expect(await problems("limit", `  selfieRetention:\n    ru: ${text}\n    en: ${text}`)).toEqual(
      [],
    );
  });

  it("refuses an unknown key in the block, naming it", async () => {
    const lines = await problems("unknown", "  retention: 1 day");
    expect(lines[0]).toMatch(/privacy\.retention/);
  });
});
