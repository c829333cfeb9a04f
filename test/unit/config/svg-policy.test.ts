/**
 * A tenant SVG is read by structure, as a browser reads it (README "Tenant config", and
 * docs/tenant-security.md): nothing that could run script or fetch anything passes, whatever
 * prefix, case, entity, comment, encoding or CSS spelling hides it; what a designer's program
 * exports passes, or is refused with the line and a sentence saying what to change.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brandSvgs } from "../../../cli/build/brand-svg.ts";
import { formatSvgFinding, SVG_LIMITS, svgProblem } from "../../../cli/config/svg-policy.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attrs = "") => `<svg ${NS} ${XLINK}${attrs}>${body}</svg>`;
const utf8 = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => readFileSync(join("test/fixtures/svg", name));

/** UTF-16 little-endian with its byte-order mark, as Windows tools save "Unicode". */
const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);

/**
 * Files that would run script or fetch something in a browser, from the public SVG XSS lists
 * (OWASP XSS filter evasion, PortSwigger's cheat sheet, the DOMPurify and svg-sanitizer test
 * suites), each with a word its refusal must name.
 */
const HOSTILE: [string, Uint8Array, RegExp][] = [
  // A namespace prefix: the same SVG element under another name.
  [
    "a script under a second prefix for the SVG namespace",
    utf8(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(document.domain)</s:script></svg>',
    ),
    /<s:script> is not allowed: it runs code/,
  ],
  [
    "an XHTML script",
    utf8(svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(document.domain)</h:script>')),
    /<h:script> is an HTML element/,
  ],
  [
    "a prefixed foreignObject holding HTML",
    utf8(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:foreignObject width="9" height="9"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></s:foreignObject></svg>',
    ),
    /<s:foreignObject> is not allowed: it embeds HTML/,
  ],
  [
    "a quoted ) ending a url() early",
    utf8(svg(`<rect width="9" height="9" style="fill:url('https://evil.example/t)x#a')"/>`)),
    /loads "https:\/\/evil\.example\/t\)x#a"/,
  ],
  ["a plain script", utf8(svg("<script>alert(1)</script>")), /<script> is not allowed/],
  ["a script in capitals", utf8(svg("<SCRIPT>alert(1)</SCRIPT>")), /<SCRIPT> is not an element/],
  ["an onload on the root", utf8(svg("", ' onload="alert(1)"')), /onload is an event handler/],
  [
    "an onclick in capitals",
    utf8(svg('<rect ONCLICK="alert(1)" width="1" height="1"/>')),
    /ONCLICK is an event handler/,
  ],
  [
    "an event attribute in another namespace",
    utf8(svg('<rect xmlns:e="urn:x" e:onmouseover="alert(1)"/>')),
    /e:onmouseover is an event handler/,
  ],
  [
    "an event attribute under the xlink prefix",
    utf8(svg('<rect xlink:onclick="alert(1)"/>')),
    /xlink:onclick is an event handler/,
  ],
  [
    "<a xlink:href='javascript:…'>",
    utf8(svg('<a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a>')),
    /<a> is not allowed: a link/,
  ],
  [
    "a javascript: href hidden by character references on use",
    utf8(svg('<use href="&#106;ava&#x73;cript:alert(1)"/>')),
    /leads to "javascript:alert\(1\)"/,
  ],
  [
    "<use href='data:…'> with a script inside",
    utf8(
      svg(
        '<use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/>',
      ),
    ),
    /<use> attribute href leads to "data:image/,
  ],
  [
    "<use> of another file",
    utf8(svg('<use xlink:href="https://evil.example/x.svg#a"/>')),
    /leads to "https:\/\/evil\.example\/x\.svg#a"/,
  ],
  ["<image href=http…>", utf8(svg('<image href="http://evil.example/t.png"/>')), /<image>/],
  [
    "an unquoted attribute (an HTML habit)",
    utf8(svg("<image href=http://evil.example/t.png />")),
    /not well-formed XML/,
  ],
  [
    "<set> rewriting href",
    utf8(svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>')),
    /<a> is not allowed/,
  ],
  [
    "<set> on a use element",
    utf8(svg('<use href="#a"><set attributeName="href" to="data:x"/></use>')),
    /<set> is not allowed: an animation/,
  ],
  [
    "<animate> of an xlink:href",
    utf8(svg('<animate attributeName="xlink:href" values="javascript:alert(1)"/>')),
    /<animate> is not allowed: an animation/,
  ],
  [
    "xml:base redirecting a relative link",
    utf8(svg('<g xml:base="https://evil.example/"><use href="#a"/></g>')),
    /xml:base is not allowed/,
  ],
  [
    "an entity-encoded element name",
    utf8(svg("<&#115;cript>alert(1)</&#115;cript>")),
    /not well-formed XML/,
  ],
  [
    "a DOCTYPE declaring an entity",
    utf8(`<!DOCTYPE svg [<!ENTITY x "&#60;script>alert(1)&#60;/script>">]>${svg("&x;")}`),
    /<!DOCTYPE …> declaration/,
  ],
  [
    "an entity the file never declares",
    utf8(svg("<text>&xss;</text>")),
    /not well-formed XML: undefined entity/,
  ],
  [
    "an xml-stylesheet instruction",
    utf8(`<?xml-stylesheet href="https://evil.example/x.css"?>${svg("")}`),
    /<\?xml-stylesheet\?> instruction/,
  ],
  ["another processing instruction", utf8(svg("<?php echo 1; ?>")), /processing instruction/],
  [
    "a comment splitting @import inside <style>",
    utf8(svg('<style>@im<!-- -->port "https://evil.example/x.css";</style>')),
    /@import is not allowed/,
  ],
  [
    "a comment splitting a tag name",
    utf8(svg("<scr<!-- -->ipt>alert(1)</script>")),
    /not well-formed XML/,
  ],
  [
    "a CSS escape spelling url(",
    utf8(svg('<rect style="fill:\\75 rl(https://evil.example/p)"/>')),
    /loads "https:\/\/evil\.example\/p"/,
  ],
  [
    "an escaped @import",
    utf8(svg("<style>@\\69mport 'https://evil.example/x.css';</style>")),
    /@import is not allowed/,
  ],
  ["@import with url()", utf8(svg("<style>@import url(#a);</style>")), /@import is not allowed/],
  [
    "@font-face",
    utf8(svg("<style>@font-face{font-family:x;src:url(https://evil.example/f.woff)}</style>")),
    /@font-face is not allowed/,
  ],
  [
    "image-set() in a presentation attribute",
    utf8(svg(`<rect fill="image-set('https://evil.example/p.png' 1x)"/>`)),
    /image-set\(\) is not allowed/,
  ],
  [
    "an external url() in <style> inside CDATA",
    utf8(svg("<style><![CDATA[rect{fill:url('//evil.example/p')}]]></style>")),
    /loads "\/\/evil\.example\/p"/,
  ],
  [
    "CDATA hiding markup in text",
    utf8(svg("<text><![CDATA[<script>alert(1)</script>]]></text>")),
    /CDATA section outside <style>/,
  ],
  [
    "markup inside <style>",
    utf8(svg("<style>&lt;/style>&lt;script>alert(1)&lt;/script></style>")),
    /<style> holds markup/,
  ],
  [
    "a filter url() to another file",
    utf8(svg('<rect filter="url(https://evil.example/f.svg#x)"/>')),
    /loads "https:\/\/evil\.example\/f\.svg#x"/,
  ],
  [
    "a cursor url()",
    utf8(svg('<rect style="cursor:url(https://evil.example/c.png),auto"/>')),
    /loads "https:\/\/evil\.example\/c\.png"/,
  ],
  ["an iframe", utf8(svg("<iframe src='https://evil.example'/>")), /<iframe> is not allowed/],
  [
    "a handler element",
    utf8(svg('<handler type="application/ecmascript">alert(1)</handler>')),
    /<handler> is not allowed: it runs code/,
  ],
  ["feImage loading a picture", utf8(svg('<filter><feImage href="x.png"/></filter>')), /feImage/],
  [
    "an unknown namespace element",
    utf8(svg('<x:thing xmlns:x="urn:evil"/>')),
    /namespace "urn:evil"/,
  ],
  ["UTF-16 with its byte-order mark", utf16le(svg("<script>alert(1)</script>")), /UTF-16/],
  [
    "UTF-16 without a byte-order mark",
    Buffer.from(svg("<script>alert(1)</script>"), "utf16le"),
    /NUL bytes/,
  ],
  [
    "a declared UTF-7 encoding",
    utf8(
      `<?xml version="1.0" encoding="UTF-7"?>${svg("+ADw-script+AD4-alert(1)+ADw-/script+AD4-")}`,
    ),
    /encoding="UTF-7"/,
  ],
  [
    "a UTF-8 byte-order mark before a script",
    Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(svg("<script>alert(1)</script>"))]),
    /<script> is not allowed/,
  ],
  ["bytes that are not UTF-8", Uint8Array.from([...utf8("<svg "), 0xff, 0xfe, 0x3e]), /UTF-8/],
  ["a root that is not svg", utf8('<html xmlns="http://www.w3.org/1999/xhtml"/>'), /root element/],
  ["an svg with no namespace", utf8("<svg><script>alert(1)</script></svg>"), /no SVG namespace/],
  ["not XML at all", utf8("root:x:0:0:root:/root:/bin/bash\n"), /not well-formed XML/],
  ["an empty file", utf8(""), /not well-formed XML/],
];

