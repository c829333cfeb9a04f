/**
 * The line an operator reads for each kind of wrong value (README "Tenant config": file:line:col,
 * the field, what is wrong, what was expected, what was received), through the loader, whole.
 * The base tenant is fixture.ts's BASE_YAML: line 1 is tenantName, 15 baseSize, 17 radius,
 * 24 picker, 25 currencyId, 26 hosts, 30 usVariant, 35 menu, 36 footer.
 */
import { describe, expect, it } from "vitest";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { mutate, scratchPerFile } from "./fixture.ts";

const scratch = scratchPerFile();

let seq = 0;
/** The problem lines for the base tenant with these edits (or this whole text). */
async function linesFor(edits: [string, string][] | string): Promise<string[]> {
  const id = `m${seq++}`;
  scratch().write(id, typeof edits === "string" ? edits : mutate(edits));
  const result = await loadTenant(scratch().tenantsDir, id);
  return result.ok
    ? []
    : result.problems.map((p) => formatProblem(p).replace(`${id}.yaml`, "t.yaml"));
}

describe("a value of the wrong type", () => {
  it.each([
    [
      "a list where a map belongs",
      [["  kind: default", "  kind: [default]"]],
      'tenants/t.yaml:32:9  appBar.kind  expected one of default, themed; received ["default"]',
    ],
    [
      "a map where a list belongs",
      [
        [
          "hosts:\n  - host: mysport.ru\n  - host: en.mysport.ru\n    language: en",
          "hosts: {host: mysport.ru}",
        ],
      ],
      "tenants/t.yaml:26:8  hosts  expected a list, received a map",
    ],
    [
      "a list where the theme's map belongs",
      [["analytics:\n  enabled: true", "analytics: []"]],
      "tenants/t.yaml:59:12  analytics  expected a map of keys, received an empty list",
    ],
    [
      "a number where the footer (or null) belongs",
      [
        [
          "footer:\n  socialIcons:\n    languages: [ru]\n  copyright:\n    languages: [ru]\n    holder: MySport\n  supportLink: otherwise",
          "footer: 5",
        ],
      ],
      "tenants/t.yaml:36:9  footer  expected a map of keys or null, received 5",
    ],
    [
      "a fraction where whole pixels belong",
      [["baseSize: 16", "baseSize: 16.5"]],
      "tenants/t.yaml:15:15  theme.typography.baseSize  expected a whole number, received 16.5",
    ],
    [
      "a word where a number belongs (no boolean hint)",
      [["baseSize: 16", "baseSize: on"]],
      'tenants/t.yaml:15:15  theme.typography.baseSize  expected a number, received "on"',
    ],
    [
      "a name where a boolean belongs (no hint)",
      [["picker: true", "picker: maybe"]],
      'tenants/t.yaml:24:11  languages.picker  expected a boolean, received "maybe"',
    ],
    [
      "a number where text belongs",
      [["tenantName: MySport", "tenantName: 42"]],
      "tenants/t.yaml:1:13  tenantName  expected a string, received 42",
    ],
  ] as [string, [string, string][], string][])("%s", async (_, edits, line) => {
    expect(await linesFor(edits)).toEqual([line]);
  });

  it.each([
    ["yes", "yes"],
    ["Yes", "Yes"],
    ["no", "no"],
    ["ON", "ON"],
    ["off", "off"],
    ["y", "y"],
    ["N", "N"],
    ['"true"', "true"],
    ["'False'", "False"],
  ])("explains that YAML 1.2 reads %s as text, not a boolean", async (written, word) => {
    expect(await linesFor([["usVariant: false", `usVariant: ${written}`]])).toEqual([
      `tenants/t.yaml:30:12  usVariant  expected a boolean, received "${word}" — YAML 1.2 reads only true and false as booleans`,
    ]);
  });

  it("gives no YAML 1.1 hint for a list holding such a word", async () => {
    expect(await linesFor([["usVariant: false", "usVariant: [yes]"]])).toEqual([
      'tenants/t.yaml:30:12  usVariant  expected a boolean, received ["yes"]',
    ]);
  });

  it.each([["yess"], ["ayes"], ["of"]])("gives no YAML 1.1 hint for %s", async (word) => {
    expect(await linesFor([["usVariant: false", `usVariant: ${word}`]])).toEqual([
      `tenants/t.yaml:30:12  usVariant  expected a boolean, received "${word}"`,
    ]);
  });
});

