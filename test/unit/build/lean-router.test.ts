/**
 * The build's pass over React Router's modules: names for the developer tools dropped and React's
 * value-building calls marked pure, so the parts of the router the shop never uses (data routers,
 * forms, fetchers, its own scroll restoration) leave every screen's first script.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { leanRouterEdits } from "../../../cli/build/lean-router.ts";
import { applyEdits } from "../../../cli/build/syntax-edits.ts";

const lean = (code: string) => applyEdits(code, leanRouterEdits(parseAst(code) as never));

describe("React Router's modules as the shop's build reads them", () => {
  it("drops a name given for the developer tools, and only that", () => {
    const code = [
      "var Form = React.forwardRef(function Form(props, ref) { return null; });",
      'Form.displayName = "Form";',
      'Form["displayName"] = "kept: computed";',
      'Form.title = "kept: another property";',
      "register(Form);",
    ].join("\n");
    expect(lean(code)).toBe(
      [
        "var Form = /* @__PURE__ */ React.forwardRef(function Form(props, ref) { return null; });",
        "",
        'Form["displayName"] = "kept: computed";',
        'Form.title = "kept: another property";',
        "register(Form);",
      ].join("\n"),
    );
  });

  it("marks React's createContext, forwardRef and memo pure, whatever React is called there", () => {
    const code = [
      "var A = React10.createContext(null), B = memo(C);",
      "var D = createRouter({ routes });",
      "let E = React.useMemo(f);",
    ].join("\n");
    expect(lean(code)).toBe(
      [
        "var A = /* @__PURE__ */ React10.createContext(null), B = /* @__PURE__ */ memo(C);",
        "var D = createRouter({ routes });",
        "let E = React.useMemo(f);",
      ].join("\n"),
    );
  });

  it("leaves what is inside a function as it is: only the module's top level is read", () => {
    const code = 'function f() { Link.displayName = "Link"; var X = React.createContext(null); }';
    expect(lean(code)).toBe(code);
  });

  it("rewrites the router's own module into one that still parses, with every export kept", () => {
    const require = createRequire(import.meta.url);
    // The module the shop's build bundles (the package's "import" export) holds `Link`.
    const dist = join(dirname(require.resolve("react-router/package.json")), "dist", "development");
    const modules = readdirSync(dist).filter((f) => f.endsWith(".mjs"));
    const code = modules
      .map((f) => readFileSync(join(dist, f), "utf8"))
      .find((c) => c.includes("var Link ="));
    if (code === undefined) throw new Error(`no module of ${dist} declares Link`);
    const edits = leanRouterEdits(parseAst(code) as never);
    expect(edits.filter((e) => e.text === "").length).toBeGreaterThanOrEqual(10);
    const out = applyEdits(code, edits);
    expect(out).not.toContain('Link.displayName = "Link"');
    const exported = (src: string) =>
      (parseAst(src) as unknown as { body: Array<{ type: string; specifiers?: unknown[] }> }).body
        .filter((s) => s.type === "ExportNamedDeclaration")
        .reduce((n, s) => n + (s.specifiers?.length ?? 0), 0);
    expect(exported(out)).toBe(exported(code));
  });
});
