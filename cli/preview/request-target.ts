/**
 * The one reading of a request target that every decision of the preview uses (the deploy-file
 * guard, the prerendered page, the static file, the security headers), made the way nginx reads
 * it for the generated nginx.conf: the path before `?`, percent-decoded once, slashes merged,
 * `.` and `..` segments resolved (a trailing slash kept). What nginx answers 400, so does this:
 * a target that is not an absolute path, a `%` not followed by two hex digits, an encoded NUL,
 * a `..` above the root. Nothing here is a URL with a host: `//x/y` is the path `/x/y`.
 */

export type RequestTarget =
  | {
      ok: true;
      /** The path as sent, before `?` (nginx's part of $request_uri). */
      raw: string;
      /** `?` and the query as sent, or "". */
      query: string;
      /** Decoded and normalised: what nginx calls $uri. */
      path: string;
    }
  | { ok: false; reason: string };

const HEX = /^[0-9A-Fa-f]{2}$/;
const utf8 = new TextDecoder("utf-8");

/** Percent-decodes a path into bytes, then text (a byte sequence that is not UTF-8 keeps U+FFFD). */
function percentDecode(raw: string): string | { problem: string } {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return { problem: "malformed percent-encoding" };
      const byte = Number.parseInt(hex, 16);
      if (byte === 0) return { problem: "an encoded NUL" };
      bytes.push(byte);
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      bytes.push(...Buffer.from(raw[i] ?? "", "utf8"));
    }
  }
  return utf8.decode(new Uint8Array(bytes));
}

/** `.` and `..` resolved and empty segments dropped; null when `..` climbs above the root. */
function normalise(decoded: string): string | null {
  const segments: string[] = [];
  const parts = decoded.split("/").slice(1);
  let trailing = false;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part === "" || part === ".") {
      trailing = last;
    } else if (part === "..") {
      if (segments.length === 0) return null;
      segments.pop();
      trailing = last;
    } else {
      segments.push(part);
      trailing = false;
    }
  }
  return `/${segments.join("/")}${trailing && segments.length > 0 ? "/" : ""}`;
}

/** Reads a request target (req.url) once; see the module comment for the rules. */
export function parseRequestTarget(target: string): RequestTarget {
  if (!target.startsWith("/")) return { ok: false, reason: "the target is not an absolute path" };
  const cut = target.search(/[?#]/);
  const raw = cut === -1 ? target : target.slice(0, cut);
  const rest = cut === -1 ? "" : target.slice(cut);
  const query = rest.startsWith("?") ? (rest.split("#")[0] ?? "") : "";
  for (const ch of raw) {
    const code = ch.charCodeAt(0);
    if (code < 0x21 || code === 0x7f) return { ok: false, reason: "a control character" };
  }
  const decoded = percentDecode(raw);
  if (typeof decoded !== "string") return { ok: false, reason: decoded.problem };
  const path = normalise(decoded);
  if (path === null) return { ok: false, reason: "a path above the root" };
  return { ok: true, raw, query, path };
}
