/**
 * Our side of the OIDC client (spec §6: single sign-on with the identity provider, check on
 * load, scope openid profile email): the settings we hand oidc-client-ts, what we read back from
 * its user, which of its keys we clear from the browser's storage, and the provider's sign-out
 * address we build. The library and the browser's window (its two storages, its location) are
 * fakes at the boundary.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface FakeUser {
  expired?: boolean;
  profile: { sub: string; email?: string; preferred_username?: string };
  access_token: string;
  id_token?: string;
  state?: unknown;
}

const lib = vi.hoisted(() => ({
  /** The settings of every UserManager built, in order. */
  settings: [] as Record<string, unknown>[],
  /** What each UserManager method does in the current test. */
  behaviour: {} as Record<string, (...args: unknown[]) => Promise<unknown>>,
  calls: [] as string[],
  redirects: [] as unknown[],
}));

vi.mock("oidc-client-ts", () => {
  const call =
    (name: string) =>
    (...args: unknown[]) => {
      lib.calls.push(name);
      if (name === "signinRedirect") lib.redirects.push(args[0]);
      const fn = lib.behaviour[name];
      return fn ? fn(...args) : Promise.resolve(null);
    };
  return {
    UserManager: class {
      getUser = call("getUser");
      signinSilent = call("signinSilent");
      signinRedirect = call("signinRedirect");
      signinCallback = call("signinCallback");
      signinSilentCallback = call("signinSilentCallback");
      removeUser = call("removeUser");
      metadataService = { getEndSessionEndpoint: call("getEndSessionEndpoint") };
      constructor(settings: Record<string, unknown>) {
        lib.settings.push(settings);
      }
    },
    InMemoryWebStorage: class {
      readonly inMemory = true;
    },
    WebStorageStateStore: class {
      constructor(readonly options: { store: Storage }) {}
    },
  };
});

const { completeSilentCallback, createOidcClient } = await import(
  "../../../storefront/src/stores/auth/oidc-client.ts"
);

const { loadOidcClient } = await import("../../../storefront/src/stores/AuthStore.ts");

const config = {
  authority: "https://shop.example/auth/realms/mysport",
  clientId: "storefront",
  origin: "https://shop.example",
  silentTimeoutMs: 4_000,
};

const runner: FakeUser = {
  profile: { sub: "u-17", email: "runner@demo.example", preferred_username: "runner" },
  access_token: "at-1",
  id_token: "id-1",
};

/** The Web Storage API over a Map, in insertion order (as browsers keep it). */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  [name: string]: unknown;
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
}

let sessionStorage: Storage;
let localStorage: Storage;
/** Where the sign-out sent the browser (window.location.assign). */
let assigned: string[] = [];

