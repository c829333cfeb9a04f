/**
 * Addresses that reach the Content-Security-Policy (`api.origin`, `auth.authority`). `new URL()`
 * and `z.url()` accept `*`, `;`, `,` and `'` in a host, so "https://*" or
 * "https://idp.example;sandbox" would open or break the CSP. These values are therefore held
 * to a plain `https://host[:port]` (plus, for the identity provider, a plain path such as
 * /auth/realms/x): DNS labels, no wildcard, credentials, query, fragment or metacharacters.
 */
import { z } from "zod";

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const HOST = `${LABEL}(?:\\.${LABEL})*`;
/** Path segments of unreserved characters only; dot segments are refused separately. */
const SEGMENT = "[A-Za-z0-9._~-]+";
export const ORIGIN_RE = new RegExp(`^https://(${HOST})(?::(\\d{1,5}))?(/?)$`);
export const WITH_PATH_RE = new RegExp(`^https://(${HOST})(?::(\\d{1,5}))?((?:/${SEGMENT})*/?)$`);

export type OriginKind = "origin" | "base";

/**
 * Why `value` is not a plain https origin (kind "origin") or origin plus plain path (kind
 * "base"), or null when it is one.
 */
export function originProblem(value: string, kind: OriginKind): string | null {
  const example =
    kind === "origin" ? "https://api.example.com" : "https://id.example.com/auth/realms/shop";
  const shape =
    kind === "origin"
      ? `a plain https origin such as ${example} (no path, query, wildcard or credentials)`
      : `a plain https address such as ${example} (letters, digits and . _ ~ - in the path; no query, wildcard or credentials)`;
  const match = (kind === "origin" ? ORIGIN_RE : WITH_PATH_RE).exec(value);
  if (!match) return shape;
  const port = match[2];
  // Without a port, Number(undefined) is NaN, which fails both comparisons.
  if (Number(port) < 1 || Number(port) > 65535) {
    return `${shape}; the port must be 1–65535`;
  }
  const segments = (match[3] ?? "").split("/");
  if (segments.some((s) => s === "." || s === "..")) return `${shape}; no . or .. segments`;
  return null;
}

/** The CSP source of an already checked address: its origin, lower-cased, never anything else. */
export function cspOrigin(value: string, kind: OriginKind): string {
  const problem = originProblem(value, kind);
  if (problem)
    throw new Error(`refusing to put ${JSON.stringify(value)} into the CSP: expected ${problem}`);
  const origin = new URL(value).origin;
  // Second look at what is emitted: one token of host characters, nothing a CSP parser splits on.
  // Stryker disable all: a defence in depth no input reaches (originProblem has admitted only
  // ASCII labels and a port, which URL lower-cases), so no test can tell its mutants apart.
  if (!/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin)) {
    throw new Error(`refusing to put ${JSON.stringify(origin)} into the CSP: not a plain origin`);
  }
  // Stryker restore all
  return origin;
}

/**
 * The zod schema of such an address, for the tenant schema: the loader's message names the
 * rule; editors get the same shape as a JSON Schema pattern (the port range and dot segments
 * are the loader's).
 */
export const cspAddress = (kind: OriginKind) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const problem = originProblem(value, kind);
      if (!problem) return;
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: an issue with an input reads the same under any code (errors.ts, describeIssue's default).
        code: "custom",
        message: `expected ${problem}`,
        input: value,
      });
    })
    .meta({ format: "uri", pattern: (kind === "origin" ? ORIGIN_RE : WITH_PATH_RE).source });
