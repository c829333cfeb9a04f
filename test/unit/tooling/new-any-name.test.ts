/**
 * `storefront new <id> --name … --yes` writes a brand its own checks accept, whatever the id and
 * name: the default brand colour takes the id's hue at a shade the palette's contrast rule
 * passes (the README's first step of the operator's day failed for three ids in four, a green
 * or yellow hue at 35 % lightness being too light for links and button text).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  brandColorFor,
  defaultAnswers,
  HOUSE_PALETTE,
  renderTenantYaml,
  scaffoldTenant,
} from "../../../cli/build/scaffold.ts";
import { runNew } from "../../../cli/commands/new.ts";
import { contrastProblems } from "../../../cli/config/contrast.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import { svgProblem } from "../../../cli/config/svg-policy.ts";

let tenantsDir: string;
beforeAll(async () => {
  tenantsDir = await mkdtemp(join(tmpdir(), "storefront-new-names-"));
});
afterAll(async () => {
  await rm(tenantsDir, { recursive: true, force: true });
});

const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const ids = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join("-"));
const names = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
  fc.integer({ min: 2, max: 999 }).map((n) => `Brand ${n}`),
);

/**
 * Names a YAML 1.2 reader takes for numbers or booleans when written plain ("0o0" is octal
 * there, not in 1.1), and the others a name's YAML or its logos' SVG text could trip on.
 */
const NAMED: Array<[string, string]> = [
  ["a", "0o0"],
  ["b", "0x1F"],
  ["c", "1e3"],
  ["d", "true"],
  ["e", "~"],
  ["f", "Run & <Ride>"],
  ["g", "# not a comment"],
];

describe("storefront new --yes", () => {
  it("gives 400 generated ids and names a brand that reads back as written: its name through the YAML, its logos through the SVG policy, its colours through the contrast rule", async () => {
    await fc.assert(
      fc.asyncProperty(ids, names, async (id, name) => {
        const scaffold = scaffoldTenant(id, { ...defaultAnswers(id), name });
        const yaml = await renderTenantYaml(
          scaffold.config,
          `${name}: created by \`storefront new\`.`,
        );
        // The loader reads YAML 1.2: the name comes back as the same string, not a number.
        expect((parse(yaml) as { tenantName: unknown }).tenantName, `${id} "${name}"`).toBe(name);
        for (const [file, asset] of scaffold.assets) {
          if ("text" in asset) {
            expect(
              svgProblem(new TextEncoder().encode(asset.text)),
              `${file} for "${name}"`,
            ).toBeNull();
          }
        }
        expect(contrastProblems(scaffold.config.theme.palette), id).toEqual([]);
      }),
      { numRuns: 400, examples: NAMED },
    );
  });

  it("writes a valid brand its own checks accept, files and all, for 40 generated ids and names", async () => {
    let made = 0;
    await fc.assert(
      fc.asyncProperty(ids, names, async (base, name) => {
        const id = `${base}-${++made}`;
        const err: string[] = [];
        const code = await runNew({
          id,
          name,
          tenantsDir,
          yes: true,
          json: true,
          print: { out: () => {}, err: (s) => err.push(s), color: false },
        });
        expect(err, `${id} "${name}"`).toEqual([]);
        expect(code).toBe(0);
        const tenant = await loadTenant(tenantsDir, id);
        expect(tenant.ok).toBe(true);
      }),
      // Each run writes a brand's files and loads them as a build would: a few tens of
      // milliseconds each; the names themselves are the property above's, 400 of them.
      { numRuns: 40, examples: NAMED },
    );
  }, 120_000);

  it("keeps the id's hue: the colour is only darkened where the rule needs it", () => {
    // "brand-3"'s hue at 35 % ("#1f9376") is too light for links on white; a blue one is not.
    expect(brandColorFor("brand-3")).not.toBe("#1f9376");
    const palette = (primary: string) => ({ ...HOUSE_PALETTE, primary, onPrimary: "#ffffff" });
    for (let n = 2; n <= 61; n++) {
      expect(contrastProblems(palette(brandColorFor(`brand-${n}`))), `brand-${n}`).toEqual([]);
    }
  });
});
