/**
 * Finds where a data path lives in a parsed YAML document, so a problem can name
 * the line and column the user has to edit.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, type LineCounter, type Node } from "yaml";

export type Position = { line: number; col: number };

export function positionAt(lc: LineCounter, offset: number): Position {
  const { line, col } = lc.linePos(Math.max(0, offset));
  return line === 0 ? { line: 1, col: offset + 1 } : { line, col };
}

/** A parsed key is a scalar (named by its value), a list, map or alias (no name) or null. */
function keyName(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined;
}

function asNode(v: unknown): Node | null {
  return v && typeof v === "object" && "range" in v ? (v as Node) : null;
}

const start = (n: Node | null): number | undefined => n?.range?.[0];

type Step = { value: Node | null; key: Node | null };

/** The map pair or sequence item at one path segment, aliases followed. */
function step(doc: Document, node: Node | null, seg: PropertyKey): Step | undefined {
  const cur = isAlias(node) ? asNode(node.resolve(doc)) : node;
  if (isMap(cur)) {
    const pair = cur.items.find((p) => keyName(p.key) === String(seg));
    return pair ? { value: asNode(pair.value), key: asNode(pair.key) } : undefined;
  }
  if (isSeq(cur) && typeof seg === "number") {
    return seg < cur.items.length ? { value: asNode(cur.items[seg]), key: null } : undefined;
  }
  return undefined;
}

/**
 * Offset of a data path: the value node when it exists (its key if the value is empty);
 * otherwise the deepest existing ancestor, pointed at by its key when it has one.
 */
export function offsetOfPath(doc: Document, path: readonly PropertyKey[]): number {
  let node = asNode(doc.contents);
  let key: Node | null = null;
  for (const seg of path) {
    const next = step(doc, node, seg);
    if (!next) return start(key) ?? start(node) ?? 0;
    node = next.value;
    key = next.key;
  }
  const range = node?.range;
  if (range && range[1] > range[0]) return range[0];
  return start(key) ?? start(node) ?? 0;
}

/** Offset of the key `name` in the map at `path` (for unknown keys). */
export function offsetOfKey(doc: Document, path: readonly PropertyKey[], name: string): number {
  let node = asNode(doc.contents);
  for (const seg of path) node = step(doc, node, seg)?.value ?? null;
  const pair = isMap(node) ? node.items.find((p) => keyName(p.key) === name) : undefined;
  return start(asNode(pair?.key)) ?? offsetOfPath(doc, path);
}

/** Keys present in the map at `path`. */
export function keysAt(doc: Document, path: readonly PropertyKey[]): string[] {
  let node = asNode(doc.contents);
  for (const seg of path) node = step(doc, node, seg)?.value ?? null;
  if (!isMap(node)) return [];
  return node.items.map((p) => keyName(p.key)).filter((k): k is string => k !== undefined);
}

const covers = (n: Node | null, offset: number): boolean =>
  !!n?.range && n.range[0] <= offset && offset < Math.max(n.range[2], n.range[0] + 1);

/** The data path of the innermost key or value that covers an offset (for YAML errors). */
export function pathAtOffset(doc: Document, offset: number): (string | number)[] {
  const path: (string | number)[] = [];
  let node = asNode(doc.contents);
  for (let depth = 0; node && depth < 100; depth++) {
    let next: Node | null = null;
    if (isMap(node)) {
      for (const p of node.items) {
        const k = asNode(p.key);
        const v = asNode(p.value);
        const name = keyName(p.key);
        if (name === undefined) continue;
        if (covers(k, offset)) return [...path, name];
        if (covers(v, offset)) {
          path.push(name);
          next = v;
          break;
        }
      }
    } else if (isSeq(node)) {
      const i = node.items.findIndex((item) => covers(asNode(item), offset));
      if (i >= 0) {
        path.push(i);
        next = asNode(node.items[i]);
      }
    }
    node = next;
  }
  return path;
}

/** Offsets of map keys that are lists or maps (`? [a, b]`), which a tenant file never needs. */
export function complexKeyOffsets(doc: Document): number[] {
  const found: number[] = [];
  const visitNode = (n: unknown, depth: number): void => {
    if (depth > 100) return;
    if (isMap(n)) {
      for (const p of n.items) {
        if (isMap(p.key) || isSeq(p.key)) found.push(p.key.range?.[0] ?? 0);
        visitNode(p.value, depth + 1);
      }
    } else if (isSeq(n)) for (const item of n.items) visitNode(item, depth + 1);
  };
  visitNode(doc.contents, 0);
  return found;
}

/** Offset of the first alias (`*name`) in the document, for alias-limit errors. */
export function firstAliasOffset(doc: Document): number {
  let found: number | undefined;
  const visitNode = (n: unknown, depth: number): void => {
    if (found !== undefined || depth > 100) return;
    if (isAlias(n)) found = n.range?.[0];
    else if (isMap(n)) for (const p of n.items) visitNode(p.value, depth + 1);
    else if (isSeq(n)) for (const item of n.items) visitNode(item, depth + 1);
  };
  visitNode(doc.contents, 0);
  return found ?? 0;
}
