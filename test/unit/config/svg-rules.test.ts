/**
 * The sentence an operator reads for each kind of SVG asset the loader refuses (README "Tenant
 * config": an SVG with script, event handlers, javascript: or external references is refused, not
 * sanitised), spelled the ways a browser would still read it, and the near misses a clean logo
 * may hold.
 */
import { describe, expect, it } from "vitest";
import { svgProblem } from "../../../cli/config/svg-policy.ts";

const svg = (body: string, attrs = "") =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${body}</svg>`);
const holds = (what: string) => `the SVG holds ${what}`;

const SCRIPT = holds("a <script> element");
const FOREIGN = holds("a <foreignObject> element (embedded HTML)");
const EMBEDDED = holds("an embedded document or media element");
const DOCTYPE = holds("a DOCTYPE or entity declaration");
const STYLESHEET = holds("an <?xml-stylesheet?> instruction (an external stylesheet)");
const HANDLER = holds("an event handler attribute (on…=)");
const JS = holds("a javascript: address");
const IMPORT = holds("a stylesheet @import");
const SRC = holds("a src attribute (an external resource)");
const ANIMATION = holds("an animation that rewrites a link or handler");
const ESCAPE = holds("a CSS escape (\\…), which could hide a url()");
const FETCH = holds("a CSS image-set() or @font-face (an external resource)");

describe("each rule, with the sentence it gives", () => {
  it.each([
    ["<script>x()</script>", SCRIPT],
    ["< Script >x()</script>", SCRIPT],
    ["<foreignobject/>", FOREIGN],
    ["<  foreignObject/>", FOREIGN],
    ["<iframe/>", EMBEDDED],
    ["<EMBED/>", EMBEDDED],
    ["<object/>", EMBEDDED],
    ["<audio/>", EMBEDDED],
    ["< video/>", EMBEDDED],
    ["<handler/>", EMBEDDED],
    ["<listener/>", EMBEDDED],
    ["<text>x</text><!ENTITY x 'y'>", DOCTYPE],
    ["<! doctype x>", DOCTYPE],
    ['<?xml-stylesheet href="x.css"?>', STYLESHEET],
    ['<? xml-stylesheet href="x.css"?>', STYLESHEET],
    ['<g onclick="x()"/>', HANDLER],
    ["<g\tonmouse-over =x/>", HANDLER],
    ['<g a="1"onload="x()"/>', HANDLER],
    ["<g a='1'onload=x/>", HANDLER],
    ["<g/onload=x/>", HANDLER],
    ['<g style="a:1;onload=x"/>', HANDLER],
    ["<text>Java Script :x</text>", JS],
    ["<text>JAVASCRIPT:x</text>", JS],
    ["<style>@IMPORT 'x.css';</style>", IMPORT],
    ['<image src="x.png"/>', SRC],
    ["<image\tSRC = 'x.png'/>", SRC],
    ["<image a='1'src='x.png'/>", SRC],
    ['<image a="1"src="x.png"/>', SRC],
    ['<set attributeName="href" to="#x"/>', ANIMATION],
    ["<set attributeName = ' xlink:href' to='#x'/>", ANIMATION],
    ["<set attributename=onclick to='x()'/>", ANIMATION],
    ['<set attributeName="a.b-c:href" to="#x"/>', ANIMATION],
    ['<rect style="fill:\\75 rl(x)"/>', ESCAPE],
    ['<rect style="fill:\\A"/>', ESCAPE],
    ["<style>rect{fill:image-set ('x.png' 1x)}</style>", FETCH],
    ["<style>@FONT-FACE{font-family:x}</style>", FETCH],
  ])("%s", (body, sentence) => {
    expect(svgProblem(svg(body))).toBe(sentence);
  });

  it("finds the rules in the root element's attributes too", () => {
    expect(svgProblem(svg("", ' onload="x()"'))).toBe(HANDLER);
  });

  it("takes the first rule in its order when a file breaks several", () => {
    expect(svgProblem(svg('<script/><foreignObject/><g onclick="x"/>'))).toBe(SCRIPT);
    expect(svgProblem(svg('<g onclick="x"/><iframe/>'))).toBe(EMBEDDED);
  });
});

describe("what a clean logo may hold", () => {
  it.each([
    ["a <scripted> element name", "<scripted/>"],
    ["a <foreignObjects> name", "<foreignObjects/>"],
    ["an <objective> name", "<objective/>"],
    ["a word ending in on=", '<g button="1" data-on="x"/>'],
    ["text about javascript", "<text>javascript and java script</text>"],
    ["a sources attribute", '<g data-src="x" srcset2="y"/>'],
    ["an animation of a colour", '<set attributeName="fill" to="red"/>'],
    ["a backslash before a non-hex letter", "<text>a\\g</text>"],
    ["an image-setting word", "<text>image-settings</text>"],
    ["import without @", "<text>import this</text>"],
    ["a DOCTYPE-like word", "<text>!DOCTYPEs</text>"],
  ])("%s", (_, body) => {
    expect(svgProblem(svg(body))).toBeNull();
  });

  it("an svg element in any case, followed by a space or >", () => {
    expect(svgProblem(new TextEncoder().encode("<SVG>x</SVG>"))).toBeNull();
    expect(svgProblem(new TextEncoder().encode("<svg\nviewBox='0 0 1 1'/>"))).toBeNull();
    expect(svgProblem(new TextEncoder().encode("<svgx>x</svgx>"))).toBe(
      "not an SVG image (no <svg> element)",
    );
    expect(svgProblem(new TextEncoder().encode("svg> no element"))).toBe(
      "not an SVG image (no <svg> element)",
    );
  });
});

describe("links and url()", () => {
  const links = (target: string) =>
    `the SVG links to ${JSON.stringify(target)}; only references inside the file (href="#id") are allowed`;
  const loads = (target: string) =>
    `the SVG loads ${JSON.stringify(target)} with url(); only url(#id) is allowed`;

  it.each([
    ['<use href="x.svg#a"/>', links("x.svg#a")],
    ["<use href='x.svg#a'/>", links("x.svg#a")],
    ["<use href=x.svg#a />", links("x.svg#a")],
    ['<use HREF = "x.svg"/>', links("x.svg")],
    ['<use xlink:href="x.svg"/>', links("x.svg")],
    ['<use a="1"href="x.svg"/>', links("x.svg")],
    ['<use my.ns-1:href="x.svg"/>', links("x.svg")],
    ['<use href=""/>', links("")],
    [`<use href="${"a".repeat(70)}"/>`, links("a".repeat(60))],
    ['<use href="#a"/><use href="x.svg"/>', links("x.svg")],
    ['<rect fill="url(x.png)"/>', loads("x.png")],
    ["<rect fill='URL ( \"x.png\" )'/>", loads("x.png")],
    ['<rect fill="url()"/>', loads("")],
    [`<rect fill="url(${"b".repeat(70)})"/>`, loads("b".repeat(60))],
    ['<rect fill="url(#a)"/><rect fill="url(x.png)"/>', loads("x.png")],
  ])("%s", (body, sentence) => {
    expect(svgProblem(svg(body))).toBe(sentence);
  });

  it("passes in-file references written any of those ways", () => {
    expect(
      svgProblem(svg("<use href=' #a '/><use xlink:href=#b /><rect fill='url( \"#c\" )'/>")),
    ).toBeNull();
  });

  it("does not take an attribute ending in href for a link", () => {
    expect(svgProblem(svg('<g data-xhref="x.svg"/>'))).toBeNull();
  });
});