describe("the hostile corpus: every file that could run script or fetch is refused", () => {
  it("holds the four reported bypasses and at least twenty more", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(24);
  });

  it.each(HOSTILE)("refuses %s", (_name, bytes, named) => {
    const found = svgProblem(bytes);
    expect(found?.message).toMatch(named);
    expect(found?.line).toBeGreaterThanOrEqual(1);
    expect(found?.col).toBeGreaterThanOrEqual(1);
  });
});

describe("the place of a finding is its line and column in the file", () => {
  it("names the line of the element, however many lines the tag takes", () => {
    const text = `<svg ${NS}\n  xmlns:s="http://www.w3.org/2000/svg">\n  <g>\n    <s:script>alert(1)</s:script>\n  </g>\n</svg>`;
    expect(svgProblem(utf8(text))).toEqual({
      line: 4,
      col: 5,
      message: "<s:script> is not allowed: it runs code when the file is opened",
    });
  });

  it("names the line of the attribute in a tag written over many lines (as Inkscape writes)", () => {
    const text = `<svg ${NS}>\n<rect\n   id="r"\n   onclick="alert(1)"\n   width="1" />\n</svg>`;
    expect(svgProblem(utf8(text))).toMatchObject({
      line: 4,
      col: 4,
      message: "<rect> attribute onclick is an event handler, which runs code; remove it",
    });
  });

  it("names the line inside a <style> where the CSS loads something", () => {
    const text = `<svg ${NS}>\n<style>\n  .a { fill: red }\n  .b { fill: url(https://evil.example/p) }\n</style>\n</svg>`;
    expect(svgProblem(utf8(text))).toEqual({
      line: 4,
      col: 14,
      message:
        'the <style>: loads "https://evil.example/p"; only references inside the file, url(#id), are allowed',
    });
  });
});

