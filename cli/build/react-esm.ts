import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { PACKAGE_ROOT } from "./paths.ts";
import { type Edit, syntaxEdits } from "./syntax-edits.ts";

/** React's CommonJS modules, imported by the shop and its packages. */
const COMMONJS_MODULES: ReadonlySet<string> = new Set([
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-dom/client",
]);

const VIRTUAL = "\0storefront-esm:";

/**
 * React ships CommonJS only, and each chunk that imports it wraps React's `module.exports`
 * itself with a bundler helper (`__toESM`). That helper then lives in a chunk of its own which
 * every route loads: one more script request before any screen comes alive. Here a module's
 * imports of React go through one ES module per React module ("React's ES view"), which names
 * React's exports once: the wrapping happens once, in the chunk that holds React, and the
 * helper with it; a screen imports plain named bindings.
 *
 * A module is moved over only when it uses React by name (`import { useState }`, or
 * `React.useState` on a namespace import): a namespace used as a value (`React[name]`, passed
 * along) would make the ES view build an object of every React export, heavier than the helper
 * it saves. The names are React's own, read from the installed package (never a list kept by
 * hand), so a React that adds or drops an export changes them with it.
 */
export function reactEsm(): Plugin {
  const require = createRequire(`${PACKAGE_ROOT}/`);
  return {
    name: "storefront-react-esm",
    apply: "build",
    transform: syntaxEdits(
      // React's own modules and the ES views themselves keep the real React.
      {
        id: {
          include: /\.[cm]?[jt]sx?$/,
          exclude: [/[\\/]node_modules[\\/]react(-dom)?[\\/]/, /^\0/],
        },
      },
      reactEsmEdits,
      (code) => code.includes("react"),
    ),
    resolveId: {
      filter: { id: /^\0storefront-esm:/ },
      handler: (id) => id,
    },
    load: {
      filter: { id: /^\0storefront-esm:/ },
      handler(id) {
        const source = id.slice(VIRTUAL.length);
        if (!COMMONJS_MODULES.has(source)) return null;
        return esmViewOf(source, Object.keys(require(source) as object));
      },
    },
  };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** React's ES view: an ES module re-exporting `names` (and the default export) of `source`. */
export function esmViewOf(source: string, names: readonly string[]): string {
  const named = names.filter((n) => n !== "default" && IDENTIFIER.test(n));
  const spec = JSON.stringify(source);
  return `export { default } from ${spec};\nexport { ${named.join(", ")} } from ${spec};\n`;
}

/** The parts of an ESTree program this pass reads (Rolldown's parser gives offsets). */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Program {
  body: AstNode[];
}

/**
 * The edits that point a module's imports of React at React's ES view: every import
 * declaration of a React module, when each of its namespace bindings is only read by name
 * (`React.useState`); none when one is used otherwise (then the module keeps the real React).
 */
export function reactEsmEdits(program: Program): Edit[] {
  const imports = program.body.filter(
    (s) => s.type === "ImportDeclaration" && COMMONJS_MODULES.has(sourceOf(s) ?? ""),
  );
  if (imports.length === 0) return [];
  const namespaces = new Set<string>();
  for (const declaration of imports) {
    for (const spec of (declaration.specifiers as AstNode[] | undefined) ?? []) {
      if (spec.type === "ImportNamespaceSpecifier") namespaces.add(localName(spec));
    }
  }
  if (namespaces.size > 0 && !onlyReadByName(program, namespaces)) return [];
  return imports.map((declaration) => {
    const source = declaration.source as AstNode;
    return {
      start: source.start,
      end: source.end,
      text: JSON.stringify(VIRTUAL + String(source.value)),
    };
  });
}

const sourceOf = (s: AstNode) => (s.source as { value?: unknown } | undefined)?.value as string;
const localName = (spec: AstNode) => String((spec.local as { name?: unknown }).name);

/**
 * Whether every use of the `names` bindings in `program` is `name.member` (not computed, not
 * written to), and no other binding of the same name shadows one: then the namespace object
 * itself is never needed.
 */
function onlyReadByName(program: Program, names: ReadonlySet<string>): boolean {
  let ok = true;
  const visit = (node: AstNode, parent: AstNode | null, key: string): void => {
    if (!ok) return;
    if (node.type === "Identifier" && names.has(String(node.name))) {
      ok = isReadByName(node, parent, key);
      return;
    }
    for (const [childKey, value] of Object.entries(node)) {
      if (childKey === "parent") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, node, childKey);
      }
    }
  };
  for (const statement of program.body) {
    if (statement.type === "ImportDeclaration") continue;
    visit(statement, null, "");
  }
  return ok;
}

/** An identifier use that is `name.member` read, or one that names no binding (a key, a label). */
function isReadByName(node: AstNode, parent: AstNode | null, key: string): boolean {
  if (parent === null) return false;
  // A property name, not a reference: `x.React`, `{ React: 1 }`, `class { React() {} }`.
  if (parent.type === "MemberExpression" && key === "property" && parent.computed === false) {
    return true;
  }
  if (
    (parent.type === "Property" || parent.type === "MethodDefinition") &&
    key === "key" &&
    parent.computed === false &&
    parent.shorthand !== true
  ) {
    return true;
  }
  return (
    parent.type === "MemberExpression" &&
    key === "object" &&
    parent.computed === false &&
    node === parent.object
  );
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
