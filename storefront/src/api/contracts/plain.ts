/**
 * A few checks in the Standard Schema form (`~standard.validate`) without zod, for the replies
 * the first screen reads (events, banners): zod/mini stays out of its JavaScript and loads with
 * the shop. Same rules as ./common.ts: objects keep only their known keys; a missing or mistyped
 * field is an issue with its path.
 */
export interface Issue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
  readonly code: "invalid_type";
  readonly expected: string;
}
type Result<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: Issue[] };
export interface Plain<T> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "storefront";
    readonly validate: (value: unknown) => Result<T>;
  };
  /** Checks at a path; collects issues instead of stopping at the first. */
  readonly at: (value: unknown, path: PropertyKey[], issues: Issue[]) => T;
}

function plain<T>(at: Plain<T>["at"]): Plain<T> {
  return {
    at,
    "~standard": {
      version: 1,
      vendor: "storefront",
      validate(value) {
        const issues: Issue[] = [];
        const out = at(value, [], issues);
        return issues.length > 0 ? { issues } : { value: out };
      },
    },
  };
}

function leaf<T>(expected: string, ok: (v: unknown) => boolean): Plain<T> {
  return plain((value, path, issues) => {
    if (!ok(value)) {
      issues.push({ code: "invalid_type", expected, path, message: `expected ${expected}` });
    }
    return value as T;
  });
}

export const str = leaf<string>("string", (v) => typeof v === "string");
/** A non-empty string id. */
export const id = leaf<string>("non-empty string", (v) => typeof v === "string" && v !== "");
export const bool = leaf<boolean>("boolean", (v) => typeof v === "boolean");
export const int = leaf<number>("int", (v) => Number.isSafeInteger(v));
export const count = leaf<number>(
  "nonnegative int",
  (v) => Number.isSafeInteger(v) && (v as number) >= 0,
);

export function nullable<T>(inner: Plain<T>): Plain<T | null> {
  return plain((value, path, issues) => (value === null ? null : inner.at(value, path, issues)));
}

export function array<T>(item: Plain<T>): Plain<T[]> {
  return plain((value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ code: "invalid_type", expected: "array", path, message: "expected array" });
      return [];
    }
    return value.map((v, i) => item.at(v, [...path, i], issues));
  });
}

export function object<T extends object>(
  shape: {
    [K in keyof T]: Plain<T[K]>;
  },
): Plain<T> {
  return plain((value, path, issues) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ code: "invalid_type", expected: "object", path, message: "expected object" });
      return {} as T;
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      out[key] = shape[key].at((value as Record<string, unknown>)[key], [...path, key], issues);
    }
    return out as T;
  });
}

/** A paged list: `count` items in this page, `total` across all pages. */
export function page<T>(item: Plain<T>) {
  return object<{ count: number; total: number; items: T[] }>({
    count,
    total: count,
    items: array(item),
  });
}
