/**
 * The checks the API replies are read with, in the Standard Schema form (`~standard.validate`)
 * and without zod, so no validation library is in the shop's JavaScript nor built on its start.
 * Objects keep only their known keys, so a backend that adds fields keeps working; a missing or
 * mistyped field is an issue with its path. An issue's `expected` names the rule in a reader's
 * words (it appears in `storefront check-api`), and `storefront api-schema` reads the rules back
 * from it (cli/api/schemas.ts): a check's wording is its description. What only the shop's
 * replies need is in ./shop-checks.ts, so the first screen loads none of it.
 */
export interface Issue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
  /** invalid_value: not one of `values`; invalid_format: not an ISO 8601 date-time. */
  readonly code: "invalid_type" | "invalid_value" | "invalid_format";
  readonly expected: string;
  readonly values?: readonly string[];
  readonly format?: "datetime";
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

export function plain<T>(at: Plain<T>["at"]): Plain<T> {
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

export function leaf<T>(
  expected: string,
  ok: (v: unknown) => boolean,
  detail?: Pick<Issue, "code" | "values" | "format">,
): Plain<T> {
  return plain((value, path, issues) => {
    if (!ok(value)) {
      issues.push({
        code: "invalid_type",
        expected,
        path,
        message: `expected ${expected}`,
        ...detail,
      });
    }
    return value as T;
  });
}

export const str = leaf<string>("string", (v) => typeof v === "string");
/** A non-empty string: an id, a product type, a promo code. */
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

/** One check per key of T, optional keys too (their check accepts undefined). */
type Shape<T> = { [K in keyof Required<T>]: Plain<T[K]> };

export function object<T extends object>(shape: Shape<T>): Plain<T> {
  return plain((value, path, issues) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ code: "invalid_type", expected: "object", path, message: "expected object" });
      return {} as T;
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const v = shape[key].at((value as Record<string, unknown>)[key], [...path, key], issues);
      if (v !== undefined) out[key] = v;
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
