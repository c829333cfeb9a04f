/**
 * The plain checks only the shop's replies need (money, states, date-times, an optional field),
 * apart from ./plain.ts so that they load with the shop, not with the first screen.
 */
import { leaf, type Plain, plain } from "./plain.ts";

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

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

/** A field the reply may leave out; an object leaves it out of its result too. */
export function optional<T>(inner: Plain<T>): Plain<T | undefined> {
  return plain((value, path, issues) =>
    value === undefined ? undefined : inner.at(value, path, issues),
  );
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
