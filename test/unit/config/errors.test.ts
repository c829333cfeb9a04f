import { describe, expect, it } from "vitest";
import {
  allowedKeys,
  describeValue,
  didYouMean,
  formatPath,
  levenshtein,
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
