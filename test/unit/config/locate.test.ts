/**
 * Where a problem lives in a tenant YAML file (the `file:line:col` of every config error): the
 * value of a data path, its key when the value is empty, the deepest existing ancestor when it
 * is missing, and the reverse, the data path at an offset.
 */
import { describe, expect, it } from "vitest";
import { LineCounter, parseDocument } from "yaml";
import {
  complexKeyOffsets,
  firstAliasOffset,
  keysAt,
  offsetOfKey,
  offsetOfPath,
  pathAtOffset,
  positionAt,
} from "../../../cli/config/locate.ts";

const TEXT = [
  "tenantName: Demo", // line 1
  "theme:", // 2
  "  id: MySport", // 3
  "  logo:", // 4
  "hosts:", // 5
  "  - host: a.example", // 6
  "    currencyId: 840", // 7
  "  - host: b.example", // 8
  "base: &b", // 9
  "  x: 1", // 10
  "copy: *b", // 11
  "",
].join("\n");

function parsed(text = TEXT) {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc });
  const at = (offset: number) => positionAt(lc, offset);
  return { doc, lc, at };
}

describe("positions of data paths", () => {
  it("a value's own position", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfPath(doc, ["tenantName"]))).toEqual({ line: 1, col: 13 });
    expect(at(offsetOfPath(doc, ["theme", "id"]))).toEqual({ line: 3, col: 7 });
    expect(at(offsetOfPath(doc, ["hosts", 0, "currencyId"]))).toEqual({ line: 7, col: 17 });
    expect(at(offsetOfPath(doc, ["hosts", 1, "host"]))).toEqual({ line: 8, col: 11 });
  });

  it("an empty value is pointed at by its key", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfPath(doc, ["theme", "logo"]))).toEqual({ line: 4, col: 3 });
  });

  it("a missing field: its deepest existing ancestor, by its key", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfPath(doc, ["theme", "favicon"]))).toEqual({ line: 2, col: 1 });
    expect(at(offsetOfPath(doc, ["hosts", 5, "host"]))).toEqual({ line: 5, col: 1 });
    expect(at(offsetOfPath(doc, ["hosts", "0"]))).toEqual({ line: 5, col: 1 });
    expect(offsetOfPath(doc, ["nothing"])).toBe(0);
    expect(offsetOfPath(doc, [])).toBe(0);
  });

  it("follows an alias to what it names", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfPath(doc, ["copy", "x"]))).toEqual({ line: 10, col: 6 });
  });

  it("an unknown key's own position, else the map's", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfKey(doc, ["theme"], "logo"))).toEqual({ line: 4, col: 3 });
    expect(at(offsetOfKey(doc, ["hosts", 0], "currencyId"))).toEqual({ line: 7, col: 5 });
    expect(at(offsetOfKey(doc, ["theme"], "absent"))).toEqual({ line: 3, col: 3 });
    expect(keysAt(doc, ["theme"])).toEqual(["id", "logo"]);
    expect(keysAt(doc, ["hosts"])).toEqual([]);
    expect(keysAt(doc, ["hosts", 1])).toEqual(["host"]);
  });

  it("an offset on the first line is its column", () => {
    const { lc } = parsed("a: 1\n");
    expect(positionAt(lc, 3)).toEqual({ line: 1, col: 4 });
    expect(positionAt(lc, -5)).toEqual({ line: 1, col: 1 });
  });
});

describe("the data path at an offset (for YAML syntax errors)", () => {
  it("names the innermost key or value covering it", () => {
    const { doc } = parsed();
    const offsetOf = (needle: string) => TEXT.indexOf(needle);
    expect(pathAtOffset(doc, offsetOf("Demo"))).toEqual(["tenantName"]);
    expect(pathAtOffset(doc, offsetOf("tenantName"))).toEqual(["tenantName"]);
    expect(pathAtOffset(doc, offsetOf("MySport"))).toEqual(["theme", "id"]);
    expect(pathAtOffset(doc, offsetOf("840"))).toEqual(["hosts", 0, "currencyId"]);
    expect(pathAtOffset(doc, offsetOf("b.example"))).toEqual(["hosts", 1, "host"]);
    expect(pathAtOffset(doc, TEXT.length + 10)).toEqual([]);
  });
});

