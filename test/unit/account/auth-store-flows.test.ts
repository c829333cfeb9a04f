/**
 * AuthStore's sign-in flows (spec §6: single sign-on via the identity provider, only if the
 * tenant has openId settings; base address from settings or {host}/auth): the client's
 * configuration, the stored session before the silent check, the redirect and its callback.
 */
import { describe, expect, it, vi } from "vitest";
import { AuthStore, isSilentCallbackFrame } from "../../../storefront/src/stores/AuthStore.ts";
import type { AuthClient, AuthClientConfig } from "../../../storefront/src/stores/auth/client.ts";

const settings = { realm: "mysport", clientId: "storefront" };
const user = { email: "runner@demo.example", accessToken: "at-1" };

function setup(over: Partial<AuthClient> = {}, signIn = true) {
  const auth = signIn ? settings : undefined;
  const configs: AuthClientConfig[] = [];
  const log: string[] = [];
  const client: AuthClient = {
    storedUser: async () => null,
    silentSignIn: async () => {
      log.push("silent");
      return null;
    },
    signIn: async (returnTo) => void log.push(`signIn ${returnTo}`),
    completeSignIn: async () => ({ user, returnTo: "/my-account/orders" }),
    signOut: async () => void log.push("signOut"),
    ...over,
  };
  const store = new AuthStore({
    settings: auth,
    origin: "https://shop.example",
    silentTimeoutMs: 50,
    loadClient: async (config) => {
      configs.push(config);
      return client;
    },
  });
  return { store, configs, log };
}

describe("AuthStore flows", () => {
  it("configures the client once: {origin}/auth/realms/{realm}, client id, silent time-out", async () => {
    const s = setup();
    await s.store.init();
    await s.store.signIn("/cart");
    expect(s.configs).toEqual([
      {
        authority: "https://shop.example/auth/realms/mysport",
        clientId: "storefront",
        origin: "https://shop.example",
        silentTimeoutMs: 50,
      },
    ]);
  });

  it("a stored session signs in without asking the provider", async () => {
    const s = setup({ storedUser: async () => user });
    expect([s.store.status, s.store.checking]).toEqual(["checking", true]);
    await s.store.init();
    expect([s.store.status, s.store.checking, s.store.signedIn]).toEqual([
      "signed-in",
      false,
      true,
    ]);
    expect([s.store.user, s.store.token, s.log]).toEqual([
      { email: "runner@demo.example" },
      "at-1",
      [],
    ]);
  });

  it("sign-in returns only to an in-app path", async () => {
    const s = setup();
    expect(await s.store.signIn("/cart")).toBe(true);
    expect(await s.store.signIn("https://evil.example/")).toBe(true);
    expect(s.log).toEqual(["signIn /cart", "signIn /"]);
  });

  it("the callback signs in and returns where the visitor was", async () => {
    const s = setup();
    expect(await s.store.completeSignIn("https://shop.example/auth-callback?code=1")).toBe(
      "/my-account/orders",
    );
    expect([s.store.signedIn, s.store.token]).toEqual([true, "at-1"]);
  });

  it("a failed callback says it failed (no silent trip home); without a session, anonymous", async () => {
    const s = setup({
      completeSignIn: async () => {
        throw new Error("state mismatch");
      },
    });
    expect(await s.store.completeSignIn("https://shop.example/auth-callback?error=1")).toBeNull();
    expect([s.store.signedIn, s.store.token, s.store.status]).toEqual([false, null, "anonymous"]);
  });

  it("a used callback address reopened by a signed-in user keeps them signed in", async () => {
    const s = setup({
      storedUser: async () => user,
      completeSignIn: async () => {
        throw new Error("No matching state found in storage");
      },
    });
    expect(await s.store.completeSignIn("https://shop.example/auth-callback?code=old")).toBeNull();
    expect([s.store.signedIn, s.store.token]).toEqual([true, "at-1"]);
    // A callback page with no answer at all is a failure too, never a request.
    expect(await setup().store.completeSignIn(null)).toBeNull();
  });

  it("a tenant without sign-in: anonymous, never loads the client, sign-out is local", async () => {
    const s = setup({}, false);
    expect([s.store.enabled, s.store.status]).toEqual([false, "anonymous"]);
    expect(await s.store.signIn("/")).toBe(false);
    expect(await s.store.completeSignIn("https://shop.example/auth-callback")).toBeNull();
    await s.store.signOut();
    expect([s.configs, s.log]).toEqual([[], []]);
  });

  it("sign-out forgets the user and ends the provider's session", async () => {
    const s = setup({ storedUser: async () => user });
    await s.store.init();
    await s.store.signOut();
    expect([s.store.user, s.store.token, s.log]).toEqual([null, null, ["signOut"]]);
  });

  it("sign-out forgets the person's device data first, and is never a reason to sign in", async () => {
    const order: string[] = [];
    const store = new AuthStore({
      settings,
      origin: "https://shop.example",
      forgetPerson: () => void order.push("forget"),
      leave: (path) => void order.push(`leave ${path}`),
      loadClient: async () => ({
        storedUser: async () => user,
        silentSignIn: async () => null,
        signIn: async () => void order.push("signIn"),
        completeSignIn: async () => ({ user, returnTo: "/" }),
        signOut: async () => {
          // While the provider's sign-out is under way, the store says so.
          order.push(`signOut signingOut=${store.signingOut} signedIn=${store.signedIn}`);
        },
      }),
    });
    await store.init();
    await Promise.all([store.signOut(), store.signOut()]);
    expect(order).toEqual(["forget", "signOut signingOut=true signedIn=false"]);
    expect(store.signingOut).toBe(true);
  });

  it("a provider that cannot be reached at sign-out: the device is forgotten and home loads afresh", async () => {
    const order: string[] = [];
    const store = new AuthStore({
      settings,
      origin: "https://shop.example",
      forgetPerson: () => void order.push("forget"),
      leave: (path) => void order.push(`leave ${path}`),
      loadClient: async () => {
        throw new Error("chunk failed");
      },
    });
    await store.signOut();
    expect(order).toEqual(["forget", "leave /"]);
  });
});

