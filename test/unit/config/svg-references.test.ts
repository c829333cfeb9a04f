/**
 * An SVG asset hiding a `javascript:` address or an external link behind character references
 * (`&#106;`, `&#x6A;`, `&amp;`…) is refused like a plain one; a clean logo is shipped.
 */
import { describe, expect, it } from "vitest";
import { svgProblem } from "../../../cli/config/svg-policy.ts";

const svg = (body: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
const JS = "the SVG holds a javascript: address";

describe("character references are decoded before the rules", () => {
  it("hex and decimal references, decimal ones also without the semicolon", () => {
    expect(svgProblem(svg("<text>&#x6A;avascript:alert(1)</text>"))).toBe(JS);
    expect(svgProblem(svg("<text>&#x00006a;avascript:alert(1)</text>"))).toBe(JS);
    expect(svgProblem(svg("<text>&#106;avascript:alert(1)</text>"))).toBe(JS);
    expect(svgProblem(svg("<text>&#106avascript:alert(1)</text>"))).toBe(JS);
    expect(svgProblem(svg("<text>&#0000106;avascript:alert(1)</text>"))).toBe(JS);
  });

  it("the XML entities, so an encoded quote cannot hide an attribute", () => {
    expect(svgProblem(svg('<g x="&quot; onload=alert(1)"/>'))).toBe(
      "the SVG holds an event handler attribute (on…=)",
    );
    expect(svgProblem(svg("<text>&lt;script&gt;</text>"))).toBe("the SVG holds a <script> element");
    expect(svgProblem(svg("<g x='&apos; onclick=x'/>"))).toBe(
      "the SVG holds an event handler attribute (on…=)",
    );
  });

  it("references outside Unicode decode to nothing, and break nothing", () => {
    expect(svgProblem(svg("<text>&#0;&#x110000;&#9999999; ok &amp; fine</text>"))).toBeNull();
  });

  it("an external link, plain or encoded, names its target", () => {
    expect(svgProblem(svg('<use href="  https://evil.example/x.svg#a "/>'))).toBe(
      'the SVG links to "https://evil.example/x.svg#a"; only references inside the file (href="#id") are allowed',
    );
    expect(svgProblem(svg("<use xlink:href=https://e.example/a/>"))).toMatch(
      /^the SVG links to "https:\/\/e\.example\/a\/?"/,
    );
    expect(svgProblem(svg("<rect fill=\"url( 'https://e.example/p' )\"/>"))).toBe(
      'the SVG loads "https://e.example/p" with url(); only url(#id) is allowed',
    );
    expect(svgProblem(svg('<use href="#logo"/><rect fill="url(#g)"/>'))).toBeNull();
  });

  it("a file that is not UTF-8, or has a BOM, is judged as text", () => {
    expect(svgProblem(Uint8Array.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff]))).toBe(
      "the SVG is not valid UTF-8 text",
    );
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...svg("<rect/>")]);
    expect(svgProblem(bom)).toBeNull();
  });
});