beforeEach(() => {
  lib.settings.length = 0;
  lib.calls.length = 0;
  lib.redirects.length = 0;
  lib.behaviour = {};
  assigned = [];
  sessionStorage = new MemoryStorage();
  localStorage = new MemoryStorage();
  vi.stubGlobal("window", {
    sessionStorage,
    localStorage,
    location: { assign: (url: string) => void assigned.push(url) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = (over: Partial<FakeUser> = {}): FakeUser => ({ ...runner, ...over });
const keys = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();

/** A signed-in device mid-way through a request: the user, two request states, other data. */
function fillStorage() {
  for (const storage of [sessionStorage, localStorage]) {
    storage.setItem("oidc.user:https://shop.example/auth/realms/mysport:storefront", "{}");
    storage.setItem("oidc.3f2a", "{}");
    storage.setItem("oidc.9c1b", "{}");
    storage.setItem("storefront.cartId", "c1");
    storage.setItem("storefront.lang", "en");
  }
}

describe("the OIDC client's settings", () => {
  it("authorization code to {origin}/auth-callback, scope openid profile email, no background work", () => {
    createOidcClient(config);
    // The redirect sign-in's manager and the silent check's, the same but for the state store.
    expect(lib.settings).toHaveLength(2);
    const s = lib.settings[0] as Record<string, unknown> & {
      userStore: { options: { store: Storage } };
      stateStore: { options: { store: Storage } };
    };
    expect({ ...s, userStore: undefined, stateStore: undefined }).toEqual({
      authority: "https://shop.example/auth/realms/mysport",
      client_id: "storefront",
      redirect_uri: "https://shop.example/auth-callback",
      silent_redirect_uri: "https://shop.example/auth-callback",
      post_logout_redirect_uri: "https://shop.example/",
      response_type: "code",
      scope: "openid profile email",
      userStore: undefined,
      stateStore: undefined,
      automaticSilentRenew: false,
      monitorSession: false,
      loadUserInfo: false,
      silentRequestTimeoutInSeconds: 4,
      requestTimeoutInSeconds: 4,
    });
    // The user lives as long as the tab; a request's state survives the provider's new tab.
    expect(s.userStore.options.store).toBe(sessionStorage);
    expect(s.stateStore.options.store).toBe(localStorage);
    const silent = lib.settings[1] as typeof s;
    expect({ ...silent, stateStore: undefined, userStore: undefined }).toEqual({
      ...s,
      stateStore: undefined,
      userStore: undefined,
    });
    expect(silent.userStore.options.store).toBe(sessionStorage);
    // The silent check's request state never reaches a storage another tab shares.
    expect(silent.stateStore.options.store).toMatchObject({ inMemory: true });
  });

  it("the sign-in store's loader builds this client", async () => {
    lib.behaviour.getUser = async () => user();
    const client = await loadOidcClient(config);
    expect(lib.settings).toHaveLength(2);
    expect(await client.storedUser()).toEqual({
      email: "runner@demo.example",
      accessToken: "at-1",
    });
  });

  it("a time-out that is not whole seconds rounds up", () => {
    createOidcClient({ ...config, silentTimeoutMs: 4_500 });
    expect(lib.settings[0]).toMatchObject({
      silentRequestTimeoutInSeconds: 5,
      requestTimeoutInSeconds: 5,
    });
  });

  it("the silent check's iframe hands the answer over with the same settings", async () => {
    await completeSilentCallback(config, "https://shop.example/auth-callback?code=1&state=s");
    // Straight to the parent window, which holds the request's state in its memory.
    expect(lib.calls).toEqual(["signinSilentCallback"]);
    expect(lib.settings[0]).toMatchObject({
      redirect_uri: "https://shop.example/auth-callback",
      scope: "openid profile email",
    });
  });
});

describe("the user we read from the provider", () => {
  it("e-mail and access token of the stored user", async () => {
    lib.behaviour.getUser = async () => user();
    expect(await createOidcClient(config).storedUser()).toEqual({
      email: "runner@demo.example",
      accessToken: "at-1",
    });
  });

  it("without an e-mail, the user name, else the subject", async () => {
    const client = createOidcClient(config);
    lib.behaviour.getUser = async () =>
      user({ profile: { sub: "u-17", preferred_username: "runner" } });
    expect((await client.storedUser())?.email).toBe("runner");
    lib.behaviour.getUser = async () => user({ profile: { sub: "u-17" } });
    expect((await client.storedUser())?.email).toBe("u-17");
  });

  it("no stored user, or an expired one, is nobody", async () => {
    const client = createOidcClient(config);
    lib.behaviour.getUser = async () => null;
    expect(await client.storedUser()).toBeNull();
    lib.behaviour.getUser = async () => user({ expired: true });
    expect(await client.storedUser()).toBeNull();
    lib.behaviour.getUser = async () => user({ expired: false });
    expect(await client.storedUser()).not.toBeNull();
  });
});

describe("the silent check", () => {
  it("signs in and leaves every stored entry alone: another tab's sign-in under way survives", async () => {
    fillStorage();
    const before = [keys(sessionStorage), keys(localStorage)];
    lib.behaviour.signinSilent = async () => user();
    expect(await createOidcClient(config).silentSignIn()).toEqual({
      email: "runner@demo.example",
      accessToken: "at-1",
    });
    expect([keys(sessionStorage), keys(localStorage)]).toEqual(before);
    expect(keys(localStorage)).toContain("oidc.3f2a");
  });

  it("a check that failed (login_required) leaves them alone too", async () => {
    fillStorage();
    const before = [keys(sessionStorage), keys(localStorage)];
    lib.behaviour.signinSilent = async () => {
      throw new Error("login_required");
    };
    await expect(createOidcClient(config).silentSignIn()).rejects.toThrow("login_required");
    expect([keys(sessionStorage), keys(localStorage)]).toEqual(before);
  });
});

describe("sign-in by redirect", () => {
  it("leaves for the provider carrying where to come back", async () => {
    await createOidcClient(config).signIn("/my-account/orders");
    expect(lib.redirects).toEqual([{ state: { returnTo: "/my-account/orders" } }]);
  });

  it("the callback gives the user and where to return", async () => {
    lib.behaviour.signinCallback = async () => user({ state: { returnTo: "/cart" } });
    expect(
      await createOidcClient(config).completeSignIn("https://shop.example/auth-callback"),
    ).toEqual({
      user: { email: "runner@demo.example", accessToken: "at-1" },
      returnTo: "/cart",
    });
  });

  it("a callback without state returns nowhere in particular", async () => {
    lib.behaviour.signinCallback = async () => user();
    const done = await createOidcClient(config).completeSignIn(
      "https://shop.example/auth-callback",
    );
    expect(done.returnTo).toBeUndefined();
  });

  it("no user, or an expired one, is a failed sign-in", async () => {
    const client = createOidcClient(config);
    lib.behaviour.signinCallback = async () => null;
    await expect(client.completeSignIn("u")).rejects.toThrow("no usable user");
    lib.behaviour.signinCallback = async () => user({ expired: true, state: { returnTo: "/" } });
    await expect(client.completeSignIn("u")).rejects.toThrow("no usable user");
  });
});

describe("sign-out", () => {
  it("forgets every OIDC key on the device, then ends the provider's session", async () => {
    fillStorage();
    lib.behaviour.getUser = async () => user();
    lib.behaviour.getEndSessionEndpoint = async () =>
      "https://shop.example/auth/realms/mysport/protocol/openid-connect/logout";
    await createOidcClient(config).signOut();
    expect(lib.calls).toContain("removeUser");
    for (const storage of [sessionStorage, localStorage]) {
      expect(keys(storage)).toEqual(["storefront.cartId", "storefront.lang"]);
    }
    expect(assigned).toHaveLength(1);
    const url = new URL(assigned[0] as string);
    expect(url.origin + url.pathname).toBe(
      "https://shop.example/auth/realms/mysport/protocol/openid-connect/logout",
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: "id-1",
      client_id: "storefront",
      post_logout_redirect_uri: "https://shop.example/",
    });
  });

  it("without a readable user there is no token hint, and storage is still cleared", async () => {
    fillStorage();
    lib.behaviour.getUser = async () => {
      throw new Error("storage blocked");
    };
    lib.behaviour.removeUser = async () => {
      throw new Error("storage blocked");
    };
    lib.behaviour.getEndSessionEndpoint = async () => "https://id.example/logout";
    await createOidcClient(config).signOut();
    expect(keys(sessionStorage)).toEqual(["storefront.cartId", "storefront.lang"]);
    const url = new URL(assigned[0] as string);
    expect(url.searchParams.has("id_token_hint")).toBe(false);
    expect(url.searchParams.get("client_id")).toBe("storefront");
  });

  it("a provider without an end-session address (or down): a fresh page of home, nothing kept in memory", async () => {
    lib.behaviour.getUser = async () => user();
    const client = createOidcClient(config);
    lib.behaviour.getEndSessionEndpoint = async () => undefined;
    await client.signOut();
    lib.behaviour.getEndSessionEndpoint = async () => {
      throw new Error("metadata unreachable");
    };
    await client.signOut();
    expect(assigned).toEqual([`${config.origin}/`, `${config.origin}/`]);
  });
});
