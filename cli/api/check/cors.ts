/**
 * A backend on another origin than the shop (the tenant's `api.origin`) is read by the browser
 * only when it answers with CORS (docs/backend.md): every reply, errors included, allows the
 * shop's origin, and a request the browser must ask about first (a JSON body, the Bearer token,
 * the search token, PUT/PATCH/DELETE) gets a preflight (OPTIONS) that allows its method and
 * headers. `check-api --shop-origin` holds a backend to this, as a browser would.
 */
import type { Mismatch } from "./reply.ts";
import { quote } from "./reply.ts";

/** Request headers a browser sends without asking (the CORS-safelisted ones the shop uses). */
const SAFELISTED = new Set(["accept", "accept-language", "content-language"]);
const SIMPLE_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
]);

/** The headers a browser names in a preflight for this request (lower case, sorted). */
export function unsafeHeaders(headers: Headers): string[] {
  const names: string[] = [];
  for (const [name, value] of headers) {
    if (SAFELISTED.has(name)) continue;
    if (name === "content-type" && SIMPLE_TYPES.has(value.split(";")[0]?.trim() ?? "")) continue;
    names.push(name);
  }
  return names.sort();
}

/** Whether a browser asks before sending this request (a preflight). */
export function needsPreflight(method: string, headers: Headers): boolean {
  return !["GET", "HEAD", "POST"].includes(method) || unsafeHeaders(headers).length > 0;
}

const list = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== "");

/** Whether a reply lets the shop's page read it. */
export function allowOriginProblems(origin: string, headers: Headers): Mismatch[] {
  const allowed = headers.get("access-control-allow-origin");
  if (allowed === "*" || allowed === origin) return [];
  return [
    {
      kind: "cors",
      field: "access-control-allow-origin",
      expected: `${origin} (or *)`,
      got: allowed === null ? "missing" : `"${quote(allowed)}"`,
    },
  ];
}

/** What a preflight's reply must allow for `method` with `requested` headers. */
export function preflightProblems(
  origin: string,
  method: string,
  requested: readonly string[],
  reply: { status: number; headers: Headers },
): Mismatch[] {
  const problem = (field: string, expected: string, got: string): Mismatch => ({
    kind: "cors",
    field: `preflight ${field}`,
    expected,
    got,
  });
  if (reply.status < 200 || reply.status >= 300) {
    return [problem("status", "2xx", String(reply.status))];
  }
  const problems = allowOriginProblems(origin, reply.headers).map((p) =>
    problem(p.field ?? "", p.expected, p.got),
  );
  const methods = list(reply.headers.get("access-control-allow-methods"));
  // GET, HEAD and POST are always allowed once the origin is.
  if (!["GET", "HEAD", "POST"].includes(method) && !methods.includes(method.toLowerCase())) {
    if (!methods.includes("*")) {
      problems.push(
        problem("access-control-allow-methods", method, methods.join(", ") || "missing"),
      );
    }
  }
  const allowedHeaders = list(reply.headers.get("access-control-allow-headers"));
  // `*` allows any header but Authorization (Fetch standard).
  const missing = requested.filter(
    (h) => !allowedHeaders.includes(h) && !(allowedHeaders.includes("*") && h !== "authorization"),
  );
  if (missing.length > 0) {
    problems.push(
      problem(
        "access-control-allow-headers",
        requested.join(", "),
        allowedHeaders.length > 0 ? `"${quote(allowedHeaders.join(", "))}"` : "missing",
      ),
    );
  }
  return problems;
}
