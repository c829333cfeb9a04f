/**
 * Where one backend reply differs from what the shop expects of that call: the status spec §7
 * names, the reply's JSON by the very contract the client checks it with (so a field the shop
 * ignores is never a mismatch, and every mismatch is one the shop would refuse), the headers
 * it reads, and an error's `{code, message}` body. Used by `storefront check-api` and by
 * `storefront preview --api`. A reply is hostile: every value quoted from it is escaped to one
 * line and cut short.
 */

import { errorBody } from "../../../storefront/src/api/contracts/common.ts";
import type { Contract } from "../../../storefront/src/api/http.ts";
import type { ContractIssue } from "../../../storefront/src/api/issues.ts";
import { oneLine } from "../../config/errors.ts";
import type { ApiCall } from "../inventory.ts";

/** A reply as it came over the wire (its body cut at the reader's limit). */
export interface SeenReply {
  status: number;
  headers: Headers;
  body: string;
  /** The body went on past the limit and was not read to its end. */
  truncated: boolean;
}

export type MismatchKind =
  | "status"
  | "field"
  | "header"
  | "not-json"
  | "too-large"
  | "error-body"
  | "no-reply"
  | "cors";

/** One difference: what the shop expects and what came. */
export interface Mismatch {
  kind: MismatchKind;
  /** The field's path (`items.0.price`), the header's name, or null for the whole reply. */
  field: string | null;
  expected: string;
  got: string;
}

/**
 * What the caller expects of this reply: a success (a read of something that exists), or
 * either (a write with made-up data, which the backend may refuse: then only the error body is
 * held to the contract).
 */
export type Intent = "success" | "either";

const QUOTE_LIMIT = 60;

/** A value quoted from a reply, on one line and at most 60 characters. */
export function quote(text: string): string {
  const line = oneLine(text);
  return line.length > QUOTE_LIMIT ? `${line.slice(0, QUOTE_LIMIT)}…` : line;
}

/** What a reply's value is, in a reader's words: `"1003" (a string)`, `missing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (typeof value === "string") return `"${quote(value)}" (a string)`;
  if (typeof value === "number" || typeof value === "boolean") {
    return `${value} (a ${typeof value})`;
  }
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return "an object";
}

/** The mismatches of one reply to a call; [] when the shop takes it as it is. */
export function checkReply(call: ApiCall, reply: SeenReply, intent: Intent): Mismatch[] {
  const success = reply.status >= 200 && reply.status < 300;
  if (!success) {
    const problems = errorBodyProblems(reply);
    if (intent === "success") {
      problems.unshift({
        kind: "status",
        field: null,
        expected: expectedStatus(call),
        got: `${reply.status}${errorSummary(reply)}`,
      });
    }
    return problems;
  }
  const problems: Mismatch[] = [];
  if (call.status !== null && reply.status !== call.status) {
    problems.push({
      kind: "status",
      field: null,
      expected: expectedStatus(call),
      got: String(reply.status),
    });
  }
  if (call.reply === "json") problems.push(...jsonProblems(call.contract, reply));
  if (call.reply === "headers") problems.push(...headerProblems(call.contract, reply.headers));
  return problems;
}

/** A call that got no reply at all (refused, reset, timed out). */
export function noReply(reason: string): Mismatch {
  return { kind: "no-reply", field: null, expected: "a reply", got: quote(reason) };
}

function expectedStatus(call: ApiCall): string {
  return call.status === null ? "2xx" : String(call.status);
}

function jsonProblems(contract: Contract<unknown> | null, reply: SeenReply): Mismatch[] {
  const parsed = readJson(reply);
  if (!parsed.ok) return [parsed.problem];
  return contract ? contractProblems(contract, parsed.value, "field") : [];
}

function headerProblems(contract: Contract<unknown> | null, headers: Headers): Mismatch[] {
  if (!contract) return [];
  // The client reads headers by their lower-case names, as fetch gives them.
  return contractProblems(contract, Object.fromEntries(headers), "header");
}

function errorBodyProblems(reply: SeenReply): Mismatch[] {
  const parsed = readJson(reply);
  if (!parsed.ok) return [{ ...parsed.problem, kind: "error-body" }];
  return contractProblems(errorBody, parsed.value, "error-body");
}

function errorSummary(reply: SeenReply): string {
  const parsed = readJson(reply);
  if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null) return "";
  const { code } = parsed.value as { code?: unknown };
  return typeof code === "string" ? ` (${quote(code)})` : "";
}

type Json = { ok: true; value: unknown } | { ok: false; problem: Mismatch };

function readJson(reply: SeenReply): Json {
  const type = reply.headers.get("content-type") ?? "no Content-Type";
  if (reply.truncated) {
    return {
      ok: false,
      problem: {
        kind: "too-large",
        field: null,
        expected: "a JSON reply",
        got: "too large to read",
      },
    };
  }
  try {
    if (reply.body.trim() === "") throw new Error("empty");
    return { ok: true, value: JSON.parse(reply.body) as unknown };
  } catch {
    const begins = reply.body.trim() === "" ? "an empty body" : `"${quote(reply.body.trim())}"`;
    return {
      ok: false,
      problem: {
        kind: "not-json",
        field: null,
        expected: "JSON",
        got: `${quote(type)}: ${begins}`,
      },
    };
  }
}

function contractProblems(
  contract: Contract<unknown>,
  value: unknown,
  kind: "field" | "header" | "error-body",
): Mismatch[] {
  const result = contract["~standard"].validate(value);
  if (result instanceof Promise || !result.issues) return [];
  return result.issues.map((issue) => {
    const path = pathOf(issue);
    return {
      kind,
      field: path.length === 0 ? null : path.join("."),
      expected: expectedOf(issue),
      got: describeValue(valueAt(value, path)),
    };
  });
}

/** What the contract expected, in a reader's words: `an integer`, `one of Created, Published`. */
function expectedOf(issue: ContractIssue & { format?: string }): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? "an integer" : String(issue.expected);
    case "invalid_value":
      return `one of ${(issue.values ?? []).map((v) => quote(String(v))).join(", ")}`;
    case "invalid_format":
      return issue.format === "datetime"
        ? "an ISO 8601 date-time with its offset"
        : `a ${issue.format}`;
    default:
      return quote(issue.message);
  }
}

function pathOf(issue: ContractIssue): string[] {
  return (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p));
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