describe("a value outside the allowed ones", () => {
  it.each([
    [
      "a currency the shop does not sell in",
      "currencyId: 643",
      "currencyId: 999",
      "tenants/t.yaml:25:13  currencyId  expected one of 643, 840, 978; received 999",
    ],
    [
      "a currency code written as text",
      "currencyId: 643",
      'currencyId: "643"',
      'tenants/t.yaml:25:13  currencyId  expected one of 643, 840, 978; received "643"',
    ],
    [
      "a heading weight between the steps",
      "headingWeight: 700",
      "headingWeight: 650",
      "tenants/t.yaml:16:20  theme.typography.headingWeight  expected one of 400, 500, 600, 700, 800, 900; received 650",
    ],
    [
      "a language in capitals",
      "    language: en",
      "    language: EN",
      'tenants/t.yaml:29:15  hosts[1].language  expected one of ru, en, es; received "EN" — did you mean "en"?',
    ],
    [
      "a language named in full",
      "  default: ru",
      "  default: russian",
      'tenants/t.yaml:23:12  languages.default  expected one of ru, en, es; received "russian"',
    ],
    [
      "a number where a language belongs",
      "  default: ru",
      "  default: 7",
      "tenants/t.yaml:23:12  languages.default  expected one of ru, en, es; received 7",
    ],
    [
      "a support link rule with a typo",
      "supportLink: otherwise",
      "supportLink: otherwize",
      'tenants/t.yaml:42:16  footer.supportLink  expected one of always, otherwise, never; received "otherwize" — did you mean "otherwise"?',
    ],
  ])("%s", async (_, from, to, line) => {
    expect(await linesFor([[from, to]])).toEqual([line]);
  });
});

describe("a value too small or too large", () => {
  it.each([
    [
      "a base size under 12 px",
      "baseSize: 16",
      "baseSize: 11",
      "tenants/t.yaml:15:15  theme.typography.baseSize  expected a number ≥ 12, received 11",
    ],
    [
      "a base size over 20 px",
      "baseSize: 16",
      "baseSize: 21",
      "tenants/t.yaml:15:15  theme.typography.baseSize  expected a number ≤ 20, received 21",
    ],
    [
      "a negative radius",
      "radius: 8",
      "radius: -1",
      "tenants/t.yaml:17:11  theme.radius  expected a number ≥ 0, received -1",
    ],
    [
      "a radius over 32 px",
      "radius: 8",
      "radius: 33",
      "tenants/t.yaml:17:11  theme.radius  expected a number ≤ 32, received 33",
    ],
    [
      "an empty menu",
      "menu: [participants, photographers, organizers, business, contacts]",
      "menu: []",
      "tenants/t.yaml:35:7  menu  expected at least 1 item, received an empty list",
    ],
    [
      "an empty brand name",
      "tenantName: MySport",
      'tenantName: ""',
      'tenants/t.yaml:1:13  tenantName  expected a non-empty string, received ""',
    ],
    [
      "a brand name over 60 characters",
      "tenantName: MySport",
      `tenantName: ${"M".repeat(61)}`,
      `tenants/t.yaml:1:13  tenantName  expected at most 60 characters, received "${"M".repeat(57)}..."`,
    ],
    // Free text that reaches the policy PDF, the app bar or the sign-in is bounded too.
    [
      "a support time zone over 100 characters",
      '    to: "18:00"\n',
      `    to: "18:00"\n    timeZone:\n      ru: ${"Z".repeat(8000)}\n`,
      `tenants/t.yaml:52:11  support.hours.timeZone.ru  expected at most 100 characters, received "${"Z".repeat(57)}..."`,
    ],
    [
      "a Keycloak realm over 255 characters",
      "  realm: mysport\n",
      `  realm: ${"r".repeat(256)}\n`,
      `tenants/t.yaml:44:10  auth.realm  expected at most 255 characters, received "${"r".repeat(57)}..."`,
    ],
    [
      "a copyright holder over 100 characters",
      "    holder: MySport\n",
      `    holder: ${"H".repeat(101)}\n`,
      `tenants/t.yaml:41:13  footer.copyright.holder  expected at most 100 characters, received "${"H".repeat(57)}..."`,
    ],
  ])("%s", async (_, from, to, line) => {
    expect(await linesFor([[from, to]])).toEqual([line]);
  });

  it("takes a brand name of exactly 60 characters", async () => {
    expect(await linesFor([["tenantName: MySport", `tenantName: ${"M".repeat(60)}`]])).toEqual([]);
  });
});

