/** Invalid tenant files that fail at the YAML level (before the schema runs). */
import { BASE_YAML, mutate } from "./fixture.ts";

/** [file:line:col, field path, the whole message] per expected problem. */
export type Expected = [at: string, path: string, message: string];
export type Case = { name: string; id: string; yaml: string; problems: Expected[] };

/** The "billion laughs": nine levels of nine aliases each. */
const BOMB = `${[
  "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
  ..."bcdefghi"
    .split("")
    .map((n, i) => `${n}: &${n} [${Array(9).fill(`*${"abcdefghi"[i]}`).join(", ")}]`),
].join("\n")}\n`;

export const yamlCases: Case[] = [
  {
    name: "YAML syntax error (unclosed quote)",
    id: "syntax",
    yaml: mutate([["tenantName: MySport", 'tenantName: "MySport']]),
    problems: [["tenants/syntax.yaml:1:21", "(yaml)", 'invalid YAML: Missing closing "quote']],
  },
  {
    name: "duplicate key",
    id: "duplicate-key",
    yaml: mutate([["  radius: 8\n", "  radius: 8\n  radius: 4\n"]]),
    problems: [
      [
        "tenants/duplicate-key.yaml:18:3",
        "theme.radius",
        'duplicate key "radius"; expected each key once in a map',
      ],
    ],
  },
  {
    name: "unresolved tag",
    id: "tag",
    yaml: mutate([["tenantName: MySport", "tenantName: !brand MySport"]]),
    problems: [["tenants/tag.yaml:1:13", "(yaml)", "invalid YAML: Unresolved tag: !brand"]],
  },
  {
    name: "a list used as a key",
    id: "complex-key",
    yaml: mutate([["api: {}", "api: {}\n? [a, b]\n: c"]]),
    problems: [
      [
        "tenants/complex-key.yaml:59:3",
        "(yaml)",
        "a list or map used as a key; expected a plain key such as tenantName",
      ],
    ],
  },
  {
    name: "two documents in one file",
    id: "two-docs",
    yaml: `${BASE_YAML}---\nx: 1\n`,
    problems: [
      [
        "tenants/two-docs.yaml:62:1",
        "(yaml)",
        "invalid YAML: Source contains multiple documents; please use YAML.parseAllDocuments()",
      ],
    ],
  },
  {
    name: "alias bomb (billion laughs)",
    id: "alias-bomb",
    yaml: BOMB,
    problems: [
      [
        "tenants/alias-bomb.yaml:2:8",
        "(yaml)",
        "too many alias expansions; expected at most 50 — write the values out instead of nesting aliases",
      ],
    ],
  },
  {
    name: "empty file",
    id: "empty",
    yaml: "",
    problems: [
      [
        "tenants/empty.yaml:1:1",
        "(root)",
        "the file is empty; expected a map of tenant settings (tenantName: …)",
      ],
    ],
  },
  {
    name: "only comments",
    id: "only-comments",
    yaml: "# a tenant, some day\n",
    problems: [
      [
        "tenants/only-comments.yaml:1:1",
        "(root)",
        "the file is empty; expected a map of tenant settings (tenantName: …)",
      ],
    ],
  },
  {
    name: "a list instead of a map",
    id: "a-list",
    yaml: "- tenantName: MySport\n- theme: {}\n",
    problems: [
      ["tenants/a-list.yaml:1:1", "(root)", "expected a map of keys, received a list of 2 items"],
    ],
  },
];
