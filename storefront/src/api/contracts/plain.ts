/**
 * The checks the API replies are read with, in the Standard Schema form (`~standard.validate`)
 * and without zod, so no validation library is in the shop's JavaScript nor built on its start.
 * Objects keep only their known keys, so a backend that adds fields keeps working; a missing or
 * mistyped field is an issue with its path. An issue's `expected` names the rule in a reader's
 * words (it appears in `storefront check-api`), and `storefront api-schema` reads the rules back
 * from it (cli/api/schemas.ts): a check's wording is its description.
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

function leaf<T>(
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

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export const str = leaf<string>("string", (v) => typeof v === "string");
/** A non-empty string: an id, a product type, a promo code. */
export const id = leaf<string>("non-empty string", (v) => typeof v === "string" && v !== "");
export const bool = leaf<boolean>("boolean", (v) => typeof v === "boolean");
export const int = leaf<number>("int", (v) => Number.isSafeInteger(v));
export const count = leaf<number>(
  "nonnegative int",
  (v) => Number.isSafeInteger(v) && (v as number) >= 0,
);
/** An amount of money in the currency's main unit (roubles, dollars), never negative. */
export const money = leaf<number>("nonnegative number", (v) => isNumber(v) && v >= 0);
/** A percentage, 0 to 100 both included. */
export const percent = leaf<number>(
  "number from 0 to 100",
  (v) => isNumber(v) && v >= 0 && v <= 100,
);
/** An ISO 8601 date-time with its offset: 2025-09-21T08:00:00.000Z, 2025-09-21T13:30:00+05:30. */
export const dateTime = leaf<string>("ISO 8601 date-time with offset", isDateTime, {
  code: "invalid_format",
  format: "datetime",
});

/** One of a fixed list of strings (a state, a file type). */
export function oneOf<const V extends readonly string[]>(values: V): Plain<V[number]> {
  return leaf(`one of ${values.join(", ")}`, (v) => (values as readonly unknown[]).includes(v), {
    code: "invalid_value",
    values,
  });
}

export function nullable<T>(inner: Plain<T>): Plain<T | null> {
  return plain((value, path, issues) => (value === null ? null : inner.at(value, path, issues)));
}

/** A field the reply may leave out; an object leaves it out of its result too. */
export function optional<T>(inner: Plain<T>): Plain<T | undefined> {
  return plain((value, path, issues) =>
    value === undefined ? undefined : inner.at(value, path, issues),
  );
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

/**
 * YYYY-MM-DDTHH:MM:SS(.fraction)?(Z|±HH:MM), read one character at a time: a real calendar day
 * (29 February in leap years only), hours 00–23, minutes and seconds 00–59, an offset whose hours
 * and minutes are in those ranges too. As strict as zod's `z.iso.datetime({ offset: true })`.
 */
function isDateTime(text: unknown): boolean {
  if (typeof text !== "string") return false;
  let at = 0;
  const isDigit = (i: number) => text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57;
  /** The number `width` digits make at the cursor, or -1 when one of them is not a digit. */
  const digits = (width: number): number => {
    let n = 0;
    for (const end = at + width; at < end; at++) {
      if (!isDigit(at)) return -1;
      n = n * 10 + text.charCodeAt(at) - 48;
    }
    return n;
  };
  const next = (c: string) => text[at++] === c;
  /** Two digits from 0 to `max`. */
  const upTo = (max: number) => {
    const n = digits(2);
    return n >= 0 && n <= max;
  };
  const year = digits(4);
  if (year < 0 || !next("-")) return false;
  const month = digits(2);
  if (month < 1 || month > 12 || !next("-")) return false;
  const day = digits(2);
  if (day < 1 || day > daysIn(year, month) || !next("T")) return false;
  if (!(upTo(23) && next(":") && upTo(59) && next(":") && upTo(59))) return false;
  if (text[at] === ".") {
    const first = ++at;
    while (isDigit(at)) at++;
    if (at === first) return false;
  }
  const zone = text[at++];
  if (zone === "Z") return at === text.length;
  if (zone !== "+" && zone !== "-") return false;
  return upTo(23) && next(":") && upTo(59) && at === text.length;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