describe("character references and entities", () => {
  it("decodes upper-case hex and each XML entity, and leaves unknown names", () => {
    expect(svgProblem(svg("<text>&#X6A;avascript:x</text>"))).toBe(JS);
    expect(svgProblem(svg("<text>&#x3cscript></text>"))).toBe(SCRIPT);
    expect(svgProblem(svg("<use href=&quot;x.svg&quot;/>"))).toBe(links("&quot;x.svg&quot;/"));
    expect(svgProblem(svg("<text>&amp;#106;avascript:x</text>"))).toBeNull();
    expect(svgProblem(svg("<text>&lt;iframe&gt;</text>"))).toBe(EMBEDDED);
    expect(svgProblem(svg("<use href='#a&amp;b'/>"))).toBeNull();
    expect(svgProblem(svg("<text>&nbsp;&lt</text>"))).toBeNull();
  });

  it("decodes a seven-digit decimal and a six-digit hex reference, not longer ones", () => {
    expect(svgProblem(svg("<text>&#0000060;script></text>"))).toBe(SCRIPT);
    expect(svgProblem(svg("<text>&#x00003c;script></text>"))).toBe(SCRIPT);
    expect(svgProblem(svg("<text>&#00000060;script></text>"))).toBeNull();
    expect(svgProblem(svg("<text>&#x000003c;script></text>"))).toBeNull();
  });

  it("decodes the last code point and nothing past it", () => {
    expect(svgProblem(svg("<text>&#x10FFFF;&#1114111;</text>"))).toBeNull();
    expect(svgProblem(svg("<text><scr&#x10FFFF;ipt></text>"))).toBeNull();
    expect(svgProblem(svg("<text><scr&#1114111;ipt></text>"))).toBeNull();
    expect(svgProblem(svg("<text><scr&#x110000;ipt></text>"))).toBe(SCRIPT);
    expect(svgProblem(svg("<text><scr&#1114112;ipt></text>"))).toBe(SCRIPT);
    expect(svgProblem(svg("<text><scr&#1;ipt></text>"))).toBeNull();
    expect(svgProblem(svg("<text><scr&#0;ipt></text>"))).toBe(SCRIPT);
  });
});

function links(target: string): string {
  return `the SVG links to ${JSON.stringify(target)}; only references inside the file (href="#id") are allowed`;
}
