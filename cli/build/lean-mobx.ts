import type { Plugin } from "vite";
import { type Edit, syntaxEdits } from "./syntax-edits.ts";

/**
 * MobX's support for the 2022.3 decorators (`@observable accessor x`, `@action m()`): the
 * functions it calls when a decorator is applied. The shop never decorates (its stores call
 * `makeAutoObservable`; decorators.test.ts reads every source to hold that), yet every route
 * loaded them, because MobX's annotation objects keep a reference to each.
 */
export const DECORATOR_FUNCTIONS = [
  "assert20223DecoratorType",
  "decorateAction20223_",
  "decorateFlow20223_",
  "decorateComputed20223_",
  "decorateObservable20223_",
] as const;

const NAMES: ReadonlySet<string> = new Set(DECORATOR_FUNCTIONS);

/** What a decorator meets in this build: a clear error, never a silent no-op. */
export const DECORATOR_ERROR = "[MobX] decorators are left out of the storefront's build";

interface Statement {
  type: string;
  id?: { name?: string } | null;
  body?: { type: string; start: number; end: number };
}

/**
 * Each of MobX's top-level decorator functions with its body replaced by a throw: the function
 * stays (MobX's annotations still name it), its code and what only it calls leave the bundle.
 * Read from the module's syntax tree, at the top level only.
 */
export function leanMobxEdits(program: { body: Statement[] }): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body) {
    if (statement.type !== "FunctionDeclaration" || !statement.body) continue;
    if (!NAMES.has(statement.id?.name ?? "")) continue;
    edits.push({
      start: statement.body.start,
      end: statement.body.end,
      text: `{ throw new Error(${JSON.stringify(DECORATOR_ERROR)}); }`,
    });
  }
  return edits;
}

/** The build's pass over MobX's module (the dev server keeps it as shipped). */
export function leanMobx(): Plugin {
  return {
    name: "storefront-lean-mobx",
    apply: "build",
    transform: syntaxEdits(
      { id: /[\\/]node_modules[\\/]mobx[\\/]dist[\\/][^\\/]+\.m?js$/ },
      leanMobxEdits,
    ),
  };
}
