// @vitest-environment node
/**
 * `storefront check-api` against the demo backend, and against the demo drifting from the
 * contract (a proxy in front of it changes one thing at a time): each drift is found on the
 * right call with the field, what was expected and what came, and nothing else is reported; a
 * field the shop ignores is never a mismatch. Every call of spec §7 ends up checked or listed
 * with the reason it could not be.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkApi } from "../../../cli/api/check/journey.ts";
import type { CheckOptions, CheckReport } from "../../../cli/api/check/types.ts";
import { apiMethods } from "../../../cli/api/inventory.ts";
import { startDemo } from "../demo/demo-server.ts";
import { type Drift, editJson, startDriftingBackend } from "./drifting-backend.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

const ASKED: Omit<CheckOptions, "api" | "signal"> = {
  event: "1003",
  order: "order-seed-01",
  preorder: null,
  participant: "302",
  shopOrigin: null,
  promo: null,
  token: null,
  allowOrders: false,
  theme: "MySport",
  language: "en",
  rate: 1000,
  timeoutMs: 5_000,
};

async function check(drift: Drift = () => undefined, asked: Partial<CheckOptions> = {}) {
  const backend = await startDriftingBackend(demo.origin, drift);
  try {
    const signal = new AbortController().signal;
    return await checkApi({ ...ASKED, ...asked, api: new URL(backend.origin), signal });
  } finally {
    await backend.close();
  }
}

/** Each call's distinct mismatches, as the report prints them once. */
function found(report: CheckReport) {
  const out = new Map<string, unknown[]>();
  for (const r of report.results) {
    for (const m of r.mismatches) {
      const list = out.get(r.call) ?? [];
      if (!list.some((k) => JSON.stringify(k) === JSON.stringify(m))) list.push(m);
      out.set(r.call, list);
    }
  }
  return Object.fromEntries(out);
}

const reasonOf = (report: CheckReport, call: string) =>
  report.notChecked.find((n) => n.call === call)?.reason;

describe("check-api against the demo backend", () => {
  it("finds nothing, and lists every call of spec §7 as checked or not checkable with its reason", async () => {
    const report = await check();
    expect(found(report)).toEqual({});
    expect(report.stopped).toBe(false);
    const listed = [...report.checked, ...report.notChecked.map((n) => n.call)];
    expect(listed.toSorted()).toEqual(apiMethods().toSorted());
    expect(new Set(listed).size).toBe(listed.length);
    expect(report.checked).toEqual(
      expect.arrayContaining([
        "events.get",
        "photos.list",
        "carts.create",
        "carts.addItem",
        "carts.remove",
        "orders.get",
        "archives.create",
        "archives.file",
        "receipts.download",
      ]),
    );
    expect(reasonOf(report, "photos.itsMe")).toMatch(/never makes/);
    expect(reasonOf(report, "invoices.createPayment")).toBe(
      "starts a payment at the bank: never made",
    );
    expect(reasonOf(report, "carts.checkout")).toBe("places an order: only with --allow-orders");
    expect(reasonOf(report, "orders.list")).toMatch(/--token/);
    expect(reasonOf(report, "preorders.details")).toBe("needs a pre-order (--preorder ID)");
    // The cart it made is gone again: created, then deleted.
    const made = report.results.find((r) => r.call === "carts.create");
    const removed = report.results.find((r) => r.call === "carts.remove");
    expect([made?.status, removed?.status]).toEqual([201, 204]);
  });

  it("with a promo code, a pre-order and --allow-orders it checks those too, and never pays", async () => {
    const report = await check(undefined, {
      promo: "DEMO100",
      preorder: "po-1001",
      allowOrders: true,
    });
    expect(found(report)).toEqual({});
    expect(report.checked).toEqual(
      expect.arrayContaining(["carts.removePromoCode", "carts.checkout", "preorders.details"]),
    );
    expect(reasonOf(report, "invoices.createPayment")).toBe(
      "starts a payment at the bank: never made",
    );
  });

  it("without a participant or an order it says what each left-out call needs", async () => {
    const report = await check(undefined, { participant: null, order: null });
    expect(found(report)).toEqual({});
    expect(reasonOf(report, "photos.list")).toBe(
      "needs a participant: --participant names one (a bib number or last name)",
    );
    expect(reasonOf(report, "archives.create")).toBe("needs a paid order (--order ID)");
  });
});

