/**
 * The CSS of a tenant SVG (a `style` attribute, a presentation attribute, a `<style>`), read by
 * the CSS tokenizer as a browser reads it: only `url(#id)` addresses, the colour, maths,
 * transform, filter and timing functions, and the at-rules that fetch nothing pass; every
 * refusal names the offset in the CSS where it was found and what to change.
 */
import { describe, expect, it } from "vitest";
import { cssProblem, IN_FILE_REFERENCE } from "../../../cli/config/svg-css.ts";

const onlyInFile = "only references inside the file, url(#id), are allowed";

describe("addresses: only a reference inside the file", () => {
  it.each([
    ["fill:url(#g)"],
    ["fill: url( #g )"],
    ["fill:URL(#g)"],
    ["fill:Url('#g')"],
    ["fill:url(' #g ')"],
    ['fill:url( "#g" )'],
    ["fill:url(#logo-gradient_1)"],
  ])("%s passes", (css) => {
    expect(cssProblem(css)).toBeNull();
  });

  it.each([
    ["#a/b", "a path"],
    ["#a:b", "a scheme"],
    ["#", "no id"],
    ["#a#b", "a second #"],
    ["#a b", "a blank"],
    ["#a(", "a bracket"],
    ["#a'", "a quote"],
    ["#a\\\\", "a backslash"],
    ["https://evil.example/p#a", "another site"],
  ])("url('%s') is refused (%s), naming the address and where it starts", (target, _why) => {
    const css = `fill:url("${target}")`;
    expect(cssProblem(css)).toEqual({
      offset: 5,
      message: `loads ${JSON.stringify(target.replace("\\\\", "\\"))}; ${onlyInFile}`,
    });
  });

  it("the address pattern is # and an id, and nothing around them", () => {
    expect(IN_FILE_REFERENCE.test("#g")).toBe(true);
    expect(IN_FILE_REFERENCE.test("x#g")).toBe(false);
    expect(IN_FILE_REFERENCE.test("#g x")).toBe(false);
  });

  it("src() is refused even with an in-file address: SVG needs none", () => {
    expect(cssProblem("fill:src('#g')")).toEqual({
      offset: 5,
      message: `loads "#g"; ${onlyInFile}`,
    });
    expect(cssProblem("fill:src(/* a comment */ 'https://evil.example/f')")).toEqual({
      offset: 5,
      message: `loads "https://evil.example/f"; ${onlyInFile}`,
    });
  });

  it("a url( whose address is not a string is refused as written", () => {
    expect(cssProblem("a{fill:url( var(--x))}")).toEqual({
      offset: 7,
      message: 'unreadable CSS "url( var(--x)" (an unclosed url( or string)',
    });
    expect(cssProblem("fill:src(var(--x))")).toEqual({
      offset: 5,
      message: `loads "src("; ${onlyInFile}`,
    });
  });

  it("a src( the CSS ends in, or with no string after it, is refused as written", () => {
    for (const css of ["fill:src(", "fill:src(  ", "fill:src(#g)"])
      expect(cssProblem(css)).toEqual({ offset: 5, message: `loads "src("; ${onlyInFile}` });
  });

  it("a long address is cut at 60 characters in the message", () => {
    const target = `https://evil.example/${"a".repeat(80)}`;
    expect(cssProblem(`fill:url(${target})`)?.message).toBe(
      `loads ${JSON.stringify(`${target.slice(0, 60)}…`)}; ${onlyInFile}`,
    );
    const exactly60 = `https://evil.example/${"a".repeat(39)}`;
    expect(cssProblem(`fill:url(${exactly60})`)?.message).toBe(
      `loads ${JSON.stringify(exactly60)}; ${onlyInFile}`,
    );
  });

  it("an address after other rules is found at its own offset", () => {
    const css = ".a{fill:red}\n.b{fill:url('https://evil.example/p')}";
    expect(cssProblem(css)?.offset).toBe(css.indexOf("url("));
  });
});

describe("CSS the tokenizer cannot read is refused", () => {
  it("an unclosed string, or an address with a blank in it", () => {
    expect(cssProblem("content:'abc\n'")).toEqual({
      offset: 8,
      message: `unreadable CSS "'abc" (an unclosed url( or string)`,
    });
    expect(cssProblem("fill:url(a b)")).toEqual({
      offset: 5,
      message: 'unreadable CSS "url(a b)" (an unclosed url( or string)',
    });
  });
});

describe("at-rules: only those that fetch nothing", () => {
  it.each([
    ["@media (min-width:1px){a{fill:red}}"],
    ["@MEDIA screen{}"],
    ["@supports (fill:red){}"],
    ["@keyframes spin{}"],
    ["@-webkit-keyframes spin{}"],
  ])("%s passes", (css) => {
    expect(cssProblem(css)).toBeNull();
  });

  it.each([
    ["@import 'x.css';", "@import is not allowed (it loads another stylesheet)"],
    [
      "@font-face{}",
      "@font-face is not allowed (it loads a font; use a font the page has, or convert the text to paths)",
    ],
    ["@namespace svg url(#a);", "@namespace is not allowed"],
    ["@page{}", "@page is not allowed"],
  ])("%s is refused, saying why when it fetches", (css, message) => {
    expect(cssProblem(`a{}\n${css}`)).toEqual({ offset: 4, message: `the CSS rule ${message}` });
  });
});

describe("functions: colours, maths, transforms, filters and timing only", () => {
  it.each([
    ["fill:RGB(1,2,3)"],
    ["fill:color-mix(in srgb, red, blue)"],
    ["transform:translateX(1px) rotate(3deg) matrix(1,0,0,1,0,0)"],
    ["fill:linear-gradient(red, blue)"],
    ["filter:drop-shadow(1px 1px 1px black) blur(1px)"],
    ["width:calc(1px + clamp(1px, 2px, 3px))"],
    ["animation-timing-function:cubic-bezier(0,0,1,1)"],
  ])("%s passes", (css) => {
    expect(cssProblem(css)).toBeNull();
  });

  it.each([
    ["fill:image-set('a' 1x)", "image-set() is not allowed (it loads images)"],
    ["fill:-webkit-image-set('a' 1x)", "-webkit-image-set() is not allowed (it loads images)"],
    ["fill:image('a')", "image() is not allowed (it loads an image)"],
    ["fill:cross-fade(a,b)", "cross-fade() is not allowed (it loads images)"],
    ["fill:-webkit-cross-fade(a,b)", "-webkit-cross-fade() is not allowed (it loads images)"],
    ["fill:element(#x)", "element() is not allowed (it paints another element)"],
    ["width:Expression(alert(1))", "expression() is not allowed (it runs script in old browsers)"],
    ["fill:attr(x)", "attr() is not allowed"],
    ["fill:env(x)", "env() is not allowed"],
  ])("%s is refused, saying what it does", (css, message) => {
    expect(cssProblem(css)).toEqual({
      offset: css.indexOf(":") + 1,
      message: `the CSS function ${message}`,
    });
  });
});