describe("what designers export is accepted", () => {
  it("every shipped tenant's SVG and the scaffolder's placeholders", () => {
    const shipped = readdirSync("tenants", { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => readdirSync(join("tenants", e.name)).map((f) => join("tenants", e.name, f)))
      .filter((f) => f.endsWith(".svg"));
    expect(shipped.length).toBeGreaterThanOrEqual(15);
    for (const file of shipped)
      expect([file, svgProblem(readFileSync(file))]).toEqual([file, null]);
    for (const name of ["Demo Brand", 'A&B "<Run>"', "Фотоспорт"]) {
      for (const [file, text] of Object.entries(brandSvgs(name, "#123456"))) {
        expect([file, svgProblem(utf8(text))]).toEqual([file, null]);
      }
    }
  });

  it.each([
    ["an Inkscape SVG with its sodipodi, inkscape, rdf, cc and dc metadata", "inkscape-logo.svg"],
    ["a Figma export with clip paths, filters and gradients", "figma-logo.svg"],
    ["an Illustrator export with a <style> of classes", "illustrator-logo.svg"],
  ])("%s", (_what, file) => {
    expect(svgProblem(fixture(file))).toBeNull();
  });

  it("in-file references written every way a browser reads them", () => {
    const body =
      "<defs><linearGradient id='g'/></defs><use href=' #g '/><use xlink:href='#g'/>" +
      "<rect fill='url( \"#g\" )'/><rect style='fill:URL(#g)'/><rect fill='url(#g)'/>" +
      "<style>rect{fill:url('#g')}</style><text>&lt;script&gt; &amp; javascript:</text>";
    expect(svgProblem(utf8(svg(body)))).toBeNull();
  });

  it("a UTF-8 byte-order mark and an XML declaration of UTF-8", () => {
    const text = `<?xml version="1.0" encoding="utf-8"?>${svg("<rect/>")}`;
    expect(svgProblem(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]))).toBeNull();
  });
});