describe("shapes a tenant file never needs", () => {
  it("finds map keys that are lists or maps", () => {
    const text = "a: 1\n? [x, y]\n: 2\nb:\n  - ? {k: v}\n    : 3\n";
    const { doc } = parsed(text);
    expect(complexKeyOffsets(doc)).toEqual([text.indexOf("[x"), text.indexOf("{k")]);
    expect(complexKeyOffsets(parsed().doc)).toEqual([]);
  });
  it("finds the first alias, in a map or a list; 0 without one", () => {
    const text = "a: &x 1\nb:\n  - 2\n  - *x\nc: *x\n";
    expect(firstAliasOffset(parsed(text).doc)).toBe(text.indexOf("*x"));
    expect(firstAliasOffset(parsed("a: 1\n").doc)).toBe(0);
  });
});

describe("edges of the document", () => {
  it("a position before any line is counted: line 1, the offset's column", () => {
    expect(positionAt(new LineCounter(), 5)).toEqual({ line: 1, col: 6 });
  });

  it("an index one past a list's end is missing: the list's key", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfPath(doc, ["hosts", 2]))).toEqual({ line: 5, col: 1 });
    expect(at(offsetOfPath(doc, ["hosts", 2, "host"]))).toEqual({ line: 5, col: 1 });
  });

  it("a key without a value is pointed at by its key", () => {
    const text = "a: 1\n? b\nc: 2\n";
    const { doc } = parsed(text);
    expect(offsetOfPath(doc, ["b"])).toBe(text.indexOf("b"));
    expect(pathAtOffset(doc, text.indexOf("2"))).toEqual(["c"]);
  });

  it("under a path that does not exist, an unknown key is placed at the deepest ancestor", () => {
    const { doc, at } = parsed();
    expect(at(offsetOfKey(doc, ["theme", "nothing", "deeper"], "k"))).toEqual({ line: 2, col: 1 });
    expect(keysAt(doc, ["theme", "nothing", "deeper"])).toEqual([]);
    expect(keysAt(doc, ["tenantName"])).toEqual([]);
  });

  it("a list or map used as a key has no name: not listed, never part of a path", () => {
    const text = "? [a, b]\n: 1\nc: 2\n";
    const { doc } = parsed(text);
    expect(keysAt(doc, [])).toEqual(["c"]);
    expect(pathAtOffset(doc, text.indexOf("a,"))).toEqual([]);
    expect(pathAtOffset(doc, text.indexOf("2"))).toEqual(["c"]);
  });

  it("an empty value covers its own place; a list's separators belong to the list", () => {
    const empty = "a:\nb: 1\n";
    expect(pathAtOffset(parsed(empty).doc, 2)).toEqual(["a"]);
    const flow = "a: [x, y]\n";
    const { doc } = parsed(flow);
    expect(pathAtOffset(doc, flow.indexOf(","))).toEqual(["a"]);
    expect(pathAtOffset(doc, flow.indexOf("y"))).toEqual(["a", 1]);
  });

  it("stops after 100 levels, wherever a deeper document leads", () => {
    const text = `a: ${"[".repeat(120)}x${"]".repeat(120)}\n`;
    const path = pathAtOffset(parsed(text).doc, text.indexOf("x"));
    expect(path).toEqual(["a", ...Array(99).fill(0)]);
  });

  it("looks for list keys and aliases 100 levels deep, not deeper", () => {
    const nested = (levels: number, inner: string) =>
      `${"[".repeat(levels)}${inner}${"]".repeat(levels)}\n`;
    const key = (levels: number) => complexKeyOffsets(parsed(nested(levels, "{? [k]: v}")).doc);
    expect(key(100)).toEqual([103]);
    expect(key(101)).toEqual([]);
    const alias = (levels: number) =>
      firstAliasOffset(parsed(`- &a 1\n- ${nested(levels, "*a")}`).doc);
    expect(alias(99)).toBe(108);
    expect(alias(100)).toBe(0);
  });
});
