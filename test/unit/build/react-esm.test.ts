/**
 * React's ES view: the build points a module's imports of React at one ES module per React
 * module, so the bundler's CommonJS helper lives with React and no route loads it as a script of
 * its own. A module that needs React's namespace object keeps the real React.
 */
import { createRequire } from "node:module";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { esmViewOf, reactEsmEdits } from "../../../cli/build/react-esm.ts";
import { applyEdits } from "../../../cli/build/syntax-edits.ts";

const moved = (code: string) => applyEdits(code, reactEsmEdits(parseAst(code) as never));
const VIEW = "\\u0000storefront-esm:";

describe("which imports of React the build moves to React's ES view", () => {
  it("moves named imports of every React module, the JSX runtime's too", () => {
    const code = [
      'import { useState } from "react";',
      'import { jsx as _jsx } from "react/jsx-runtime";',
      'import { createPortal } from "react-dom";',
      'import { hydrateRoot } from "react-dom/client";',
      'import { observer } from "mobx-react-lite";',
      "export const A = () => _jsx(useState, { createPortal, hydrateRoot, observer });",
    ].join("\n");
    expect(moved(code)).toBe(
      [
        `import { useState } from "${VIEW}react";`,
        `import { jsx as _jsx } from "${VIEW}react/jsx-runtime";`,
        `import { createPortal } from "${VIEW}react-dom";`,
        `import { hydrateRoot } from "${VIEW}react-dom/client";`,
        'import { observer } from "mobx-react-lite";',
        "export const A = () => _jsx(useState, { createPortal, hydrateRoot, observer });",
      ].join("\n"),
    );
  });

  it("moves a namespace import read only by name (a virtual list's React.useRef)", () => {
    const code = [
      'import * as React from "react";',
      'import { flushSync } from "react-dom";',
      "const f = typeof document !== 'undefined' ? React.useLayoutEffect : React.useEffect;",
      "export function use() { const r = React.useRef(null); return { r, f, flushSync, o: { React: 1 }, p: x.React }; }",
    ].join("\n");
    const out = moved(code);
    expect(out).toContain(`import * as React from "${VIEW}react";`);
    expect(out).toContain(`import { flushSync } from "${VIEW}react-dom";`);
  });

  it.each([
    ["read by a computed name", "export const t = React['startTransition'];"],
    ["passed along as a value", "export const all = Object.keys(React);"],
    ["spread", "export const copy = { ...React };"],
    ["asked its type", "export const t = typeof React;"],
    ["a shorthand property", "export const o = { React };"],
  ])(
    "keeps the real React for a module whose namespace is %s (and all its React imports)",
    (_why, use) => {
      const code = [
        'import * as React from "react";',
        'import { flushSync } from "react-dom";',
        use,
      ].join("\n");
      expect(moved(code)).toBe(code);
    },
  );

  it("leaves a module without React as it is", () => {
    const code = 'import { makeAutoObservable } from "mobx";\nexport const reactions = 1;';
    expect(reactEsmEdits(parseAst(code) as never)).toEqual([]);
  });
});

describe("React's ES view of a CommonJS module", () => {
  it("re-exports each of the installed React's exports by name, and its default export", () => {
    const require = createRequire(import.meta.url);
    const names = Object.keys(require("react") as object);
    const view = esmViewOf("react", names);
    const program = parseAst(view) as unknown as {
      body: Array<{ type: string; specifiers: Array<{ exported: { name: string } }> }>;
    };
    const exported = program.body.flatMap((s) => s.specifiers.map((x) => x.exported.name));
    expect(exported).toContain("default");
    expect(exported).toContain("useState");
    expect(exported).toContain("startTransition");
    expect(new Set(exported).size).toBe(exported.length);
    expect(exported.filter((n) => n !== "default").sort()).toEqual(
      names.filter((n) => n !== "default").sort(),
    );
  });

  it("leaves out a name that is not an identifier, which no import could ask for", () => {
    expect(esmViewOf("x", ["a", "not-a-name", "default", "$b"])).toBe(
      'export { default } from "x";\nexport { a, $b } from "x";\n',
    );
  });
});
