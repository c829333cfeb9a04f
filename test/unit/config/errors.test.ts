import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  allowedKeys,
  describeIssue,
  describeValue,
  didYouMean,
  formatPath,
  levenshtein,
  oneLine,
  unknownKeyMessage,
} from "../../../cli/config/errors.ts";
import { formatProblem } from "../../../cli/config/load.ts";
import { tenantSchema } from "../../../cli/config/schema.ts";

describe("formatProblem", () => {
  it("prints file:line:col, the field path and the message, two spaces apart", () => {
    const line = formatProblem({
      file: "tenants/mysport.yaml",
      line: 12,
      col: 5,
      path: "hosts[1].language",
      message: 'expected one of ru, en, es; received "de"',
    });
    expect(line).toBe(
      'tenants/mysport.yaml:12:5  hosts[1].language  expected one of ru, en, es; received "de"',
    );
  });
});

describe("formatPath", () => {
  it.each([
    [[], "(root)"],
    [["tenantName"], "tenantName"],
    [["theme", "palette", "primary"], "theme.palette.primary"],
    [["hosts", 1, "language"], "hosts[1].language"],
    [["menu", 0], "menu[0]"],
    [["<<"], '["<<"]'],
    [["theme", "a.b"], 'theme["a.b"]'],
  ])("%j → %s", (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe("did you mean", () => {
  it("measures edit distance", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("same", "same")).toBe(0);
  });

  it("suggests close keys only", () => {
    const keys = allowedKeys(tenantSchema, []);
    expect(didYouMean("tenantname", keys)).toBe("tenantName");
    expect(didYouMean("TENANTNAME", keys)).toBe("tenantName");
    expect(didYouMean("backUrl", keys)).toBe("backURL");
    expect(didYouMean("hideBannerHome", keys)).toBe("hideBannerOnHome");
    expect(didYouMean("colour", keys)).toBeUndefined();
  });

  it("reads allowed keys from nested and array schemas", () => {
    expect(allowedKeys(tenantSchema, ["theme", "typography"])).toEqual([
      "fontFamily",
      "baseSize",
      "headingWeight",
    ]);
    expect(allowedKeys(tenantSchema, ["hosts", 0])).toEqual(["host", "currencyId", "language"]);
    expect(allowedKeys(tenantSchema, ["footer", "copyright"])).toEqual(["languages", "holder"]);
    expect(allowedKeys(tenantSchema, ["menu"])).toEqual([]);
  });

  it("does not suggest a key that is already present", () => {
    expect(unknownKeyMessage("tenantname", ["tenantName", "theme"], ["tenantName"])).toBe(
      'unknown key "tenantname"; expected one of tenantName, theme',
    );
    expect(unknownKeyMessage("tenantname", ["tenantName", "theme"], [])).toBe(
      'unknown key "tenantname" — did you mean "tenantName"?',
    );
  });
});

describe("describeValue", () => {
  it.each([
    ["16px", '"16px"'],
    [16, "16"],
    [false, "false"],
    [null, "null (an empty value)"],
    [undefined, "nothing"],
    [[], "an empty list"],
    [["ru", "en"], '["ru", "en"]'],
    [{ a: 1 }, "a map"],
    [[{ a: 1 }], "a list of 1 item"],
    [new Uint8Array([1]), "binary data"],
    ["x".repeat(100), `"${"x".repeat(57)}..."`],
  ])("%j → %s", (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});

describe("oneLine", () => {
  it("shows control characters and line separators escaped, and keeps other text", () => {
    expect(oneLine("a\u0000b\u001fc\u007fd\u009fe\u2028f\u2029g\nh\ri\tj")).toBe(
      "a\\u0000b\\u001fc\\u007fd\\u009fe\\u2028f\\u2029g\\u000ah\\u000di\\u0009j",
    );
    expect(oneLine("plain ~ text, ÿ \u00a0 ё — ✓")).toBe("plain ~ text, ÿ \u00a0 ё — ✓");
  });
});

describe("formatPath of unusual keys", () => {
  it.each([
    [["$ref"], "$ref"],
    [["_x", "a-b", "c$"], "_x.a-b.c$"],
    [["1st"], '["1st"]'],
    [["-x"], '["-x"]'],
    [["a b"], '["a b"]'],
    [[0, "a"], "[0].a"],
    [["a", 2, 3], "a[2][3]"],
    [[""], '[""]'],
  ])("%j → %s", (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe("did you mean, the limit", () => {
  it("allows one edit per three letters, at least one", () => {
    // "languages" has 9 letters: up to 3 edits.
    expect(didYouMean("lnguges", ["languages"])).toBe("languages");
    expect(didYouMean("lnggs", ["languages"])).toBeUndefined();
    // Two letters: one edit.
    expect(didYouMean("ro", ["ru", "en"])).toBe("ru");
    expect(didYouMean("xy", ["ru", "en"])).toBeUndefined();
    // Five letters: still one edit.
    expect(didYouMean("menuu", ["menu"])).toBe("menu");
    expect(didYouMean("mxnuy", ["menu"])).toBeUndefined();
    expect(didYouMean("x", [])).toBeUndefined();
  });

  it("takes the closest candidate, the first of equals", () => {
    expect(didYouMean("logo", ["logoSmall", "logo"])).toBe("logo");
    expect(didYouMean("ab", ["ax", "ay"])).toBe("ax");
    expect(didYouMean("LOGO", ["logoSmall", "Logo"])).toBe("Logo");
  });

  it("measures insertions, deletions and substitutions alike", () => {
    expect(levenshtein("abc", "")).toBe(3);
    expect(levenshtein("abc", "abd")).toBe(1);
    expect(levenshtein("abc", "ab")).toBe(1);
    expect(levenshtein("ab", "abc")).toBe(1);
    expect(levenshtein("flaw", "lawn")).toBe(2);
    expect(levenshtein("saturday", "sunday")).toBe(3);
  });
});

describe("describeValue of lists", () => {
  it.each([
    [[1, true, null], "[1, true, null (an empty value)]"],
    [["a", ["b"]], "a list of 2 items"],
    [["x".repeat(36), "y".repeat(36)], `["${"x".repeat(36)}", "${"y".repeat(36)}"]`],
    [["x".repeat(37), "y".repeat(37)], "a list of 2 items"],
    [[undefined], "a list of 1 item"],
    ["x".repeat(60), `"${"x".repeat(60)}"`],
    ["x".repeat(61), `"${"x".repeat(57)}..."`],
  ])("%j → %s", (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});

it("describes a big integer by its digits", () => {
  expect(describeValue(10n)).toBe("10");
});

describe("describeIssue for rules the tenant schema does not use today", () => {
  const lineFor = (schema: z.ZodType, value: unknown): string[] => {
    const result = schema.safeParse(value, { reportInput: true });
    return result.success ? [] : result.error.issues.map((i) => describeIssue(i, schema));
  };

  it.each(
    (
      [
        [z.number().gt(3), 3, "expected a number > 3, received 3"],
        [z.number().lt(3), 3, "expected a number < 3, received 3"],
        [z.number().min(3), 2, "expected a number ≥ 3, received 2"],
        [z.array(z.string()).min(2), ["a"], 'expected at least 2 items, received ["a"]'],
        [z.array(z.string()).max(1), ["a", "b"], 'expected at most 1 item, received ["a", "b"]'],
        [z.string().min(2), "a", 'expected at least 2 characters, received "a"'],
        [z.string().max(3), "abcd", 'expected at most 3 characters, received "abcd"'],
        [z.literal("only"), "x", 'expected only; received "x"'],
        [z.literal("only"), "onlx", 'expected only; received "onlx" — did you mean "only"?'],
        [z.union([z.string(), z.number()]), true, "does not match any allowed form; received true"],
        [
          z.union([z.literal("a"), z.object({ a: z.literal("b") })]),
          { a: "c" },
          "does not match any allowed form; received a map",
        ],
        [
          z.union([z.literal("x"), z.intersection(z.literal("a"), z.literal("b"))]),
          "c",
          'does not match any allowed form; received "c"',
        ],
        [z.string().regex(/^x$/), "y", 'expected text matching /^x$/, received "y"'],
        [z.uuid(), "y", 'expected a valid uuid, received "y"'],
        [z.bigint(), 1, "expected a value of type bigint, received 1"],
        [z.string().refine(() => false, "nope"), "s", 'nope; received "s"'],
        [z.number().multipleOf(5), 7, "Invalid number: must be a multiple of 5; received 7"],
      ] as [z.ZodType, unknown, string][]
    ).map(([schema, value, line]) => ({ schema, value, line })),
  )("$line", ({ schema, value, line }) => {
    expect(lineFor(schema, value)).toEqual([line]);
  });

  it("says a nullable field may be null, under optional and pipe wrappers too", () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.string().nullable().optional(),
      c: z.string().optional(),
      d: z.array(z.object({ e: z.number().nullable() })),
    });
    expect(lineFor(schema, { a: 1, b: 1, c: 1, d: [{ e: "x" }] })).toEqual([
      "expected a string or null, received 1",
      "expected a string or null, received 1",
      "expected a string, received 1",
      'expected a number or null, received "x"',
    ]);
  });

  it("gives a custom rule's message alone when there is no value to show", () => {
    const schema = z.object({
      a: z.unknown().refine((v) => v !== undefined, "a needs a value"),
    });
    expect(lineFor(schema, {})).toEqual(["a needs a value"]);
  });
});

describe("the schema at a data path", () => {
  it("looks through transforms to the keys and nullability inside", () => {
    const inner = z.strictObject({
      a: z
        .string()
        .nullable()
        .transform((v) => v),
    });
    const schema = z.strictObject({ wrapped: inner.transform((v) => v) });
    expect(allowedKeys(schema, ["wrapped"])).toEqual(["a"]);
    const result = schema.safeParse({ wrapped: { a: 1 } }, { reportInput: true });
    expect(result.success ? [] : result.error.issues.map((i) => describeIssue(i, schema))).toEqual([
      "expected a string or null, received 1",
    ]);
  });

  it("describes an issue at a path the schema does not have, without its nullability", () => {
    const issue = {
      code: "invalid_type",
      expected: "string",
      path: ["nothing"],
      input: 1,
      message: "",
    };
    expect(describeIssue(issue as Parameters<typeof describeIssue>[0], tenantSchema)).toBe(
      "expected a string, received 1",
    );
  });

  it("has no keys where the path leaves the schema, or takes a key as an index", () => {
    expect(allowedKeys(tenantSchema, ["nothing", "deeper"])).toEqual([]);
    expect(allowedKeys(tenantSchema, ["hosts", "0"])).toEqual([]);
    expect(allowedKeys(tenantSchema, [0])).toEqual([]);
    expect(allowedKeys(tenantSchema, ["tenantName", "x"])).toEqual([]);
  });
});
