/** Pure rules of checkout and the paid order (spec §3, §4, §5). */
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Payment } from "../../../storefront/src/api/index.ts";
import { isInAppBrowser } from "../../../storefront/src/domain/in-app-browser.ts";
import {
  currentPayment,
  emailProblem,
  isFreeOrder,
  ORDER_STATE_LABELS,
  paymentOutcome,
  pollDelay,
} from "../../../storefront/src/domain/order.ts";
import {
  addPendingOrder,
  parsePendingOrders,
  removePendingOrder,
} from "../../../storefront/src/domain/pending-orders.ts";
import { photoListRows, tableOf, toCsv } from "../../../storefront/src/domain/photo-list.ts";
import { buildXlsx, columnName } from "../../../storefront/src/domain/xlsx.ts";

const pay = (paymentTypeId: string, createdOn: string, state: Payment["state"]): Payment => ({
  paymentId: `${paymentTypeId}-${createdOn}`,
  invoiceId: "i",
  paymentTypeId,
  state,
  amount: 1,
  currencyId: 643,
  payUrl: null,
  createdOn,
});

describe("payment selection (spec §4: the latest non-Discount payment by createdOn)", () => {
  it("skips Discount and takes the newest by createdOn whatever the list order", () => {
    const list = [
      pay("Card", "2025-10-01T10:05:00.000Z", "Declined"),
      pay("Discount", "2025-10-01T10:09:00.000Z", "Completed"),
      pay("FastPayment", "2025-10-01T10:07:00.000Z", "Pending"),
      pay("Card", "2025-10-01T10:01:00.000Z", "Canceled"),
    ];
    expect(currentPayment(list)?.paymentTypeId).toBe("FastPayment");
    expect(currentPayment([list[1] as Payment])).toBeNull();
    expect(currentPayment([])).toBeNull();
  });

  it("maps order and payment to what the validation screen shows", () => {
    const d = pay("Card", "2025-10-01T10:00:00.000Z", "Declined");
    expect(paymentOutcome({ state: "Completed" }, null)).toBe("paid");
    expect(paymentOutcome({ state: "Canceled" }, d)).toBe("canceled");
    expect(paymentOutcome({ state: "AwaitingPayment" }, d)).toBe("declined");
    expect(paymentOutcome({ state: "AwaitingPayment" }, { state: "Pending" })).toBe("checking");
    expect(paymentOutcome({ state: "AwaitingPayment" }, null)).toBe("awaiting");
  });

  it("polls with a growing delay capped at 5 s", () => {
    expect(pollDelay(0)).toBe(1000);
    expect(pollDelay(1)).toBe(1500);
    expect(pollDelay(20)).toBe(5000);
  });
});

describe("order state labels (spec §4)", () => {
  it("awaiting payment, paid, canceled", () => {
    expect(ORDER_STATE_LABELS.AwaitingPayment.message).toBe("awaiting payment");
    expect(ORDER_STATE_LABELS.Completed.message).toBe("paid");
    expect(ORDER_STATE_LABELS.Canceled.message).toBe("canceled");
  });
});