describe("what a designer reads when an export is refused", () => {
  it.each([
    [
      "an Illustrator DOCTYPE",
      `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg("<rect/>")}`,
      "the SVG has a <!DOCTYPE …> declaration, which can define entities and load a DTD; delete it (an SVG needs none)",
    ],
    [
      "an embedded bitmap",
      svg('<image width="9" height="9" href="data:image/png;base64,iVBORw0KGgo="/>'),
      "<image> is not allowed: it loads or embeds a picture; draw it as shapes, or use a PNG or WebP file instead",
    ],
    [
      "a link around the logo",
      svg('<a href="https://mysport.example/"><rect/></a>'),
      "<a> is not allowed: a link can lead to javascript: or another site; a logo needs none",
    ],
    [
      "an HTML entity",
      svg("<text>MySport&nbsp;Pro</text>"),
      "the SVG is not well-formed XML: undefined entity; write the character itself (the file is UTF-8) or as a number, e.g. &#160;",
    ],
    [
      "a web font",
      svg("<style>@font-face{font-family:Brand;src:url(#f)}</style>"),
      "the <style>: the CSS rule @font-face is not allowed (it loads a font; use a font the page has, or convert the text to paths)",
    ],
    [
      "a file saved without the SVG namespace",
      "<svg viewBox='0 0 1 1'><rect/></svg>",
      'the <svg> element has no SVG namespace; add xmlns="http://www.w3.org/2000/svg" to it',
    ],
  ])("%s", (_what, text, message) => {
    expect(svgProblem(utf8(text))?.message).toBe(message);
  });
});

describe("the work is bounded by counts", () => {
  it("refuses more elements than the limit, and takes the limit", () => {
    const rects = (n: number) => svg("<rect/>".repeat(n - 1));
    expect(svgProblem(utf8(rects(SVG_LIMITS.elements)))).toBeNull();
    expect(svgProblem(utf8(rects(SVG_LIMITS.elements + 1)))?.message).toBe(
      `the SVG has more than ${SVG_LIMITS.elements} elements; simplify the drawing`,
    );
  });

  it("refuses nesting deeper than the limit", () => {
    const nest = (n: number) => svg(`${"<g>".repeat(n - 1)}${"</g>".repeat(n - 1)}`);
    expect(svgProblem(utf8(nest(SVG_LIMITS.depth)))).toBeNull();
    expect(svgProblem(utf8(nest(SVG_LIMITS.depth + 1)))?.message).toBe(
      `the SVG nests elements more than ${SVG_LIMITS.depth} deep; flatten the groups`,
    );
  });

  it("refuses more bytes than the limit before parsing them", () => {
    const big = new Uint8Array(SVG_LIMITS.bytes + 1).fill(0x20);
    expect(svgProblem(big)?.message).toBe(
      `the SVG is larger than ${SVG_LIMITS.bytes} bytes; make the file smaller`,
    );
  });

  it("reads deeply nested CSS without running out of stack", () => {
    const deep = `${"(".repeat(100_000)}`;
    expect(svgProblem(utf8(svg(`<rect style="fill:calc${deep}"/>`)))).toBeNull();
  });
});

