/**
 * Brand families: a tenant file may say `extends: <id>` to take every value of another tenant's
 * file that it does not set itself. Maps merge key by key, lists and scalars replace, and a
 * `null` removes an inherited optional field (`auth: null`: no sign-in) where the field takes
 * no null of its own (`footer: null` stays "no footer"). Each file is one layer; every value of
 * the merged tenant is traced back to the layer, and so the file, line and column, that wrote it.
 */
import type { Document, LineCounter } from "yaml";
import type { ZodType } from "zod";
import { acceptsNull, isOptionalAt } from "./errors.ts";
import { offsetOfKey, offsetOfPath, type Position, positionAt } from "./locate.ts";

/** How many `extends` steps a chain may take: a family, its base, and two more generations. */
export const MAX_EXTENDS_DEPTH = 4;

export const EXTENDS_KEY = "extends";

/** One parsed tenant file of a chain. */
export interface Layer {
  id: string;
  /** Absolute path of the file. */
  abs: string;
  /** The path shown in problems (relative to the working directory). */
  file: string;
  bytes: Buffer;
  doc: Document;
  lc: LineCounter;
  /** The file's values, `extends` included. */
  data: unknown;
}

type Plain = Record<string, unknown>;
/** A YAML map's value: an object, not a list. */
export const isMapValue = (v: unknown): v is Plain =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** A layer's values without its `extends` key. */
export function ownValues(layer: Layer): unknown {
  if (!isMapValue(layer.data)) return layer.data;
  const { [EXTENDS_KEY]: _base, ...rest } = layer.data;
  return rest;
}

function mergeInto(base: unknown, child: unknown, path: PropertyKey[], schema: ZodType): unknown {
  if (!isMapValue(base) || !isMapValue(child)) return child;
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(child)) {
    const at = [...path, key];
    if (value === null && !acceptsNull(schema, at) && isOptionalAt(schema, at)) {
      delete out[key];
      continue;
    }
    out[key] = key in base ? mergeInto(base[key], value, at, schema) : value;
  }
  return out;
}

/** The tenant the layers make (child first, its bases after it). */
export function mergeLayers(layers: readonly Layer[], schema: ZodType): unknown {
  let merged: unknown;
  for (let i = layers.length - 1; i >= 0; i--) {
    const values = ownValues(layers[i] as Layer);
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: the first layer merged into nothing (undefined, not a map) is that layer's values, as mergeInto returns the child
    merged = i === layers.length - 1 ? values : mergeInto(merged, values, [], schema);
  }
  return merged;
}

function child(value: unknown, seg: PropertyKey): { has: boolean; value: unknown } {
  // Below a list only the layer holding it is live (layerOf), and a step that finds nothing keeps
  // that layer: whether an index is found cannot change the layer layerOf answers.
  // Stryker disable next-line all: see above
  if (Array.isArray(value) && typeof seg === "number") {
    // Stryker disable next-line all: see above
    return { has: seg < value.length, value: value[seg] };
  }
  if (isMapValue(value) && Object.hasOwn(value, String(seg))) {
    return { has: true, value: value[String(seg)] };
  }
  // Stryker disable next-line ObjectLiteral: a missing `has` is as false as false, and the value of a step not found is never read
  return { has: false, value: undefined };
}

/**
 * The layer that wrote the value at a path of the merged tenant. Walking down, the layers still
 * "live" are those whose value there is merged: the nearest one that has the key, and, while its
 * value is a map, the bases below it whose values are maps too. The child-most live layer that
 * holds the most of the path wrote it (or, for a value missing everywhere, holds its parent).
 */
export function layerOf(layers: readonly Layer[], path: readonly PropertyKey[]): Layer {
  let live = layers.map((layer) => ({ layer, value: ownValues(layer) }));
  let best = live[0] as { layer: Layer; value: unknown };
  for (const seg of path) {
    const next: typeof live = [];
    for (const l of live) {
      const c = child(l.value, seg);
      if (!c.has) continue;
      next.push({ layer: l.layer, value: c.value });
      if (!isMapValue(c.value)) break;
    }
    const top = next[0];
    if (!top) break;
    // Only maps merge: below a list or a scalar, the nearest layer alone is live. Equivalent: a
    // list or scalar after the maps finds no map key (lists are indexed by numbers), and when top
    // is none, next is [top] alone and a step found nowhere keeps `best`.
    // Stryker disable next-line MethodExpression,ArrayDeclaration: see above
    live = isMapValue(top.value) ? next.filter((l) => isMapValue(l.value)) : [top];
    best = top;
  }
  return best.layer;
}

export type Located = Position & { file: string };

/** Where the value at a path of the merged tenant was written. */
export function locateValue(layers: readonly Layer[], path: readonly PropertyKey[]): Located {
  const layer = layerOf(layers, path);
  return { file: layer.file, ...positionAt(layer.lc, offsetOfPath(layer.doc, path)) };
}

/** Where a key of the map at `path` was written (for unknown keys). */
export function locateKey(
  layers: readonly Layer[],
  path: readonly PropertyKey[],
  key: string,
): Located {
  const layer = layerOf(layers, [...path, key]);
  return { file: layer.file, ...positionAt(layer.lc, offsetOfKey(layer.doc, path, key)) };
}