describe("the silent check's time limit", () => {
  /** A store whose provider answers the silent check after `ms` (the default 4 s limit). */
  function slowProvider(ms: number) {
    return new AuthStore({
      settings,
      origin: "https://shop.example",
      loadClient: async () => ({
        storedUser: async () => null,
        silentSignIn: () => new Promise((done) => setTimeout(() => done(user), ms)),
        signIn: async () => {},
        completeSignIn: async () => ({ user, returnTo: "/" }),
        signOut: async () => {},
      }),
    });
  }

  it("the client has its 4 s and the store a second more before giving up", async () => {
    vi.useFakeTimers();
    try {
      const inTime = slowProvider(4_900);
      const late = slowProvider(5_100);
      const runs = [inTime.init(), late.init()];
      await vi.advanceTimersByTimeAsync(6_000);
      await Promise.all(runs);
      expect([inTime.status, late.status]).toEqual(["signed-in", "anonymous"]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the silent check's hidden frame", () => {
  const win = (framed: boolean, pathname: string) => {
    const w = { location: { pathname } } as { parent?: unknown; location: { pathname: string } };
    w.parent = framed ? {} : w;
    return w as unknown as Window;
  };
  it("is a frame at /auth-callback, nothing else", () => {
    expect(isSilentCallbackFrame(win(true, "/auth-callback"))).toBe(true);
    expect(isSilentCallbackFrame(win(false, "/auth-callback"))).toBe(false);
    expect(isSilentCallbackFrame(win(true, "/cart"))).toBe(false);
    expect(isSilentCallbackFrame(win(true, "/auth-callback/"))).toBe(true);
    expect(isSilentCallbackFrame(win(true, "/event/auth-callback"))).toBe(false);
  });
});
