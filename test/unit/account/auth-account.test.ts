import { describe, expect, it, vi } from "vitest";
import type { Api, Order } from "../../../storefront/src/api/index.ts";
import { mergeOrders, newestFirst } from "../../../storefront/src/domain/account.ts";
import { authorityOf, isOidcKey, safeReturnPath } from "../../../storefront/src/domain/auth.ts";
import { menuAllows } from "../../../storefront/src/domain/menu.ts";
import { AccountStore } from "../../../storefront/src/stores/AccountStore.ts";
import { AuthStore } from "../../../storefront/src/stores/AuthStore.ts";
import type { AuthClient } from "../../../storefront/src/stores/auth/client.ts";

const settings = { realm: "mysport", clientId: "storefront" };
const user = { email: "runner@demo.example", accessToken: "at-1" };

function client(over: Partial<AuthClient> = {}): AuthClient {
  return {
    storedUser: async () => null,
    silentSignIn: async () => null,
    signIn: async () => undefined,
    completeSignIn: async () => ({ user, returnTo: "/my-account" }),
    signOut: async () => undefined,
    ...over,
  };
}

describe("sign-in rules (spec §6)", () => {
  it("authority from the settings, else {origin}/auth/realms/{realm}", () => {
    expect(authorityOf(settings, "https://shop.example")).toBe(
      "https://shop.example/auth/realms/mysport",
    );
    expect(authorityOf({ ...settings, authority: "https://id.example/realms/x/" }, "o")).toBe(
      "https://id.example/realms/x",
    );
  });

  it("returns only to in-app paths", () => {
    expect(safeReturnPath("/my-account/order/1")).toBe("/my-account/order/1");
    for (const bad of ["//evil.example", "https://evil.example", 42, "/auth-callback?x"]) {
      expect(safeReturnPath(bad)).toBe("/");
    }
    expect(isOidcKey("oidc.user:x")).toBe(true);
    expect(isOidcKey("cart")).toBe(false);
  });

  it("landing routes follow the tenant's menu", () => {
    expect(menuAllows(["participants", "contacts"], "organizers")).toBe(false);
    expect(menuAllows(["participants", "organizers", "contacts"], "organizers")).toBe(true);
  });
});

describe("AuthStore", () => {
  it("a tenant without sign-in never loads the client", async () => {
    const load = vi.fn();
    const auth = new AuthStore({ settings: undefined, origin: "o", loadClient: load });
    await auth.init();
    expect(load).not.toHaveBeenCalled();
    expect(auth.enabled).toBe(false);
    expect(auth.status).toBe("anonymous");
  });

  it("the check on load runs once, whoever asks (start-up and /my-account)", async () => {
    const silentSignIn = vi.fn(async () => user);
    const auth = new AuthStore({
      settings,
      origin: "o",
      loadClient: async () => client({ silentSignIn }),
    });
    await Promise.all([auth.init(), auth.init()]);
    await auth.init();
    expect(silentSignIn).toHaveBeenCalledTimes(1);
    expect(auth.signedIn).toBe(true);
  });

  it("the silent check signs in with e-mail and token", async () => {
    const auth = new AuthStore({
      settings,
      origin: "o",
      loadClient: async () => client({ silentSignIn: async () => user }),
    });
    expect(auth.checking).toBe(true);
    await auth.init();
    expect(auth.user).toEqual({ email: "runner@demo.example" });
    expect(auth.token).toBe("at-1");
  });

  it("login_required or a provider that never answers leave the visitor anonymous, in time", async () => {
    vi.useFakeTimers();
    try {
      const failing = new AuthStore({
        settings,
        origin: "o",
        loadClient: async () =>
          client({ silentSignIn: () => Promise.reject(new Error("login_required")) }),
      });
      await failing.init();
      expect(failing.status).toBe("anonymous");
      const hanging = new AuthStore({
        settings,
        origin: "o",
        silentTimeoutMs: 3_000,
        loadClient: async () => client({ silentSignIn: () => new Promise(() => {}) }),
      });
      const done = hanging.init();
      await vi.advanceTimersByTimeAsync(4_000);
      await done;
      expect(hanging.status).toBe("anonymous");
    } finally {
      vi.useRealTimers();
    }
  });

  it("sign-out forgets user and token even when the provider is down", async () => {
    const auth = new AuthStore({
      settings,
      origin: "o",
      loadClient: async () => client({ signOut: () => Promise.reject(new Error("down")) }),
    });
    expect(await auth.completeSignIn("o/auth-callback?code=1")).toBe("/my-account");
    expect(auth.token).toBe("at-1");
    await auth.signOut();
    expect(auth.user).toBeNull();
    expect(auth.token).toBeNull();
  });

  it("sign-in reports an unreachable provider instead of throwing", async () => {
    const auth = new AuthStore({
      settings,
      origin: "o",
      loadClient: () => Promise.reject(new Error("chunk failed")),
    });
    expect(await auth.signIn("/cart")).toBe(false);
  });
});

const order = (id: string, createdOn: string) => ({ orderId: id, createdOn }) as Order;

describe("order history", () => {
  it("newest createdOn first, each order once", () => {
    const a = order("a", "2025-10-20T10:00:00Z");
    const b = order("b", "2025-09-01T10:00:00Z");
    const c = order("c", "2025-10-01T10:00:00Z");
    expect(newestFirst([b, a, c]).map((o) => o.orderId)).toEqual(["a", "c", "b"]);
    expect(mergeOrders([a, c], [c, b]).map((o) => o.orderId)).toEqual(["a", "c", "b"]);
  });

  it("AccountStore pages with show more until the total", async () => {
    const all = Array.from({ length: 23 }, (_, i) =>
      order(`o${i}`, new Date(Date.UTC(2025, 0, 23 - i)).toISOString()),
    );
    const list = vi.fn(async ({ offset = 0, count = 10 }: { offset?: number; count?: number }) => ({
      ok: true as const,
      status: 200,
      data: { items: all.slice(offset, offset + count), total: all.length },
    }));
    const account = new AccountStore({ orders: { list } } as unknown as Api);
    await account.load();
    expect(account.orders).toHaveLength(10);
    expect(account.hasMore).toBe(true);
    await account.showMore();
    await account.showMore();
    expect(account.orders).toHaveLength(23);
    expect(account.hasMore).toBe(false);
    expect(list).toHaveBeenLastCalledWith({ offset: 20, count: 10 });
    account.clear();
    expect(account.orders).toEqual([]);
  });
});
