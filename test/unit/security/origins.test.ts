/**
 * Addresses that reach the CSP are plain https origins. The loader refuses
 * anything else with file:line:col field message, and the CSP builder refuses it again when
 * it is handed a config that never went through the schema.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "../../../cli/build/security-headers.ts";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { cspOrigin, originProblem } from "../../../cli/config/origin.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { makeScratch, mutate, type Scratch } from "../config/fixture.ts";

/** Values that `z.url()` and `new URL()` accept but a CSP source must never be. */
const HOSTILE = [
  "https://*",
  "https://*.example.com",
  "https://idp.example.com;sandbox",
  "https://idp.example.com; script-src *",
  "https://a.example.com,b.example.com",
  "https://a.example.com'unsafe-inline'",
  "https://user:pw@api.example.com",
  "https://api.example.com?x=1",
  "https://api.example.com#x",
  "http://api.example.com",
  "https://api.example.com:0",
  "https://api.example.com:99999",
  "https://api example.com",
  'https://api.example.com"',
  "https://api.example.com/%2e%2e",
  "https://api.example.com/a b",
  "data:text/html,x",
  "https://",
];

describe("originProblem / cspOrigin", () => {
  it.each(HOSTILE)("refuses %j as an origin and as a base address", (value) => {
    expect(originProblem(value, "origin")).not.toBeNull();
    expect(originProblem(value, "base")).not.toBeNull();
    expect(() => cspOrigin(value, "origin")).toThrow(/refusing to put/);
    expect(() => cspOrigin(value, "base")).toThrow(/refusing to put/);
  });

  it("accepts plain origins, with a port, and an issuer path only where a path belongs", () => {
    expect(cspOrigin("https://api.example.com", "origin")).toBe("https://api.example.com");
    expect(cspOrigin("https://API.Example.com:8443/", "origin")).toBe(
      "https://api.example.com:8443",
    );
    expect(originProblem("https://api.example.com/v2", "origin")).toMatch(/no path/);
    expect(cspOrigin("https://id.example.com/auth/realms/shop", "base")).toBe(
      "https://id.example.com",
    );
    expect(originProblem("https://id.example.com/auth/../admin", "base")).toMatch(/\.\./);
  });
});

describe("the CSP builder", () => {
  const base = { api: {}, auth: undefined } as unknown as TenantConfig;
  it.each(HOSTILE)("refuses a config with api.origin or auth.authority %j", (value) => {
    const api = { ...base, api: { origin: value } } as TenantConfig;
    const auth = { ...base, auth: { authority: value, realm: "r", clientId: "c" } } as TenantConfig;
    expect(() => contentSecurityPolicy(api)).toThrow(/refusing to put/);
    expect(() => contentSecurityPolicy(auth)).toThrow(/refusing to put/);
    expect(() => securityHeaders(auth, true)).toThrow(/refusing to put/);
  });
});

describe("the loader", () => {
  let scratch: Scratch;
  beforeAll(() => {
    scratch = makeScratch();
    vi.spyOn(process, "cwd").mockReturnValue(scratch.root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    scratch.dispose();
  });

  const cases = HOSTILE.flatMap((value, i) => [
    {
      id: `api-${i}`,
      field: "api.origin",
      at: "59:11",
      yaml: mutate([["api: {}", `api:\n  origin: ${JSON.stringify(value)}`]]),
    },
    {
      id: `auth-${i}`,
      field: "auth.authority",
      at: "44:14",
      yaml: mutate([
        ["  realm: mysport", `  authority: ${JSON.stringify(value)}\n  realm: mysport`],
      ]),
    },
  ]);

  it.each(cases)("$field refused, case $id", async ({ id, field, at, yaml }) => {
    scratch.write(id, yaml);
    const result = await loadTenant(scratch.tenantsDir, id);
    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.problems.map(formatProblem);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^tenants/${id}\\.yaml:${at}  ${field}  expected a plain https`),
    );
  });

  it("accepts a plain API origin and an issuer with a path", async () => {
    scratch.write(
      "plain",
      mutate([
        ["api: {}", "api:\n  origin: https://api.mysport.example:8443"],
        [
          "  realm: mysport",
          "  authority: https://id.mysport.example/auth/realms/mysport\n  realm: mysport",
        ],
      ]),
    );
    const result = await loadTenant(scratch.tenantsDir, "plain");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
    if (!result.ok) return;
    expect(contentSecurityPolicy(result.config)).toContain(
      "connect-src 'self' https://api.mysport.example:8443 https://id.mysport.example;",
    );
  });
});
