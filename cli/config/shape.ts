/**
 * A look at a YAML file's shape before it is parsed. The YAML parser composes nested nodes
 * recursively and checks duplicate keys pairwise, so a file of a few hundred kilobytes can
 * make it run for minutes (thousands of keys, nested explicit keys) or exhaust the stack
 * (thousands of nested lists), which can kill the process outright. A tenant file has a
 * hundred or so values, six levels deep; the lexer (linear, no recursion) counts both first.
 */
import { CST, Lexer } from "yaml";

/** Far beyond any tenant (mysport: about 120 values, 4 levels). */
export const MAX_YAML_NODES = 1_000;
export const MAX_YAML_DEPTH = 32;

export type ShapeProblem = { offset: number; message: string };

/** Tokens that make a node: a value, an alias, a list item, a key or a collection. */
const NODE_TOKENS = new Set([
  "scalar",
  "alias",
  "seq-item-ind",
  "explicit-key-ind",
  "flow-map-start",
  "flow-seq-start",
  "block-scalar-header",
]);

/** Marks the lexer inserts that are not in the text: they take no place in it. */
const NOT_IN_TEXT = new Set([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);

/**
 * The first way the text is too big or too deep to parse safely, or null. The depth is an
 * upper estimate: block indentation levels, plus list and key indicators on one line
 * (`- - - x`), plus open flow brackets.
 */
export function yamlShapeProblem(text: string): ShapeProblem | null {
  let offset = 0;
  let nodes = 0;
  let flow = 0;
  let onLine = 0;
  // The lexer's first token of a document, its doc-mode mark, resets both before either is read.
  // Stryker disable next-line BooleanLiteral: see above
  let lineStart = true;
  // Stryker disable next-line ArrayDeclaration: see above
  const indents: number[] = [];
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    const at = offset;
    if (!NOT_IN_TEXT.has(token)) offset += token.length;
    if (type === "newline") {
      lineStart = true;
      onLine = 0;
      continue;
    }
    if (type === "space" && lineStart) {
      // Indentation: a deeper line opens a level, a shallower one closes levels.
      const indent = token.length;
      // Stryker disable next-line EqualityOperator: an equal level popped is pushed again below
      while (indents.length && (indents.at(-1) ?? 0) > indent) indents.pop();
      if (!indents.length || (indents.at(-1) ?? 0) < indent) indents.push(indent);
      lineStart = false;
      continue;
    }
    // A space at a line's start was taken above.
    if (lineStart && type !== "comment") {
      indents.length = 0;
      lineStart = false;
    }
    if (type === "flow-map-start" || type === "flow-seq-start") flow++;
    else if (type === "flow-map-end" || type === "flow-seq-end") flow = Math.max(0, flow - 1);
    else if (type === "seq-item-ind" || type === "explicit-key-ind") onLine++;
    if (type && NODE_TOKENS.has(type) && ++nodes > MAX_YAML_NODES) {
      return {
        offset: at,
        message: `more than ${MAX_YAML_NODES} values; expected a tenant's settings (about a hundred)`,
      };
    }
    if (indents.length + onLine + flow > MAX_YAML_DEPTH) {
      return {
        offset: at,
        message: `nested more than ${MAX_YAML_DEPTH} levels deep; expected a tenant's few levels of maps and lists`,
      };
    }
  }
  return null;
}