describe("the file's encoding", () => {
  const utf16 = "the SVG is UTF-16 text; save it as UTF-8";
  const notUtf8 = "the SVG is not valid UTF-8 text; save it as UTF-8";

  it("a UTF-16 byte-order mark, little- or big-endian, is named as UTF-16", () => {
    expect(svgProblem(Uint8Array.from([0xff, 0xfe, 0x3c, 0x00]))).toEqual({
      line: 1,
      col: 1,
      message: utf16,
    });
    expect(svgProblem(Uint8Array.from([0xfe, 0xff, 0x00, 0x3c]))).toEqual({
      line: 1,
      col: 1,
      message: utf16,
    });
  });

  it("one byte of a byte-order mark is not one: the file is invalid UTF-8 where that byte is", () => {
    const file = utf8(svg(""));
    expect(svgProblem(Uint8Array.from([0xff, ...file]))).toEqual({
      line: 1,
      col: 1,
      message: notUtf8,
    });
    expect(svgProblem(Uint8Array.from([0xfe, ...file]))).toEqual({
      line: 1,
      col: 1,
      message: notUtf8,
    });
    expect(svgProblem(Uint8Array.from([0x3c, 0xfe, ...file]))).toEqual({
      line: 1,
      col: 2,
      message: notUtf8,
    });
    expect(svgProblem(Uint8Array.from([0x3c, 0xff, ...file]))).toEqual({
      line: 1,
      col: 2,
      message: notUtf8,
    });
  });

  it("a Latin-1 byte in UTF-8 text is found on its line and column", () => {
    const latin1 = Uint8Array.from([
      ...utf8(`<svg ${NS}>\n  <text>caf`),
      0xe9,
      ...utf8("</text>\n</svg>"),
    ]);
    expect(svgProblem(latin1)).toEqual({ line: 2, col: 12, message: notUtf8 });
  });

  it("a declared encoding must be UTF-8, spelled with or without its hyphen, or none", () => {
    for (const declaration of [
      'version="1.0"',
      'version="1.0" encoding="utf8"',
      'version="1.0" encoding="UTF-8"',
    ])
      expect(svgProblem(utf8(`<?xml ${declaration}?>${svg("")}`))).toBeNull();
    for (const encoding of ["xutf-8", "utf-88", "utf--8", "ISO-8859-1"])
      expect(
        svgProblem(utf8(`<?xml version="1.0" encoding="${encoding}"?>${svg("")}`))?.message,
      ).toBe(
        `the SVG declares encoding="${encoding}"; save it as UTF-8 and declare encoding="UTF-8" or none`,
      );
  });

  it("a file of exactly the byte limit is read", () => {
    const exactly = new Uint8Array(SVG_LIMITS.bytes).fill(0x20);
    exactly.set(utf8(svg("<rect/>")));
    expect(svgProblem(exactly)).toBeNull();
  });
});

describe("elements and attributes by namespace", () => {
  it("an element name not on the list, with what a tenant SVG may use", () => {
    expect(svgProblem(utf8(svg("<SCRIPT/>")))?.message).toBe(
      "<SCRIPT> is not an element a tenant SVG may use shapes, text, gradients, patterns, clip paths, masks, filters and <style>; remove it (element names are case-sensitive)",
    );
  });

  it("an element taken out of the SVG namespace", () => {
    expect(svgProblem(utf8(svg('<g xmlns=""><rect/></g>')))?.message).toBe(
      '<g> has no namespace; add xmlns="http://www.w3.org/2000/svg" to the <svg> element',
    );
  });

  it("a root element in the SVG namespace that is not <svg>", () => {
    expect(svgProblem(utf8(`<g ${NS}/>`))).toEqual({
      line: 1,
      col: 1,
      message:
        'the root element is <g>; an SVG image starts with <svg xmlns="http://www.w3.org/2000/svg">',
    });
  });

  it("editor metadata keeps its own attributes, but not ones of another namespace", () => {
    const sodipodi = 'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"';
    const inkscape = 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"';
    expect(
      svgProblem(
        utf8(
          svg(`<sodipodi:namedview ${sodipodi} ${inkscape} pagecolor="#fff" inkscape:zoom="1"/>`),
        ),
      ),
    ).toBeNull();
    expect(
      svgProblem(utf8(svg(`<sodipodi:namedview ${sodipodi} xmlns:x="urn:x" x:foo="1"/>`)))?.message,
    ).toBe(
      '<sodipodi:namedview> attribute x:foo is in the namespace "urn:x", which is not allowed; remove it',
    );
    // Metadata named like a <style> holds no CSS of the page.
    expect(
      svgProblem(
        utf8(
          svg(`<inkscape:style ${inkscape}>a{fill:url(https://evil.example/p)}</inkscape:style>`),
        ),
      ),
    ).toBeNull();
  });

  it("attributes a tenant SVG may use: the list, aria-* and data-*, xml:space and xml:lang, xlink:title", () => {
    expect(
      svgProblem(utf8(svg('<rect data-name="x" aria-label="Logo" title="Logo"/>'))),
    ).toBeNull();
    expect(
      svgProblem(utf8(svg('<text xml:space="preserve" xml:lang="ru">Фото</text>'))),
    ).toBeNull();
    expect(svgProblem(utf8(svg('<g xlink:title="Logo"/>')))).toBeNull();
  });

  it("any other attribute is refused, by its name or its namespace", () => {
    expect(svgProblem(utf8(svg('<rect formaction="x"/>')))?.message).toBe(
      "<rect> attribute formaction is not an attribute a tenant SVG may use; remove it (attribute names are case-sensitive)",
    );
    expect(svgProblem(utf8(svg('<g xlink:role="x"/>')))?.message).toBe(
      '<g> attribute xlink:role is in the namespace "http://www.w3.org/1999/xlink", which is not allowed; remove it',
    );
    // xlink's title only: a title of another namespace is refused.
    expect(svgProblem(utf8(svg('<g xmlns:x="urn:x" x:title="Logo"/>')))?.message).toBe(
      '<g> attribute x:title is in the namespace "urn:x", which is not allowed; remove it',
    );
    // An href of another namespace is no link to follow, but still no attribute of SVG.
    expect(svgProblem(utf8(svg('<use xmlns:x="urn:x" x:href="#a"/>')))?.message).toBe(
      '<use> attribute x:href is in the namespace "urn:x", which is not allowed; remove it',
    );
  });

  it("an address is shown trimmed and cut to 60 characters", () => {
    const target = `https://evil.example/${"a".repeat(80)}`;
    expect(svgProblem(utf8(svg(`<use href="  ${target}"/>`)))?.message).toBe(
      `<use> attribute href leads to ${JSON.stringify(target.slice(0, 60))}; only references inside the file (href="#id") are allowed`,
    );
  });

  it("at most 200 attributes on an element", () => {
    const rect = (n: number) =>
      svg(`<rect ${Array.from({ length: n }, (_, i) => `data-a${i}="1"`).join(" ")}/>`);
    expect(svgProblem(utf8(rect(200)))).toBeNull();
    expect(svgProblem(utf8(rect(201)))?.message).toBe("<rect> has more than 200 attributes");
  });
});

