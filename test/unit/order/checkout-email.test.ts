// @vitest-environment node
/**
 * Signed-in checkout (spec §3 "Signed-in user: e-mail and token from the
 * identity provider"): the provider's e-mail fills the checkout's e-mail field; it stays
 * editable and never overwrites what the visitor typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../demo/demo-server.ts";
import { demoStores } from "../fixtures/stores.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

/** A tab whose cart holds one photo of event 1003, at the checkout's Order step. */
async function atCheckout() {
  const store = demoStores({ origin: demo.origin, fetch });
  await store.cart.init();
  await store.catalog.load("c1003");
  const product = store.catalog.photoProduct("c1003");
  const photos = await store.api.photos.list({ albumId: "a1003" }, {});
  const photo = photos.data?.items[0];
  if (!product || !photo) throw new Error("no catalog");
  await store.cart.addPhoto({ eventId: "1003", name: "Kazan" }, product, photo, null);
  await store.checkout.start(null);
  return store;
}

describe("checkout e-mail of a signed-in participant", () => {
  it("is filled from the identity provider's e-mail, and can be edited", async () => {
    const { checkout, auth } = await atCheckout();
    expect(checkout.email).toBe("");
    // A token the demo backend trusts (it verifies every Bearer).
    auth.setUser({
      email: "runner@demo.example",
      accessToken: demo.demo.signToken("runner@demo.example"),
    });
    checkout.suggestEmail(auth.user?.email);
    expect(checkout.email).toBe("runner@demo.example");
    checkout.setEmail("other@example.com");
    expect(checkout.email).toBe("other@example.com");
    expect(await checkout.continueToPayment()).toBe(true);
    expect(checkout.step).toBe("payment");
  });

  it("never overwrites what the visitor typed, even a field they emptied", async () => {
    const { checkout } = await atCheckout();
    checkout.setEmail("typed@example.com");
    checkout.suggestEmail("runner@demo.example");
    expect(checkout.email).toBe("typed@example.com");
    checkout.setEmail("");
    checkout.suggestEmail("runner@demo.example");
    expect(checkout.email).toBe("");
  });

  it("ignores a provider value that is not an e-mail address", async () => {
    const { checkout } = await atCheckout();
    checkout.suggestEmail("demo-runner");
    checkout.suggestEmail(null);
    expect(checkout.email).toBe("");
  });
});
