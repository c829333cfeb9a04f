/**
 * The replies' contracts (storefront/src/api/contracts/), read without zod: a date-time only as
 * ISO 8601 with its offset and a real calendar day, a state only from its list, money never
 * negative, an optional field that may be left out but not mistyped, and the fields a backend
 * added since left out of what the shop keeps.
 */
import { describe, expect, it } from "vitest";
import { archive } from "../../../storefront/src/api/contracts/files.ts";
import { order, orderItem } from "../../../storefront/src/api/contracts/orders.ts";
import { paymentType } from "../../../storefront/src/api/contracts/payments.ts";
import { searchToken } from "../../../storefront/src/api/contracts/photos.ts";
import type { Contract } from "../../../storefront/src/api/http.ts";

function check(contract: Contract<unknown>, value: unknown) {
  const result = contract["~standard"].validate(value);
  if (result instanceof Promise) throw new Error("an asynchronous contract");
  return result;
}
/** What the shop keeps of a reply that passes. */
function kept(contract: Contract<unknown>, value: unknown): unknown {
  const result = check(contract, value);
  if (result.issues) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.value;
}
/** Where each issue is and what it expected: "expiresAt: ISO 8601 date-time with offset". */
function issues(contract: Contract<unknown>, value: unknown): string[] {
  return (check(contract, value).issues ?? []).map(
    (i) => `${(i.path ?? []).map(String).join(".")}: ${i.expected}`,
  );
}

const token = { token: "t", eventId: "1003", expiresAt: "2025-09-21T08:00:00.000Z" };
const expiring = (expiresAt: unknown) => issues(searchToken, { ...token, expiresAt });

describe("a date-time: ISO 8601 with its offset", () => {
  it.each([
    ["2025-09-21T08:00:00Z", "in UTC"],
    ["2025-09-21T08:00:00.123456Z", "with a fraction of a second"],
    ["2025-09-21T13:30:00+05:30", "with a positive offset"],
    ["2025-09-21T03:00:00-05:00", "with a negative offset"],
    ["2024-02-29T12:00:00Z", "on 29 February of a leap year"],
    ["2000-02-29T12:00:00Z", "on 29 February of a leap century"],
    ["2025-12-31T23:59:59+23:59", "at the last second of the year, the widest offset"],
  ])("%s is taken (%s)", (value) => {
    expect(expiring(value)).toEqual([]);
  });

  it.each([
    ["2025-09-21T08:00:00", "without an offset"],
    ["2025-09-21T08:00Z", "without seconds"],
    ["2025-09-21 08:00:00Z", "with a space for the T"],
    ["2025-09-21T08:00:00.Z", "with a point and no fraction"],
    ["2025-09-21T08:00:00+0530", "with an offset without its colon"],
    ["2025-09-21T08:00:00+24:00", "with an offset of 24 hours"],
    ["2023-02-29T12:00:00Z", "on 29 February of a year that is not leap"],
    ["1900-02-29T12:00:00Z", "on 29 February of a century that is not leap"],
    ["2025-04-31T12:00:00Z", "on 31 April"],
    ["2025-13-01T12:00:00Z", "in a 13th month"],
    ["2025-00-10T12:00:00Z", "in month 00"],
    ["2025-09-00T12:00:00Z", "on day 00"],
    ["2025-09-21T24:00:00Z", "at 24:00"],
    ["2025-09-21T23:60:00Z", "at minute 60"],
    ["2025-09-21T23:59:60Z", "at second 60"],
    ["2025-09-21T08:00:00Zx", "with something after it"],
    ["2025-9-21T08:00:00Z", "with a one-digit month"],
    ["", "empty"],
    [1758441600000, "as a number of milliseconds"],
  ] as [unknown, string][])("%s is refused (%s)", (value) => {
    expect(expiring(value)).toEqual(["expiresAt: ISO 8601 date-time with offset"]);
  });
});

const archived = {
  archiveId: "a1",
  state: "Published",
  fileUrl: "https://files.example/a1.zip",
  photoCount: 3,
  createdOn: "2025-09-21T08:00:00Z",
};

describe("states, money and the fields a backend adds", () => {
  it("a state outside its list is refused at its path, naming the list", () => {
    const result = check(archive, { ...archived, state: "Deleted" });
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: "invalid_value",
        path: ["state"],
        values: ["Created", "Published"],
        message: "expected one of Created, Published",
      }),
    ]);
  });

  it("money is never negative; a percentage stays within 0 to 100", () => {
    const card = { paymentTypeId: "card", title: "Card", discountPercent: 0, amount: 990 };
    const ok = { ...card, currencyId: 643 };
    expect(issues(paymentType, ok)).toEqual([]);
    expect(issues(paymentType, { ...ok, amount: -1 })).toEqual(["amount: nonnegative number"]);
    expect(issues(paymentType, { ...ok, amount: 0.5, discountPercent: 100 })).toEqual([]);
    expect(issues(paymentType, { ...ok, discountPercent: 101 })).toEqual([
      "discountPercent: number from 0 to 100",
    ]);
    expect(issues(paymentType, { ...ok, currencyId: 6.43 })).toEqual(["currencyId: int"]);
  });

  it("fields the backend added since are left out of what the shop keeps", () => {
    expect(kept(archive, { ...archived, region: "eu", owner: { id: 1 } })).toEqual(archived);
  });
});

describe("an order line's promo codes: optional, but checked when there", () => {
  const line = {
    orderItemId: "oi1",
    product: { productId: "p1", title: "Gift promo code", productType: "promocode" },
    eventId: "1003",
    frameId: null,
    originalPrice: 500,
    totalPrice: 500,
    photos: [],
  };

  it("a line without them is taken, and stays without them", () => {
    expect(kept(orderItem, line)).not.toHaveProperty("promotionalCodes");
    expect(kept(orderItem, line)).toEqual(line);
  });

  it("codes of the wrong type, or an empty code, are refused at their path", () => {
    expect(issues(orderItem, { ...line, promotionalCodes: "GIFT-1" })).toEqual([
      "promotionalCodes: array",
    ]);
    expect(issues(orderItem, { ...line, promotionalCodes: [{ code: "" }] })).toEqual([
      "promotionalCodes.0.code: non-empty string",
    ]);
    expect(kept(orderItem, { ...line, promotionalCodes: [{ code: "GIFT-1" }] })).toEqual({
      ...line,
      promotionalCodes: [{ code: "GIFT-1" }],
    });
  });

  it("an order names every broken field at once, each with its path", () => {
    expect(issues(order, { orderId: "", items: [{ ...line, totalPrice: -1 }] })).toEqual(
      expect.arrayContaining([
        "orderId: non-empty string",
        "state: one of AwaitingPayment, Completed, Canceled",
        "createdOn: ISO 8601 date-time with offset",
        "items.0.totalPrice: nonnegative number",
      ]),
    );
  });
});
