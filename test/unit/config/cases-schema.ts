/** Invalid tenant files that fail the schema, its cross-field rules or the asset check. */
import type { Case } from "./cases-yaml.ts";
import { mutate } from "./fixture.ts";

const MENU = "menu: [participants, photographers, organizers, business, contacts]";
const FOOTER =
  "footer:\n  socialIcons:\n    languages: [ru]\n  copyright:\n    languages: [ru]\n    holder: MySport\n  supportLink: otherwise\n";

export const schemaCases: Case[] = [
  {
    name: "short name longer than a launcher shows under the icon",
    id: "short-name-long",
    yaml: mutate([["tenantName: MySport\n", "tenantName: MySport\nshortName: MySport Photos\n"]]),
    problems: [
      [
        "tenants/short-name-long.yaml:2:12",
        "shortName",
        'expected at most 12 characters, received "MySport Photos"',
      ],
    ],
  },
  {
    name: "support time zone without the ru fallback",
    id: "timezone-no-ru",
    yaml: mutate([
      ['    to: "18:00"\n', '    to: "18:00"\n    timeZone:\n      en: Moscow time\n'],
    ]),
    problems: [
      [
        "tenants/timezone-no-ru.yaml:51:5",
        "support.hours.timeZone.ru",
        "missing required field; expected a string",
      ],
    ],
  },
  {
    name: "empty card note",
    id: "card-note-empty",
    yaml: mutate([["support:\n", 'cardNote:\n  ru: ""\nsupport:\n']]),
    problems: [
      [
        "tenants/card-note-empty.yaml:47:7",
        "cardNote.ru",
        'expected a non-empty string, received ""',
      ],
    ],
  },
  {
    name: "unknown top-level key with did-you-mean",
    id: "unknown-top",
    yaml: mutate([["tenantName:", "tenantname:"]]),
    problems: [
      ["tenants/unknown-top.yaml:1:1", "tenantName", "missing required field; expected a string"],
      [
        "tenants/unknown-top.yaml:1:1",
        "tenantname",
        'unknown key "tenantname" — did you mean "tenantName"?',
      ],
    ],
  },
  {
    name: "unknown nested key, no close match",
    id: "unknown-nested",
    yaml: mutate([["    baseSize: 16\n", "    baseSize: 16\n    fontSize: 16\n"]]),
    problems: [
      [
        "tenants/unknown-nested.yaml:16:5",
        "theme.typography.fontSize",
        'unknown key "fontSize"; expected one of fontFamily, baseSize, headingWeight',
      ],
    ],
  },
  {
    name: "wrong enum (language de)",
    id: "language-de",
    yaml: mutate([["    language: en", "    language: de"]]),
    problems: [
      [
        "tenants/language-de.yaml:29:15",
        "hosts[1].language",
        'expected one of ru, en, es; received "de"',
      ],
    ],
  },
  {
    name: "default language not available",
    id: "default-es",
    yaml: mutate([["  default: ru", "  default: es"]]),
    problems: [
      [
        "tenants/default-es.yaml:23:12",
        "languages.default",
        'the default language must be one of languages.available (ru, en); received "es"',
      ],
    ],
  },
  {
    name: "bad hex colour",
    id: "bad-hex",
    yaml: mutate([['"#1565c0"', '"#1565c"']]),
    problems: [
      [
        "tenants/bad-hex.yaml:5:14",
        "theme.palette.primary",
        'expected a colour as "#rrggbb", received "#1565c"',
      ],
    ],
  },
  {
    name: "number given as a string with a unit",
    id: "px",
    yaml: mutate([["baseSize: 16", "baseSize: 16px"]]),
    problems: [
      ["tenants/px.yaml:15:15", "theme.typography.baseSize", 'expected a number, received "16px"'],
    ],
  },
  {
    name: "missing required top-level field (points at the root map)",
    id: "missing-top",
    yaml: mutate([["usVariant: false\n", ""]]),
    problems: [
      ["tenants/missing-top.yaml:1:1", "usVariant", "missing required field; expected a boolean"],
    ],
  },
  {
    name: "missing required nested field (points at the parent map's key)",
    id: "missing-nested",
    yaml: mutate([["    baseSize: 16\n", ""]]),
    problems: [
      [
        "tenants/missing-nested.yaml:13:3",
        "theme.typography.baseSize",
        "missing required field; expected a number",
      ],
    ],
  },
  {
    name: "wrong type (quoted string for a boolean)",
    id: "string-bool",
    yaml: mutate([["backFromHome: false", 'backFromHome: "false"']]),
    problems: [
      [
        "tenants/string-bool.yaml:33:15",
        "backFromHome",
        'expected a boolean, received "false" — YAML 1.2 reads only true and false as booleans',
      ],
    ],
  },
  {
    name: "picker: NO stays a string in YAML 1.2",
    id: "picker-no",
    yaml: mutate([["picker: true", "picker: NO"]]),
    problems: [
      [
        "tenants/picker-no.yaml:24:11",
        "languages.picker",
        'expected a boolean, received "NO" — YAML 1.2 reads only true and false as booleans',
      ],
    ],
  },
  {
    name: "invalid URL",
    id: "bad-url",
    yaml: mutate([["url: https://vk.com/mysport.example", "url: vk.com/mysport"]]),
    problems: [
      [
        "tenants/bad-url.yaml:53:10",
        "social[0].url",
        'expected an http(s) URL, received "vk.com/mysport"',
      ],
    ],
  },
  {
    name: "URL with a protocol other than http(s)",
    id: "ftp-url",
    yaml: mutate([["  realm: mysport", "  authority: ftp://id.mysport.example\n  realm: mysport"]]),
    problems: [
      [
        "tenants/ftp-url.yaml:44:14",
        "auth.authority",
        'expected a plain https address such as https://id.example.com/auth/realms/shop (letters, digits and . _ ~ - in the path; no query, wildcard or credentials); received "ftp://id.mysport.example"',
      ],
    ],
  },
  {
    name: "bad e-mail",
    id: "bad-email",
    yaml: mutate([["support@mysport.example", "support-at-mysport"]]),
    problems: [
      [
        "tenants/bad-email.yaml:47:10",
        "support.email",
        'expected an e-mail address, received "support-at-mysport"',
      ],
    ],
  },
  {
    name: "duplicate menu item",
    id: "menu-twice",
    yaml: mutate([[MENU, "menu: [participants, contacts, contacts]"]]),
    problems: [
      [
        "tenants/menu-twice.yaml:35:7",
        "menu",
        'each menu item may be listed once; received ["participants", "contacts", "contacts"]',
      ],
    ],
  },
  {
    name: "unknown menu item with did-you-mean",
    id: "menu-unknown",
    yaml: mutate([[MENU, "menu: [participants, contact]"]]),
    problems: [
      [
        "tenants/menu-unknown.yaml:35:22",
        "menu[1]",
        'expected one of participants, photographers, organizers, business, contacts; received "contact" — did you mean "contacts"?',
      ],
    ],
  },
  {
    name: "empty menu",
    id: "menu-empty",
    yaml: mutate([[MENU, "menu: []"]]),
    problems: [
      ["tenants/menu-empty.yaml:35:7", "menu", "expected at least 1 item, received an empty list"],
    ],
  },
  {
    name: "backFromHome without backURL",
    id: "back-from-home",
    yaml: mutate([["backFromHome: false", "backFromHome: true"]]),
    problems: [
      [
        "tenants/back-from-home.yaml:33:15",
        "backFromHome",
        "backFromHome needs a backURL to return to; add backURL or set backFromHome: false; received true",
      ],
    ],
  },
  {
    name: "usVariant with ru",
    id: "us-variant-ru",
    yaml: mutate([["usVariant: false", "usVariant: true"]]),
    problems: [
      [
        "tenants/us-variant-ru.yaml:22:14",
        "languages.available",
        'the US variant is English only: languages.available must be [en]; received ["ru", "en"]',
      ],
    ],
  },
  {
    name: "host language not available",
    id: "host-es",
    yaml: mutate([["    language: en", "    language: es"]]),
    problems: [
      [
        "tenants/host-es.yaml:29:15",
        "hosts[1].language",
        'the host\'s language must be one of languages.available (ru, en); received "es"',
      ],
    ],
  },
  {
    name: "currency not in the list",
    id: "currency",
    yaml: mutate([["currencyId: 643", "currencyId: 100"]]),
    problems: [
      ["tenants/currency.yaml:25:13", "currencyId", "expected one of 643, 840, 978; received 100"],
    ],
  },
  {
    name: "number out of range",
    id: "radius",
    yaml: mutate([["radius: 8", "radius: 40"]]),
    problems: [
      ["tenants/radius.yaml:17:11", "theme.radius", "expected a number ≤ 32, received 40"],
    ],
  },
  {
    name: "footer neither a map nor null",
    id: "footer-string",
    yaml: mutate([[FOOTER, "footer: none\n"]]),
    problems: [
      [
        "tenants/footer-string.yaml:36:9",
        "footer",
        'expected a map of keys or null, received "none"',
      ],
    ],
  },
  {
    name: "missing logo file",
    id: "missing-logo",
    yaml: mutate([["logo: mysport/logo.svg", "logo: mysport/nope.svg"]]),
    problems: [
      [
        "tenants/missing-logo.yaml:18:9",
        "theme.logo",
        "file not found: tenants/mysport/nope.svg; expected an existing file, relative to tenants/",
      ],
    ],
  },
  {
    name: "asset path escaping with ..",
    id: "escape",
    yaml: mutate([["favicon: mysport/favicon.svg", "favicon: ../secret/favicon.svg"]]),
    problems: [
      [
        "tenants/escape.yaml:20:12",
        "theme.favicon",
        'the path leaves tenants/; expected a file inside it, e.g. mysport/logo.svg; received "../secret/favicon.svg"',
      ],
    ],
  },
  {
    name: "asset path escaping through a symbolic link",
    id: "symlink",
    yaml: mutate([["logo: mysport/logo.svg", "logo: mysport/evil.svg"]]),
    problems: [
      [
        "tenants/symlink.yaml:18:9",
        "theme.logo",
        'the path leads outside tenants/ through a symbolic link; received "mysport/evil.svg"',
      ],
    ],
  },
  {
    name: "several problems at once, in file order",
    id: "several",
    yaml: mutate([
      ["tenantName: MySport\n", "tenantName: MySport\nbrand: x\n"],
      ['"#1565c0"', '"#1565c"'],
      ["baseSize: 16", "baseSize: 16px"],
      ["picker: true", "picker: NO"],
    ]),
    problems: [
      [
        "tenants/several.yaml:2:1",
        "brand",
        'unknown key "brand"; expected one of tenantName, shortName, theme, languages, currencyId, hosts, usVariant, appBar, backURL, backFromHome, hideBannerOnHome, menu, footer, auth, tls, cardNote, support, privacy, offer, social, api, analytics, requestsEndpoint',
      ],
      [
        "tenants/several.yaml:6:14",
        "theme.palette.primary",
        'expected a colour as "#rrggbb", received "#1565c"',
      ],
      [
        "tenants/several.yaml:16:15",
        "theme.typography.baseSize",
        'expected a number, received "16px"',
      ],
      [
        "tenants/several.yaml:25:11",
        "languages.picker",
        'expected a boolean, received "NO" — YAML 1.2 reads only true and false as booleans',
      ],
    ],
  },
];
