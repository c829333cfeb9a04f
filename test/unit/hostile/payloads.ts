/**
 * Hostile text for the hostile-input suites: strings that would run script
 * or change markup if any step pasted them into HTML, JSON-in-HTML, a template or YAML
 * unescaped, and fast-check arbitraries that mix them with any Unicode text.
 */
import fc from "fast-check";

export const PAYLOADS = [
  "<script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "</script/><img src=x onerror=alert(1)>",
  "</SCRIPT\t><script >alert(1)</script >",
  "<!--<script x></script >",
  "<img src=x onerror=alert(1)>",
  '"><img src=x onerror=alert(1)>',
  "{{constructor}}",
  "{{{x}}}",
  "{{#each this}}{{/each}}",
  "\u2028\u2029",
  "<!--",
  "<!--<script>",
  "]]>",
  "\"'&",
  "&lt;script&gt;&amp;",
  "</title><script>alert(1)</script>",
  "</noscript><img src=x onerror=alert(1)>",
  "</style><svg onload=alert(1)>",
  "\\u003c/script\\u003e",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's syntax, as text.
  "${alert(1)}",
  "javascript:alert(1)",
  "\u0000\u0001\u001f\u007f\u0085\ufeff\uffff",
  "\r\n\r\t",
] as const;

/** Any text: a payload, arbitrary Unicode (every code point, no lone surrogates) or a mix. */
export const hostileText = (maxLength = 60): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(...PAYLOADS),
      fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
      fc
        .tuple(
          fc.constantFrom(...PAYLOADS),
          fc.string({ unit: "binary", maxLength: 8 }),
          fc.constantFrom(...PAYLOADS),
        )
        .map(([a, b, c]) => a + b + c),
    )
    .filter((s) => s.length >= 1 && s.length <= maxLength);

/**
 * An http(s) URL that the URL parser accepts, with a payload in its path or query (and no
 * surrounding white space, tabs or line breaks, which the schema's URL check removes).
 */
export const hostileUrl = (host: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...PAYLOADS), fc.boolean())
    .map(([p, query]) => `https://${host}/${query ? `x?q=${p}` : p}`)
    .filter((u) => URL.canParse(u) && u === u.trim() && !/[\t\n\r]/.test(u));