describe("checkout e-mail (spec §5)", () => {
  it("is required and must be an address", () => {
    expect(emailProblem("")).toBe("missing");
    expect(emailProblem("   ")).toBe("missing");
    for (const bad of [
      "runner",
      "runner@",
      "@example.com",
      "a@b",
      "a@@b.ru",
      "a b@c.ru",
      "a@b.c",
    ]) {
      expect(emailProblem(bad), bad).toBe("invalid");
    }
    for (const good of ["runner@example.com", " anna.k+race@mail.ru ", "x@sub.domain.org"]) {
      expect(emailProblem(good), good).toBeNull();
    }
  });
  it("an address is at most 254 characters (RFC 5321)", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(186)}.ru`;
    expect(at254).toHaveLength(254);
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)).toBe("invalid");
  });
});

describe("a free order (spec §5: a promo code giving 100 % off)", () => {
  it("has items and nothing to pay, so no payment step; an order of nothing is empty, not free", () => {
    expect(isFreeOrder(0, 2)).toBe(true);
    expect(isFreeOrder(0, 0)).toBe(false);
    expect(isFreeOrder(290, 1)).toBe(false);
  });
});

describe("pending orders (spec §3: each added once, removed on request)", () => {
  it("adds once, removes, and reads a corrupted entry as an empty list", () => {
    let list = addPendingOrder([], "o1");
    list = addPendingOrder(list, "o2");
    list = addPendingOrder(list, "o1");
    expect(list).toEqual(["o1", "o2"]);
    expect(removePendingOrder(list, "o1")).toEqual(["o2"]);
    expect(removePendingOrder(list, "nope")).toEqual(["o1", "o2"]);
    expect(parsePendingOrders(JSON.stringify(list))).toEqual(["o1", "o2"]);
    for (const bad of [null, "", "{", '{"a":1}', "42", "[1, null]"]) {
      expect(parsePendingOrders(bad)).toEqual([]);
    }
    expect(parsePendingOrders('["o1","o1",3,"o2"]')).toEqual(["o1", "o2"]);
    // Stored values that are no order id never become a link to one.
    const hostile = [
      "<img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      "../../my-account",
      "a".repeat(101),
    ];
    expect(parsePendingOrders(JSON.stringify([...hostile, "order-6f1c2a9e-1b2c"]))).toEqual([
      "order-6f1c2a9e-1b2c",
    ]);
  });
});

describe("in-app browsers", () => {
  it("recognises Instagram, Facebook and Telegram, not Safari or Chrome", () => {
    const inApp = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0]",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36 Telegram-Android/10.5.0",
    ];
    for (const ua of inApp) expect(isInAppBrowser(ua), ua).toBe(true);
    expect(
      isInAppBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe(false);
    expect(
      isInAppBrowser("Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36"),
    ).toBe(false);
  });
});

describe("photo list (CSV and Excel)", () => {
  const items = [
    {
      product: { title: 'Все мои фото, "финиш"' },
      photos: [
        { photoId: "a1-1", thumbnailUrl: "/t/1", downloadUrl: "/demo/img/photo/a1-1.svg" },
        { photoId: "a1-2", thumbnailUrl: "/t/2", downloadUrl: null },
      ],
    },
    {
      product: { title: "=HYPERLINK(1)" },
      photos: [{ photoId: "a1-1", thumbnailUrl: "/t/1", downloadUrl: "/demo/img/photo/a1-1.svg" }],
    },
  ];
  const rows = photoListRows(items, "https://shop.example");
  const table = tableOf(rows, ["Фото", "Товар", "Ссылка"]);

  it("lists each downloadable photo once with its absolute address", () => {
    expect(rows).toEqual([
      {
        photoId: "a1-1",
        product: 'Все мои фото, "финиш"',
        url: "https://shop.example/demo/img/photo/a1-1.svg",
      },
    ]);
  });

  it("CSV: BOM, header, quoted cells, CRLF; formulas are neutralised", () => {
    const csv = toCsv([...table, ["x", "=HYPERLINK(1)", "y"]]);
    expect(csv.startsWith("\ufeff")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Фото,Товар,Ссылка",
      'a1-1,"Все мои фото, ""финиш""",https://shop.example/demo/img/photo/a1-1.svg',
      "x,'=HYPERLINK(1),y",
      "",
    ]);
  });

  it("xlsx: a zip with a workbook and a sheet of inline strings", () => {
    const parts = unzipSync(buildXlsx([...table, ["<&>", "b", "c"]]));
    expect(Object.keys(parts).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"] as Uint8Array);
    const cells = [...sheet.matchAll(/<c r="([A-Z]+\d+)"[^>]*><is><t[^>]*>([^<]*)<\/t>/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(cells).toEqual([
      ["A1", "Фото"],
      ["B1", "Товар"],
      ["C1", "Ссылка"],
      ["A2", "a1-1"],
      ["B2", "Все мои фото, &quot;финиш&quot;"],
      ["C2", "https://shop.example/demo/img/photo/a1-1.svg"],
      ["A3", "&lt;&amp;&gt;"],
      ["B3", "b"],
      ["C3", "c"],
    ]);
    expect(columnName(0)).toBe("A");
    expect(columnName(25)).toBe("Z");
    expect(columnName(26)).toBe("AA");
  });
});