describe("a value of the wrong form", () => {
  it.each([
    [
      "a colour without its last digit",
      '"#1565c0"',
      '"#1565c"',
      'tenants/t.yaml:5:14  theme.palette.primary  expected a colour as "#rrggbb", received "#1565c"',
    ],
    [
      "a support address that is no e-mail",
      "email: support@mysport.example",
      "email: support",
      'tenants/t.yaml:47:10  support.email  expected an e-mail address, received "support"',
    ],
    [
      "an opening time without minutes",
      'from: "08:00"',
      'from: "8"',
      'tenants/t.yaml:49:11  support.hours.from  expected a time as HH:MM, received "8"',
    ],
    [
      "a social link that is no web address",
      "url: https://vk.com/mysport.example",
      "url: vk.com/mysport",
      'tenants/t.yaml:53:10  social[0].url  expected an http(s) URL, received "vk.com/mysport"',
    ],
  ])("%s", async (_, from, to, line) => {
    expect(await linesFor([[from, to]])).toEqual([line]);
  });
});

describe("a list shown in the message", () => {
  it("shows a short list of values as written", async () => {
    expect(
      await linesFor([
        [
          "menu: [participants, photographers, organizers, business, contacts]",
          "menu: [contacts, contacts]",
        ],
      ]),
    ).toEqual([
      'tenants/t.yaml:35:7  menu  each menu item may be listed once; received ["contacts", "contacts"]',
    ]);
  });

  it("counts a list too long for one line instead of printing it", async () => {
    const menu = [
      "participants",
      "photographers",
      "organizers",
      "business",
      "contacts",
      "contacts",
      "contacts",
    ];
    expect(
      await linesFor([
        [
          "menu: [participants, photographers, organizers, business, contacts]",
          `menu: [${menu.join(", ")}]`,
        ],
      ]),
    ).toEqual([
      "tenants/t.yaml:35:7  menu  each menu item may be listed once; received a list of 7 items",
    ]);
  });

  it("counts a list of maps", async () => {
    expect(await linesFor([["usVariant: false", "usVariant: [{a: 1}, {b: 2}]"]])).toEqual([
      "tenants/t.yaml:30:12  usVariant  expected a boolean, received a list of 2 items",
    ]);
  });
});

describe("rules across fields", () => {
  it("lists each language once", async () => {
    expect(await linesFor([["available: [ru, en]", "available: [ru, en, ru]"]])).toEqual([
      'tenants/t.yaml:22:14  languages.available  each language may be listed once; received ["ru", "en", "ru"]',
    ]);
  });

  it.each([
    ["[en, ru]", "en"],
    ["[ru]", "ru"],
  ])("keeps the US variant English only (languages %s)", async (available, lang) => {
    const lines = await linesFor([
      ["available: [ru, en]", `available: ${available}`],
      ["  default: ru", `  default: ${lang}`],
      ["usVariant: false", "usVariant: true"],
      ["    language: en", `    language: ${lang}`],
    ]);
    expect(lines).toEqual([
      `tenants/t.yaml:22:14  languages.available  the US variant is English only: languages.available must be [en]; received ${JSON.stringify(JSON.parse(available.replace(/(\w+)/g, '"$1"'))).replaceAll(",", ", ")}`,
    ]);
  });

  it("takes the US variant with English alone", async () => {
    const lines = await linesFor([
      ["available: [ru, en]", "available: [en]"],
      ["  default: ru", "  default: en"],
      ["usVariant: false", "usVariant: true"],
    ]);
    expect(lines).toEqual([]);
  });
});