describe("check-api finds each way a backend drifts, on the right call and field", () => {
  it("a renamed field (albumId → album_id)", async () => {
    const report = await check((x) => {
      if (x.method === "GET" && x.path.endsWith("/events/1003")) {
        editJson(x, (body) => {
          body.album_id = body.albumId;
          delete body.albumId;
        });
      }
    });
    expect(found(report)).toEqual({
      "events.get": [
        { kind: "field", field: "albumId", expected: "non-empty string", got: "missing" },
      ],
    });
    // What needed the event is then listed as such, not reported as a mismatch.
    expect(reasonOf(report, "photos.list")).toBe(
      "needs the event 1003, which events.get did not give",
    );
  });

  it("a number sent as a string", async () => {
    let total: unknown;
    const report = await check((x) => {
      if (x.path.endsWith("/orders/order-seed-01")) {
        editJson(x, (body) => {
          total = body.totalAmount;
          body.totalAmount = String(body.totalAmount);
        });
      }
    });
    expect(found(report)).toEqual({
      "orders.get": [
        {
          kind: "field",
          field: "totalAmount",
          expected: "nonnegative number",
          got: `"${total}" (a string)`,
        },
      ],
    });
    const result = report.results.find((r) => r.call === "orders.get");
    expect(result?.curl).toBe(
      `curl -i ${new URL(result?.url ?? "").href} -H 'Accept: application/json' -H 'Accept-Language: en'`,
    );
  });

  it("a missing required field, in each reply of the call", async () => {
    const report = await check((x) => {
      if (x.method === "GET" && /\/shoppingCarts\/[^/]+$/.test(x.path) && x.status === 200) {
        editJson(x, (body) => {
          delete body.promotionalCodes;
        });
      }
    });
    expect(found(report)).toEqual({
      "carts.get": [
        { kind: "field", field: "promotionalCodes", expected: "array", got: "missing" },
      ],
    });
  });

  it("200 where spec §7 names 201 (a new archive)", async () => {
    const report = await check((x) => {
      if (x.method === "POST" && x.path.endsWith("/archives/")) x.status = 200;
    });
    expect(found(report)).toEqual({
      "archives.create": [{ kind: "status", field: null, expected: "201", got: "200" }],
    });
    expect(reasonOf(report, "archives.get")).toBe(
      "needs an archive, which archives.create did not make",
    );
  });

  it("a missing X-Archive-Id header", async () => {
    const report = await check((x) => {
      if (x.method === "POST" && x.path.endsWith("/archives/")) delete x.headers["x-archive-id"];
    });
    expect(found(report)).toEqual({
      "archives.create": [
        { kind: "header", field: "x-archive-id", expected: "non-empty string", got: "missing" },
      ],
    });
  });

  it("a reply that is not JSON (a proxy's error page with 200)", async () => {
    const report = await check((x) => {
      if (x.path.endsWith("/catalog/products")) {
        x.headers["content-type"] = "text/html";
        x.body = "<html><body>Bad gateway</body></html>";
      }
    });
    expect(found(report)).toEqual({
      "catalog.products": [
        {
          kind: "not-json",
          field: null,
          expected: "JSON",
          got: 'text/html: "<html><body>Bad gateway</body></html>"',
        },
      ],
    });
  });

  it("an error body without code (the refused promo code)", async () => {
    const report = await check((x) => {
      if (x.path.endsWith("/promotionalCodes") && x.status >= 400) {
        editJson(x, (body) => {
          delete body.code;
        });
      }
    });
    expect(found(report)).toEqual({
      "carts.addPromoCode": [
        { kind: "error-body", field: "code", expected: "string", got: "missing" },
      ],
    });
  });

  it("a field the shop does not read, added to every reply, is no mismatch", async () => {
    const report = await check((x) => {
      if (!(x.headers["content-type"] ?? "").includes("json")) return;
      const body = JSON.parse(x.body) as unknown;
      const add = (o: unknown) => {
        if (typeof o === "object" && o !== null && !Array.isArray(o)) {
          (o as Record<string, unknown>).addedLater = { any: "thing" };
        }
      };
      if (Array.isArray(body)) body.forEach(add);
      else add(body);
      x.body = JSON.stringify(body);
    });
    expect(found(report)).toEqual({});
    expect(report.checked.length).toBeGreaterThanOrEqual(30);
  });

  it("an id a hostile backend gives is quoted on one line wherever the report names it", async () => {
    const report = await check(
      (x) => {
        if (x.method === "GET" && x.path.endsWith("/events")) {
          editJson(x, (body) => {
            (body.items as { eventId: string }[])[0]!.eventId = "1003\n✓ all calls match";
          });
        }
      },
      { event: null, order: null },
    );
    expect(reasonOf(report, "photos.list")).toBe(
      "needs the event 1003\\u000a✓ all calls match, which events.get did not give",
    );
    expect(found(report)["events.get"]).toEqual([
      { kind: "status", field: null, expected: "2xx", got: "404 (EventNotFound)" },
    ]);
  });

  it("a backend that is not there: one mismatch, nothing more asked", async () => {
    const backend = await startDriftingBackend(demo.origin, () => undefined);
    await backend.close();
    const signal = new AbortController().signal;
    const report = await checkApi({ ...ASKED, api: new URL(backend.origin), signal });
    expect(report.results).toHaveLength(1);
    expect(report.results[0]?.mismatches[0]?.kind).toBe("no-reply");
    expect(reasonOf(report, "events.get")).toBe(
      "not made: the backend did not answer the first call",
    );
  });

  describe("check-api --shop-origin: a backend on another origin, held to the CORS the shop needs", () => {
    const ORIGIN = "https://shop.example";
    /** A backend answering CORS as docs/backend.md lists it, but for `headers`. */
    const cors =
      (headers = "accept-language, authorization, content-type, x-search-token"): Drift =>
      (x) => {
        x.headers["access-control-allow-origin"] = ORIGIN;
        if (x.method === "OPTIONS") {
          x.status = 204;
          x.body = "";
          x.headers["access-control-allow-methods"] = "GET, POST, PUT, PATCH, DELETE";
          x.headers["access-control-allow-headers"] = headers;
        }
      };

    it("a backend that answers CORS as the shop needs: nothing found", async () => {
      const report = await check(cors(), { shopOrigin: ORIGIN });
      expect(found(report)).toEqual({});
      // The writes and the token-bearing reads were asked about first, as a browser asks.
      const preflighted = report.results.filter((r) => r.preflight).map((r) => r.call);
      expect(preflighted).toEqual(
        expect.arrayContaining([
          "photos.list",
          "carts.create",
          "carts.setAttributes",
          "carts.remove",
        ]),
      );
      expect(preflighted).not.toContain("events.get");
    });

    it("a preflight that does not allow the search token: named on each call that sends it", async () => {
      const report = await check(cors("accept-language, content-type"), { shopOrigin: ORIGIN });
      const problem = {
        kind: "cors",
        field: "preflight access-control-allow-headers",
        expected: "x-search-token",
        got: '"accept-language, content-type"',
      };
      expect(found(report)["photos.list"]).toEqual([problem]);
      expect(found(report)["carts.addItem"]).toEqual([
        { ...problem, expected: "content-type, x-search-token" },
      ]);
      expect(found(report)["carts.create"]).toBeUndefined();
    });

    it("the demo itself, which answers its own origin only: every reply lacks the header, every preflight is refused", async () => {
      const report = await check(undefined, { shopOrigin: ORIGIN });
      expect(found(report)["events.get"]).toEqual([
        {
          kind: "cors",
          field: "access-control-allow-origin",
          expected: "https://shop.example (or *)",
          got: "missing",
        },
      ]);
      expect(found(report)["carts.create"]).toContainEqual(
        expect.objectContaining({ kind: "cors", field: "preflight status", expected: "2xx" }),
      );
      const create = report.results.find((r) => r.call === "carts.create");
      expect(create?.preflight).toMatch(
        /^curl -i -X OPTIONS \S+ -H 'Access-Control-Request-Headers: content-type' -H 'Access-Control-Request-Method: POST' -H 'Origin: https:\/\/shop.example'$/,
      );
    });
  });
});
