import type { Plugin } from "vite";
import { type Edit, syntaxEdits } from "./syntax-edits.ts";

/** Calls that only build a value: React's own helpers, unused when nothing reads the result. */
const PURE_CALLS = new Set(["createContext", "forwardRef", "memo"]);

/** The parts of an ESTree program this pass reads (Rolldown's parser gives offsets). */
interface Node {
  type: string;
  start: number;
  end: number;
}
interface Statement extends Node {
  expression?: Expression;
  declarations?: Array<{ init?: Expression | null }>;
}
interface Expression extends Node {
  left?: Expression;
  computed?: boolean;
  property?: { type: string; name?: string };
  callee?: Expression;
}

/**
 * React Router ships one module for all its routers: the shop uses `<BrowserRouter>`, `useRoutes`,
 * `Link` and a few hooks, yet every visit loaded the data routers, `<Form>`, fetchers and the
 * router's own scroll restoration too (12.7 KiB gzip of a screen's 117), because two kinds of
 * top-level statements keep them:
 * - `Form.displayName = "Form"`: an assignment the bundler must keep, and with it `Form` and all
 *   it calls. Names are for React's developer tools only; the shop's build is a production one.
 * - `var Link = React.forwardRef(…)`, `React.createContext(…)`: calls the bundler cannot know are
 *   free of side effects. Marked pure, an unused one is dropped.
 * Both are read from the module's syntax tree (never by pattern), at the top level only.
 */
export function leanRouterEdits(program: { body: Statement[] }): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body) {
    const assigned = statement.type === "ExpressionStatement" ? statement.expression : undefined;
    if (assigned?.type === "AssignmentExpression" && isDisplayName(assigned.left)) {
      edits.push({ start: statement.start, end: statement.end, text: "" });
    }
    if (statement.type !== "VariableDeclaration") continue;
    for (const { init } of statement.declarations ?? []) {
      if (init?.type === "CallExpression" && PURE_CALLS.has(calleeName(init.callee) ?? "")) {
        edits.push({ start: init.start, end: init.start, text: "/* @__PURE__ */ " });
      }
    }
  }
  return edits;
}

function isDisplayName(target: Expression | undefined): boolean {
  return (
    target?.type === "MemberExpression" &&
    target.computed === false &&
    target.property?.type === "Identifier" &&
    target.property.name === "displayName"
  );
}

/** `createContext` for `createContext(…)`, `React.createContext(…)` or `React10.createContext(…)`. */
function calleeName(callee: Expression | undefined): string | undefined {
  if (callee?.type === "Identifier") return (callee as { name?: string }).name;
  if (callee?.type === "MemberExpression" && callee.computed === false)
    return callee.property?.name;
  return undefined;
}

/** The build's pass over React Router's own modules (the dev server keeps them as shipped). */
export function leanRouter(): Plugin {
  return {
    name: "storefront-lean-router",
    apply: "build",
    transform: syntaxEdits(
      { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      leanRouterEdits,
    ),
  };
}