describe("a <style> holds CSS only, however deep it stands", () => {
  it("an element inside a <style> in <defs>", () => {
    expect(svgProblem(utf8(svg("<defs><style><rect/></style></defs>")))?.message).toBe(
      "<rect> inside <style>: a <style> holds only CSS text",
    );
  });

  it("its CSS is checked in <defs>, as text or as CDATA", () => {
    expect(
      svgProblem(utf8(svg("<defs><style>@import 'https://evil.example/x.css';</style></defs>")))
        ?.message,
    ).toBe("the <style>: the CSS rule @import is not allowed (it loads another stylesheet)");
    expect(
      svgProblem(
        utf8(svg("<defs><style><![CDATA[a{fill:url(https://evil.example/p)}]]></style></defs>")),
      )?.message,
    ).toBe(
      'the <style>: loads "https://evil.example/p"; only references inside the file, url(#id), are allowed',
    );
  });

  it("an attribute that is neither style nor a presentation attribute is not CSS", () => {
    expect(
      svgProblem(utf8(svg('<rect aria-label="see url(https://example.com) @import"/>'))),
    ).toBeNull();
  });

  it("the text of a <text> is not CSS, whatever it says", () => {
    expect(
      svgProblem(utf8(svg("<text>@import url(https://evil.example/x.css);</text>"))),
    ).toBeNull();
  });

  it("a finding in a one-line <style> is placed at its column", () => {
    const text = svg("<style>.a{fill:red} .b{fill:url(https://evil.example/p)}</style>");
    expect(svgProblem(utf8(text))).toMatchObject({ line: 1, col: text.indexOf("url(") + 1 });
    const first = svg("<style>@import 'https://evil.example/x.css';</style>");
    expect(svgProblem(utf8(first))).toMatchObject({ line: 1, col: first.indexOf("@") + 1 });
  });
});

describe("what a designer reads for XML that is not well-formed", () => {
  it("the parser's words without its position, on any line", () => {
    const text = `${"\n".repeat(10)}<svg ${NS}><g></svg>`;
    expect(svgProblem(utf8(text))).toEqual({
      line: 11,
      col: 49,
      message: "the SVG is not well-formed XML: unexpected close tag",
    });
    expect(svgProblem(utf8(svg("<rect a='1' a='2'/>")))?.message).toBe(
      "the SVG is not well-formed XML: duplicate attribute: a",
    );
  });

  it("a finding is written line:column: message", () => {
    expect(formatSvgFinding({ line: 3, col: 7, message: "<s:script> is not allowed" })).toBe(
      "3:7: <s:script> is not allowed",
    );
  });
});
