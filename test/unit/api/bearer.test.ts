// @vitest-environment node
/**
 * Spec §6: the Bearer token goes on cart, order, receipt and search calls only, and
 * only to the API origin. Every API function is called once with a recording fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, createApi } from "../../../storefront/src/api/index.ts";
import { newCartId, selfie, startDemo } from "../demo/demo-server.ts";
import { type Call, recordingFetch } from "../fixtures/recording-fetch.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

/** Calls every function of the API once; returns how many distinct functions it called. */
async function callEverything(api: Api): Promise<number> {
  const calls: Promise<unknown>[] = [];
  const run = <T>(p: Promise<T>) => {
    calls.push(p);
    return p;
  };
  await run(api.themes.images("MySport"));
  await run(api.events.list({ searchString: "moscow" }));
  await run(api.events.get("1001"));
  await run(api.competitors.search("1001", "ivanov"));
  const token = (await run(api.competitors.token("1001", { competitorId: "1001-101" }))).data
    ?.token;
  const searchToken = token ?? null;
  await run(api.photos.list({ albumId: "a1001", count: 5 }));
  await run(api.photos.listAll({ albumId: "a1001", competitorId: "1001-101" }, { searchToken }));
  await run(
    api.photos.itsMe("a1001-1", {
      itIsMe: false,
      tag: { photoTagId: "a1001-1-x", name: "n", value: "v" },
    }),
  );
  const uploaded = await run(api.recognition.upload("a1001", selfie("one-person")));
  const read = await run(api.recognition.get(uploaded.data?.selfieId ?? ""));
  // Its search done, the selfie is already deleted (the consent's promise): the call still goes
  // out, with the token, and answers 410.
  expect((await api.recognition.file(read.data?.fileUrl ?? "")).status).toBe(410);
  await run(api.catalog.products({ catalogId: "c1001" }));
  await run(api.catalog.product("c1001-pwm"));
  await run(api.frames.preview({ photoId: "a1001-1", frameId: "classic" }, { searchToken }));
  const id = newCartId();
  await run(api.carts.create(id));
  await run(api.carts.get(id));
  await run(api.carts.addItem(id, { productId: "c1001-pwm" }, { searchToken }));
  await run(
    api.carts.addItems(id, [{ productId: "c1001-photo", photoId: "a1001-2" }], { searchToken }),
  );
  const cart = await run(api.carts.get(id));
  await run(api.carts.removeItem(id, cart.data?.items[1]?.shoppingCartItemId ?? ""));
  await run(api.carts.removeItems(id, []));
  await run(api.carts.addPromoCode(id, "FREE-BEARER"));
  const withCode = await run(api.carts.get(id));
  await run(api.carts.removePromoCode(id, withCode.data?.promotionalCodes[0]?.codeId ?? ""));
  await run(api.carts.setAttributes(id, { language: "ru", theme: "MySport" }));
  await run(api.carts.setCustomer(id, "runner@demo.example"));
  const orderId = (await run(api.carts.checkout(id))).data?.orderId ?? "";
  const order = await run(api.orders.get(orderId));
  await run(api.orders.list());
  await run(api.orders.items(orderId));
  const invoiceId = order.data?.invoiceId ?? "";
  await run(api.invoices.paymentTypes({ amount: 990, currencyId: 643, albumId: "a1001" }));
  await run(api.invoices.createPayment(invoiceId, "Card"));
  await run(api.invoices.payments(invoiceId));
  await run(api.preorders.details("po-1001"));
  const archive = await run(api.archives.create({ preorderId: "po-1001" }));
  const state = await run(api.archives.get(archive.data?.archiveId ?? ""));
  await run(api.archives.file(state.data?.fileUrl ?? ""));
  await run(api.receipts.list("invoice-seed-01"));
  await run(api.receipts.get("receipt-invoice-seed-01"));
  await run(api.receipts.download("invoice-seed-01"));
  await run(api.requests.send({ kind: "business", phone: "+7 900" }));
  await run(api.carts.remove(id));
  // Every reply is a success that satisfies its contract (a ContractError would be ok: false).
  const results = (await Promise.all(calls)) as { ok: boolean; status: number; error?: Error }[];
  expect(results.filter((r) => !r.ok).map((r) => `${r.status} ${r.error?.message}`)).toEqual([]);
  return calls.length;
}

/** Where the spec allows the Bearer token. */
function bearerAllowed(call: Call): boolean {
  const { pathname } = new URL(call.url);
  const [, , service, , , ...rest] = pathname.split("/");
  const path = `/${rest.join("/")}`;
  switch (service) {
    case "shoppingcart-service":
    case "order-service":
    case "receipt-service":
    case "recognition-service":
      return true;
    case "competitor-service":
      return path.endsWith("/token");
    case "photo-service":
      return call.method === "GET" && path === "/photos";
    default:
      return false;
  }
}

describe("Bearer token placement", () => {
  it("is sent exactly on cart, order, receipt and search calls", async () => {
    const { fetch, calls } = recordingFetch();
    const token = demo.demo.signToken("runner@demo.example");
    const api = createApi({
      origin: demo.origin,
      getLanguage: () => "ru",
      getToken: () => token,
      fetch,
    });
    const count = await callEverything(api);
    expect(count).toBeGreaterThanOrEqual(40);
    const wrong = calls.filter(
      (c) => (c.headers.get("authorization") !== null) !== bearerAllowed(c),
    );
    expect(wrong.map((c) => `${c.method} ${c.url}`)).toEqual([]);
    expect(calls.filter((c) => c.headers.has("authorization")).length).toBeGreaterThan(15);
    for (const c of calls.filter((x) => x.headers.has("authorization"))) {
      expect(c.headers.get("authorization")).toBe(`Bearer ${token}`);
      expect(new URL(c.url).origin).toBe(demo.origin);
    }
    expect(calls.every((c) => c.headers.get("accept-language") === "ru")).toBe(true);
  });

  it("is never sent when nobody is signed in", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApi({
      origin: demo.origin,
      getLanguage: () => "en",
      getToken: () => null,
      fetch,
    });
    await api.photos.list({ albumId: "a1001" });
    await api.carts.get("none");
    expect(calls.some((c) => c.headers.has("authorization"))).toBe(false);
  });

  it("is not sent to a file address on another origin", async () => {
    const elsewhere = await startDemo();
    try {
      const { fetch, calls } = recordingFetch();
      const api = createApi({
        origin: demo.origin,
        getLanguage: () => "ru",
        getToken: () => "t",
        fetch,
      });
      const up = await createApi({
        origin: elsewhere.origin,
        getLanguage: () => "ru",
      }).recognition.upload("a1001", selfie("one-person"));
      const file = await api.recognition.file(`${elsewhere.origin}${up.data?.fileUrl}`);
      // Answered (410: deleted once its search was done), and without the token.
      expect(file.status).toBe(410);
      expect(calls[0]?.headers.has("authorization")).toBe(false);
    } finally {
      await elsewhere.close();
    }
  });
});
