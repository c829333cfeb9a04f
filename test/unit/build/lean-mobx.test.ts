/**
 * The build's pass over MobX: its support for decorators leaves the bundle, since the shop's
 * stores never decorate (they call makeAutoObservable). A decorator that did reach the build
 * would throw a clear error, never do nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { parseSync } from "rolldown/utils";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import {
  DECORATOR_ERROR,
  DECORATOR_FUNCTIONS,
  leanMobxEdits,
} from "../../../cli/build/lean-mobx.ts";
import { applyEdits } from "../../../cli/build/syntax-edits.ts";

const lean = (code: string) => applyEdits(code, leanMobxEdits(parseAst(code) as never));

/** The module the shop's build bundles (MobX's "import" export for the browser). */
function mobxModule(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve("mobx/package.json")), "dist/mobx.mjs"), "utf8");
}

describe("MobX's module as the shop's build reads it", () => {
  it("replaces a decorator function's body with a throw, and leaves every other function", () => {
    const code = [
      "function decorateAction20223_(annotation, mthd, context) { return wrap(mthd); }",
      "function makeAutoObservable(target) { return target; }",
      "function inner() { function decorateFlow20223_() { return 1; } }",
    ].join("\n");
    expect(lean(code)).toBe(
      [
        `function decorateAction20223_(annotation, mthd, context) { throw new Error(${JSON.stringify(DECORATOR_ERROR)}); }`,
        "function makeAutoObservable(target) { return target; }",
        "function inner() { function decorateFlow20223_() { return 1; } }",
      ].join("\n"),
    );
  });

  it("finds every decorator function in the installed MobX (a MobX that renames one fails here)", () => {
    const code = mobxModule();
    const edits = leanMobxEdits(parseAst(code) as never);
    expect(edits).toHaveLength(DECORATOR_FUNCTIONS.length);
    const out = applyEdits(code, edits);
    const exported = (src: string) =>
      (parseAst(src) as unknown as { body: Array<{ type: string; specifiers?: unknown[] }> }).body
        .filter((s) => s.type === "ExportNamedDeclaration")
        .reduce((n, s) => n + (s.specifiers?.length ?? 0), 0);
    expect(exported(out)).toBe(exported(code));
    expect(out.length).toBeLessThan(code.length - 2_000);
  });

  it("leaves MobX's other functions whole: a store still becomes observable", async () => {
    const code = applyEdits(mobxModule(), leanMobxEdits(parseAst(mobxModule()) as never));
    const url = `data:text/javascript;base64,${Buffer.from(code.replace(/process\.env\.NODE_ENV/g, '"production"')).toString("base64")}`;
    const mobx = (await import(/* @vite-ignore */ url)) as typeof import("mobx");
    class Counter {
      count = 0;
      constructor() {
        mobx.makeAutoObservable(this);
      }
      add() {
        this.count += 1;
      }
    }
    const counter = new Counter();
    const seen: number[] = [];
    mobx.reaction(
      () => counter.count,
      (n) => seen.push(n),
    );
    counter.add();
    counter.add();
    expect(seen).toEqual([1, 2]);
    expect(() => mobx.action({}, { kind: "method", name: "m" } as never)).toThrow(DECORATOR_ERROR);
  });
});

describe("the shop's sources", () => {
  it("decorate nothing: no store or screen uses a decorator MobX's build left out", () => {
    const root = resolve(import.meta.dirname, "../../../storefront/src");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    expect(files.length).toBeGreaterThan(100);
    const decorated: string[] = [];
    for (const file of files) {
      const { program, errors } = parseSync(file, readFileSync(join(root, file), "utf8"));
      expect(errors, file).toEqual([]);
      const visit = (node: unknown): void => {
        if (typeof node !== "object" || node === null) return;
        if ((node as { type?: unknown }).type === "Decorator") decorated.push(file);
        for (const child of Object.values(node)) {
          for (const each of Array.isArray(child) ? child : [child]) visit(each);
        }
      };
      visit(program);
    }
    expect(decorated).toEqual([]);
  });
});
