// @vitest-environment node
/** Cart rules: statuses, duplicates, Deleted and Processed carts, checkout errors. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api, ApiResult } from "../../../storefront/src/api/index.ts";
import { apiFor, newCartId, startDemo, tokenFor } from "./demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
let api: Api;
beforeAll(async () => {
  demo = await startDemo();
  api = apiFor(demo.origin);
});
afterAll(() => demo.close());

const codeOf = (r: ApiResult<unknown>) => (r.error?.kind === "http" ? r.error.code : null);
const fresh = async () => {
  const id = newCartId();
  await api.carts.create(id);
  return id;
};

describe("carts", () => {
  it("answers 201 on create, 200 to a retried create, 404 for an unknown cart", async () => {
    const id = newCartId();
    expect((await api.carts.create(id)).status).toBe(201);
    expect((await api.carts.create(id)).status).toBe(200);
    const unknown = await api.carts.get("no-such-cart");
    expect([unknown.status, codeOf(unknown)]).toEqual([404, "CartNotFound"]);
  });

  it("refuses a product already in the cart with 409", async () => {
    const id = await fresh();
    const item = { productId: "c1001-photo", photoId: "a1001-9" };
    expect((await api.carts.addItem(id, item)).status).toBe(204);
    const again = await api.carts.addItem(id, item);
    expect([again.status, codeOf(again)]).toEqual([409, "ProductAlreadyInCart"]);
    expect(again.error?.message).toBe("This item has already been added to the Cart.");
    // v2 adds what is not there yet and skips the rest.
    const batch = await api.carts.addItems(id, [
      item,
      { productId: "c1001-photo", photoId: "a1001-10" },
    ]);
    expect(batch.status).toBe(204);
    expect((await api.carts.get(id)).data?.items).toHaveLength(2);
  });

  it("flags a photo already covered by an all-photos package as duplicate", async () => {
    const id = await fresh();
    const searchToken = await tokenFor(api);
    await api.carts.addItem(id, { productId: "c1001-pwm" }, { searchToken });
    const pkg = (await api.carts.get(id)).data?.items[0];
    const mine = pkg?.photoIds[0] ?? "";
    const notMine = ["a1001-1", "a1001-2", "a1001-3"].find((p) => !pkg?.photoIds.includes(p)) ?? "";
    await api.carts.addItem(id, { productId: "c1001-photo", photoId: mine });
    await api.carts.addItem(id, { productId: "c1001-photo", photoId: notMine });
    const items = (await api.carts.get(id)).data?.items ?? [];
    expect(items.map((i) => [i.photoId, i.duplicate])).toEqual([
      [null, false],
      [mine, true],
      [notMine, false],
    ]);
  });

  it("keeps a deleted cart readable with state Deleted and refuses changes", async () => {
    const id = await fresh();
    expect((await api.carts.remove(id)).status).toBe(204);
    const cart = await api.carts.get(id);
    expect([cart.status, cart.data?.state]).toEqual([200, "Deleted"]);
    const add = await api.carts.addItem(id, { productId: "c1001-photo", photoId: "a1001-1" });
    expect([add.status, codeOf(add)]).toEqual([409, "CartDeleted"]);
    expect(codeOf(await api.carts.checkout(id))).toBe("CartDeleted");
    expect(codeOf(await api.carts.create(id))).toBe("CartDeleted");
  });

  it("needs items and a customer e-mail to check out; a second checkout returns the same order", async () => {
    const id = await fresh();
    expect(codeOf(await api.carts.checkout(id))).toBe("CartEmpty");
    await api.carts.addItem(id, { productId: "c1003-photo", photoId: "a1003-5" });
    expect(codeOf(await api.carts.checkout(id))).toBe("CustomerRequired");
    expect(codeOf(await api.carts.setCustomer(id, "not-an-email"))).toBe("InvalidEmail");
    await api.carts.setCustomer(id, "someone@example.com");
    const first = await api.carts.checkout(id);
    expect(first.data?.state).toBe("Processed");
    const second = await api.carts.checkout(id);
    expect(second.data?.orderId).toBe(first.data?.orderId);
    const late = await api.carts.addItem(id, { productId: "c1003-photo", photoId: "a1003-6" });
    expect(codeOf(late)).toBe("CartProcessed");
  });

  it("validates products, photos, frames, search tokens and currency", async () => {
    const id = await fresh();
    const expectCode = async (item: Parameters<Api["carts"]["addItem"]>[1], code: string) =>
      expect(codeOf(await api.carts.addItem(id, item))).toBe(code);
    await expectCode({ productId: "c1001-old" }, "ProductNotFound");
    await expectCode({ productId: "c1001-photo", photoId: "a1002-1" }, "PhotoRequired");
    await expectCode({ productId: "c1001-frame", photoId: "a1001-1" }, "FrameRequired");
    await expectCode({ productId: "c1001-pwm" }, "SearchTokenRequired");
    await api.carts.addItem(id, { productId: "c1001-photo", photoId: "a1001-1" });
    await expectCode({ productId: "c1004-photo", photoId: "a1004-1" }, "CurrencyMismatch");
  });

  it("removes one item, several items, and answers 404 for an unknown item", async () => {
    const id = await fresh();
    await api.carts.addItems(id, [
      { productId: "c1001-photo", photoId: "a1001-1" },
      { productId: "c1001-photo", photoId: "a1001-2" },
      { productId: "c1001-gift" },
    ]);
    const [a, b, c] = (await api.carts.get(id)).data?.items ?? [];
    expect((await api.carts.removeItem(id, a?.shoppingCartItemId ?? "")).status).toBe(204);
    expect(codeOf(await api.carts.removeItem(id, a?.shoppingCartItemId ?? ""))).toBe(
      "CartItemNotFound",
    );
    await api.carts.removeItems(id, [b?.shoppingCartItemId ?? "", c?.shoppingCartItemId ?? ""]);
    expect((await api.carts.get(id)).data?.items).toEqual([]);
  });
});
