/**
 * Addresses that reach the Content-Security-Policy: a plain https origin, or for the identity
 * provider an origin and a plain path; each refusal names the expected shape.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cspAddress, cspOrigin, originProblem } from "../../../cli/config/origin.ts";

const ORIGIN_SHAPE =
  "a plain https origin such as https://api.example.com (no path, query, wildcard or credentials)";
const BASE_SHAPE =
  "a plain https address such as https://id.example.com/auth/realms/shop (letters, digits and . _ ~ - in the path; no query, wildcard or credentials)";

describe("originProblem", () => {
  it("names the expected shape of each kind", () => {
    expect(originProblem("http://api.example.com", "origin")).toBe(ORIGIN_SHAPE);
    expect(originProblem("https://id.example.com/a?b", "base")).toBe(BASE_SHAPE);
  });
  it("ports 1 to 65535", () => {
    expect(originProblem("https://api.example.com:1", "origin")).toBeNull();
    expect(originProblem("https://api.example.com:65535", "origin")).toBeNull();
    expect(originProblem("https://api.example.com:0", "origin")).toBe(
      `${ORIGIN_SHAPE}; the port must be 1–65535`,
    );
    expect(originProblem("https://api.example.com:65536", "base")).toBe(
      `${BASE_SHAPE}; the port must be 1–65535`,
    );
  });
  it("no . or .. segments in the provider's path", () => {
    expect(originProblem("https://id.example.com/auth/../x", "base")).toBe(
      `${BASE_SHAPE}; no . or .. segments`,
    );
    expect(originProblem("https://id.example.com/./x", "base")).toBe(
      `${BASE_SHAPE}; no . or .. segments`,
    );
    expect(originProblem("https://id.example.com/auth/realms/shop/", "base")).toBeNull();
    expect(originProblem("https://id.example.com", "base")).toBeNull();
  });
});

describe("cspOrigin", () => {
  it("emits the lower-cased origin only", () => {
    expect(cspOrigin("https://API.Example.com/", "origin")).toBe("https://api.example.com");
    expect(cspOrigin("https://id.example.com:8443/auth/realms/x", "base")).toBe(
      "https://id.example.com:8443",
    );
  });
  it("refuses what is not a plain address, naming it", () => {
    expect(() => cspOrigin("https://*.example.com", "origin")).toThrow(
      `refusing to put "https://*.example.com" into the CSP: expected ${ORIGIN_SHAPE}`,
    );
  });
});

describe("cspAddress in the tenant schema", () => {
  it("reports the rule as the loader's message", () => {
    const result = cspAddress("origin").safeParse("https://api.example.com:0");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      `expected ${ORIGIN_SHAPE}; the port must be 1–65535`,
    ]);
    expect(cspAddress("base").safeParse("https://id.example.com/x").success).toBe(true);
  });
});

describe("dots in a path segment", () => {
  it("are fine inside a segment, only a whole . or .. segment is refused", () => {
    expect(originProblem("https://id.example.com/v1.0/realms/a.b", "base")).toBeNull();
    expect(originProblem("https://id.example.com/auth/..", "base")).toBe(
      `${BASE_SHAPE}; no . or .. segments`,
    );
  });
});

describe("cspAddress for editors", () => {
  it("gives the address's shape as a JSON Schema pattern of its kind", () => {
    const origin = z.toJSONSchema(cspAddress("origin")) as { pattern: string; format: string };
    expect(origin.format).toBe("uri");
    expect(new RegExp(origin.pattern).test("https://api.example.com:8443")).toBe(true);
    expect(new RegExp(origin.pattern).test("https://api.example.com/x")).toBe(false);
    const base = z.toJSONSchema(cspAddress("base")) as { pattern: string; format: string };
    expect(base.format).toBe("uri");
    expect(new RegExp(base.pattern).test("https://id.example.com/auth/realms/shop")).toBe(true);
    expect(new RegExp(base.pattern).test("https://id.example.com/a?b")).toBe(false);
  });
});
