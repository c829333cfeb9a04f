/**
 * The AuthClient over oidc-client-ts. Loaded only through a dynamic import (AuthStore, the
 * silent-check iframe), so tenants without sign-in and the first screen never download it.
 * Authorization code + PKCE (S256); the spec's implicit flow is deprecated (RFC 9700) and
 * unsupported by the library.
 */
import { InMemoryWebStorage, type User, UserManager, WebStorageStateStore } from "oidc-client-ts";
import { AUTH_CALLBACK_PATH, isOidcKey } from "../../domain/auth.ts";
import type { AuthClient, AuthClientConfig, AuthUser } from "./client.ts";

/**
 * `states` keeps the state of requests under way: local storage for the redirect sign-in (it
 * must outlive the page), memory for the silent check, whose answer comes back to this same
 * page: its state is never written where another tab could lose it, or it another tab's.
 */
function manager(c: AuthClientConfig, states: Storage = window.localStorage): UserManager {
  return new UserManager({
    authority: c.authority,
    client_id: c.clientId,
    redirect_uri: `${c.origin}${AUTH_CALLBACK_PATH}`,
    silent_redirect_uri: `${c.origin}${AUTH_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${c.origin}/`,
    response_type: "code",
    scope: "openid profile email",
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: states }),
    automaticSilentRenew: false,
    monitorSession: false,
    // Keycloak (and the preview provider) put e-mail in the ID token: no extra userinfo call.
    loadUserInfo: false,
    silentRequestTimeoutInSeconds: Math.ceil(c.silentTimeoutMs / 1000),
    requestTimeoutInSeconds: Math.ceil(c.silentTimeoutMs / 1000),
  });
}

function toUser(user: User | null | undefined): AuthUser | null {
  if (!user || user.expired) return null;
  const email = user.profile.email ?? user.profile.preferred_username ?? user.profile.sub;
  return { email, accessToken: user.access_token };
}

function clearOidcKeys(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) if (key && isOidcKey(key)) storage.removeItem(key);
}

export function createOidcClient(c: AuthClientConfig): AuthClient {
  const um = manager(c);
  // The silent check's own manager: its state stays in this page's memory, so a check in one
  // tab never removes (nor leaves) an oidc.* entry, and a sign-in under way in another survives.
  const silent = manager(c, new InMemoryWebStorage());
  return {
    storedUser: async () => toUser(await um.getUser()),
    silentSignIn: async () => toUser(await silent.signinSilent()),
    signIn: (returnTo) => um.signinRedirect({ state: { returnTo } }),
    completeSignIn: async (url) => {
      const user = await um.signinCallback(url);
      const auth = toUser(user);
      if (!user || !auth) throw new Error("the provider returned no usable user");
      return { user: auth, returnTo: (user.state as { returnTo?: unknown } | undefined)?.returnTo };
    },
    signOut: async () => {
      const idToken = (await um.getUser().catch(() => undefined))?.id_token;
      await um.removeUser().catch(() => undefined);
      clearOidcKeys(window.sessionStorage);
      clearOidcKeys(window.localStorage);
      // End the provider's session too, or the silent check on the next load signs the user
      // back in. Built by hand so no sign-out state is left in storage.
      const endSession = await um.metadataService.getEndSessionEndpoint().catch(() => undefined);
      // Without one, a fresh page of home: nothing of the person stays in memory either.
      if (!endSession) return window.location.assign(`${c.origin}/`);
      const url = new URL(endSession);
      if (idToken) url.searchParams.set("id_token_hint", idToken);
      url.searchParams.set("client_id", c.clientId);
      url.searchParams.set("post_logout_redirect_uri", `${c.origin}/`);
      window.location.assign(url.href);
    },
  };
}

/**
 * In the silent check's iframe: hand the provider's answer to the parent window, which holds
 * the request's state in its memory and completes it.
 */
export async function completeSilentCallback(c: AuthClientConfig, url: string): Promise<void> {
  await manager(c).signinSilentCallback(url);
}
