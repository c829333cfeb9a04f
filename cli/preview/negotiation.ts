/**
 * The two request headers the static server negotiates on, read by their RFC 9110 grammar
 * rather than by searching the text: Accept-Encoding (§12.5.3, with q-values: `gzip;q=0` means
 * "not gzip") and If-None-Match (§13.1.2: `*` or a list of entity tags, compared weakly).
 */

/** One element of a comma-separated list (§5.6.1), quoted strings kept whole. */
function listElements(header: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i] as string;
    if (quoted && c === "\\") {
      current += c + (header[i + 1] ?? "");
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      current += c;
    } else if (c === "," && !quoted) {
      out.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  out.push(current);
  return out.map((e) => e.trim()).filter((e) => e !== "");
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) */
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/**
 * Accept-Encoding as a map from coding (lower case; "*" and "identity" included) to its weight.
 * An element that does not follow the grammar is dropped, as if it had not been sent.
 */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const element of listElements(header)) {
    const [coding = "", ...params] = element.split(";").map((p) => p.trim());
    if (!TOKEN.test(coding)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const at = param.indexOf("=");
      const name = param
        .slice(0, at === -1 ? param.length : at)
        .trim()
        .toLowerCase();
      const value = at === -1 ? "" : param.slice(at + 1).trim();
      if (name !== "q" || !QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (valid) weights.set(coding.toLowerCase(), q);
  }
  return weights;
}

/**
 * The content coding to send, among `available` (the server's preference first), or
 * "identity". Without the header, or with an empty one, identity. A coding is acceptable when
 * its weight, or else the weight of "*", is above 0; the highest weight wins, ties go to the
 * server's order, and identity is chosen only when it is named with more weight than them.
 */
export function chooseEncoding(header: string | undefined, available: readonly string[]): string {
  if (header === undefined) return "identity";
  const weights = parseAcceptEncoding(header);
  const star = weights.get("*");
  const weightOf = (coding: string) => weights.get(coding) ?? star ?? 0;
  let best = "identity";
  let bestWeight = 0;
  for (const coding of available) {
    const w = weightOf(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  // identity is always acceptable unless refused ("identity;q=0", or "*;q=0" without it), and
  // then the file goes out as it is anyway; it beats a coding only when named with more weight.
  const identity = weights.get("identity");
  if (best !== "identity" && identity !== undefined && identity > bestWeight) return "identity";
  return best;
}

/** An entity tag: its opaque part (with quotes) and whether it is weak. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

const OPAQUE = /^"[\x21\x23-\x7e\x80-\xff]*"$/;

/** If-None-Match: "*", a list of entity tags, or null when the header does not parse. */
export function parseIfNoneMatch(header: string): "*" | EntityTag[] | null {
  const value = header.trim();
  if (value === "*") return "*";
  const tags: EntityTag[] = [];
  for (const element of listElements(value)) {
    const weak = element.startsWith("W/");
    const opaque = weak ? element.slice(2) : element;
    if (!OPAQUE.test(opaque)) return null;
    tags.push({ weak, opaque });
  }
  return tags.length > 0 ? tags : null;
}

/**
 * Whether If-None-Match matches the representation's ETag (weak comparison, §8.8.3.2): then a
 * GET or HEAD is answered 304. A header that does not parse never matches.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseIfNoneMatch(header);
  if (tags === "*") return true;
  const ours = parseIfNoneMatch(etag);
  if (tags === null || ours === null || ours === "*") return false;
  const opaque = ours[0]?.opaque;
  return tags.some((t) => t.opaque === opaque);
}
