/**
 * What a tenant's SVG asset may hold. A logo is shipped byte for byte and opened on the
 * shop's origin (directly, or by a host without the generated CSP), so an SVG with script,
 * event handlers, `javascript:` or external references is REFUSED, not sanitised: a sanitiser
 * has to model every SVG/XML parsing quirk to be right, a refusal only has to be strict, and
 * the designer can always export a clean file. Logos need shapes, text, gradients and
 * in-document references (#id), nothing else this refuses.
 */

/** Decodes numeric character references and the five XML entities, so `&#106;avascript:` is seen. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, hex: string) => fromCode(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]{1,7});?/g, (_, dec: string) => fromCode(Number.parseInt(dec, 10)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ENTITIES[name] ?? "");
}
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
const fromCode = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "");

/** Each rule: what it finds (case-insensitive) and how the error names it. */
const RULES: [RegExp, string][] = [
  [/<\s*script\b/i, "a <script> element"],
  [/<\s*foreignObject\b/i, "a <foreignObject> element (embedded HTML)"],
  [
    /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
    "an embedded document or media element",
  ],
  [/<!\s*(DOCTYPE|ENTITY)\b/i, "a DOCTYPE or entity declaration"],
  [/<\?\s*xml-stylesheet\b/i, "an <?xml-stylesheet?> instruction (an external stylesheet)"],
  [/[\s"'/;]on[a-z-]+\s*=/i, "an event handler attribute (on…=)"],
  [/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i, "a javascript: address"],
  [/@import\b/i, "a stylesheet @import"],
  [/[\s"']src\s*=/i, "a src attribute (an external resource)"],
  [
    /attributeName\s*=\s*["']?\s*([\w.-]+:)?(href|on)/i,
    "an animation that rewrites a link or handler",
  ],
  // CSS escapes (\75 rl = url) and the other ways CSS fetches: nothing a logo needs.
  [/\\[0-9a-f]/i, "a CSS escape (\\…), which could hide a url()"],
  [/image-set\s*\(|@font-face/i, "a CSS image-set() or @font-face (an external resource)"],
];

/** href values under any namespace prefix (xlink:, or one the file declares): only #id. */
const HREF = /(?:^|[\s"'])(?:[\w.-]+:)?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi;
/** url(…) values (in attributes or <style>): only url(#id). */
const URL_FN = /url\s*\(\s*(["']?)([^)"']*)\1\s*\)/gi;

/** Why the SVG is refused (one sentence), or null when it may be shipped. */
export function svgProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "the SVG is not valid UTF-8 text";
  }
  if (!/<svg[\s>]/i.test(text)) return "not an SVG image (no <svg> element)";
  for (const view of [text, decodeReferences(text)]) {
    for (const [pattern, what] of RULES) {
      if (pattern.test(view)) return `the SVG holds ${what}`;
    }
    for (const m of view.matchAll(HREF)) {
      const target = (m[2] ?? m[3] ?? m[4] ?? "").trim();
      if (!target.startsWith("#")) {
        return `the SVG links to ${JSON.stringify(target.slice(0, 60))}; only references inside the file (href="#id") are allowed`;
      }
    }
    for (const m of view.matchAll(URL_FN)) {
      const target = (m[2] ?? "").trim();
      if (!target.startsWith("#")) {
        return `the SVG loads ${JSON.stringify(target.slice(0, 60))} with url(); only url(#id) is allowed`;
      }
    }
  }
  return null;
}
