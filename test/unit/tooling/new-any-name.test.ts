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
import { brandColorFor, HOUSE_PALETTE } from "../../../cli/build/scaffold.ts";
import { runNew } from "../../../cli/commands/new.ts";
import { contrastProblems } from "../../../cli/config/contrast.ts";
import { loadTenant } from "../../../cli/config/load.ts";

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

describe("storefront new --yes", () => {
  it("writes a valid brand for 200 generated ids and names", async () => {
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
      // Named cases besides the random ones: names a YAML 1.2 reader takes for numbers or
      // booleans when written plain ("0o0" is octal there, not in 1.1).
      {
        numRuns: 200,
        examples: [
          ["a", "0o0"],
          ["b", "0x1F"],
          ["c", "1e3"],
          ["d", "true"],
          ["e", "~"],
        ],
      },
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
