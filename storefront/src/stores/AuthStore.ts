import { makeAutoObservable } from "mobx";
import {
  type AuthSettings,
  authorityOf,
  SILENT_CHECK_TIMEOUT_MS,
  safeReturnPath,
} from "../domain/auth.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { matchRoute } from "../routes.ts";
import type { AuthClient, AuthClientConfig, AuthUser } from "./auth/client.ts";

export interface SignedInUser {
  email: string;
}

export type AuthStatus = "checking" | "anonymous" | "signed-in";

export interface AuthDeps {
  /** The tenant's `auth`; without it the tenant has no sign-in and nothing is ever loaded. */
  settings: AuthSettings | undefined;
  origin: string;
  /** Loads the OIDC client; by default a dynamic import, so anonymous first screens don't pay for it. */
  loadClient?: (config: AuthClientConfig) => Promise<AuthClient>;
  silentTimeoutMs?: number;
  /**
   * At sign-out: removes what the person left on this device (cart id, pending orders, the paid
   * orders kept offline…); the provider's sign-out waits for it, at most FORGET_WAIT_MS.
   */
  forgetPerson?: () => void | Promise<void>;
  /** A full page load of an in-app path: whatever of the person memory still holds is gone. */
  leave?: (path: string) => void;
}

/** How long the provider's sign-out waits for the device to forget the person (its caches). */
export const FORGET_WAIT_MS = 2_000;

export const loadOidcClient = async (config: AuthClientConfig): Promise<AuthClient> =>
  (await import("./auth/oidc-client.ts")).createOidcClient(config);

/**
 * The signed-in user (spec §3, §6): e-mail and access token from the identity provider.
 * Anonymous until the provider says otherwise; the silent check on load never blocks the
 * shop: a provider that is down, `login_required` or blocked cookies leave the visitor
 * anonymous within a few seconds.
 */
export class AuthStore {
  user: SignedInUser | null = null;
  token: string | null = null;
  status: AuthStatus;
  /** From the sign-out button until the page is left: nothing may start a sign-in meanwhile. */
  signingOut = false;
  private checkRun: Promise<void> | undefined;
  private client: Promise<AuthClient> | null = null;
  private readonly deps: AuthDeps;

  constructor(deps: AuthDeps) {
    this.deps = deps;
    this.status = deps.settings ? "checking" : "anonymous";
    // Stryker disable BooleanLiteral,ObjectLiteral: equivalent, the fields left out of MobX hold services, timers and calls under way, never read by a render; made observable they behave the same
    makeAutoObservable<AuthStore, "client" | "deps" | "checkRun">(this, {
      client: false,
      deps: false,
      checkRun: false,
    });
  }
  // Stryker restore BooleanLiteral,ObjectLiteral

  /** Whether the tenant has sign-in at all. */
  get enabled(): boolean {
    return this.deps.settings !== undefined;
  }

  get signedIn(): boolean {
    return this.user !== null;
  }

  get checking(): boolean {
    return this.status === "checking";
  }

  private get timeoutMs(): number {
    return this.deps.silentTimeoutMs ?? SILENT_CHECK_TIMEOUT_MS;
  }

  private loadClient(): Promise<AuthClient> {
    const settings = this.deps.settings;
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, without settings authorityOf throws instead, inside the same callers' try
    if (!settings) return Promise.reject(new Error("this tenant has no sign-in"));
    this.client ??= (this.deps.loadClient ?? loadOidcClient)({
      authority: authorityOf(settings, this.deps.origin),
      clientId: settings.clientId,
      origin: this.deps.origin,
      silentTimeoutMs: this.timeoutMs,
    });
    return this.client;
  }

  /**
   * The check on load: the stored session, else a silent ask to the provider. Never throws.
   * Runs once, however many callers ask (the start-up and a screen that needs the answer).
   */
  init(): Promise<void> {
    this.checkRun ??= this.check();
    return this.checkRun;
  }

  private async check(): Promise<void> {
    // Stryker disable next-line ConditionalExpression: equivalent, without sign-in loadClient rejects and the catch leaves the visitor anonymous as before
    if (!this.enabled) return;
    try {
      const user = await withTimeout(
        (async () => {
          const client = await this.loadClient();
          return (await client.storedUser()) ?? (await client.silentSignIn());
        })(),
        this.timeoutMs + 1_000,
      );
      this.setUser(user);
    } catch {
      // login_required, an unreachable provider, blocked third-party cookies: stay anonymous.
      this.setUser(null);
    }
  }

  /**
   * Leaves for the provider's sign-in page; the callback returns to `returnTo`. False when the
   * provider cannot be reached (the visitor stays where they are).
   */
  async signIn(returnTo: string): Promise<boolean> {
    try {
      const client = await this.loadClient();
      await client.signIn(safeReturnPath(returnTo));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * At /auth-callback: completes sign-in with the provider's answer (`url`, null when the page
   * had none) and tells where to go; null when it failed: a used, stale or forged answer, or
   * one whose request another tab or a sign-out removed. Then whoever was signed in stays so
   * (the stored session is checked again) and the screen says so and offers to try again.
   */
  async completeSignIn(url: string | null): Promise<string | null> {
    try {
      if (url === null) throw new Error("the provider's answer is missing");
      const client = await this.loadClient();
      const { user, returnTo } = await client.completeSignIn(url);
      this.setUser(user);
      return safeReturnPath(returnTo);
    } catch {
      await this.init();
      return null;
    }
  }

  /**
   * Forgets the user, every token and what the person left on this device (a shared phone: the
   * next person sees nothing of them), then ends the provider's session, which brings the
   * browser back home on a fresh page. Once under way, `signingOut` stays true until the page
   * is left, so the account screen never turns into a sign-in.
   */
  async signOut(): Promise<void> {
    if (this.signingOut) return;
    this.signingOut = true;
    this.setUser(null);
    const forgetting = this.deps.forgetPerson?.();
    try {
      if (forgetting) await withTimeout(forgetting, FORGET_WAIT_MS).catch(() => {});
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, without sign-in loadClient rejects and the catch leaves the same way
      if (!this.enabled) throw new Error("this tenant has no sign-in");
      const client = await this.loadClient();
      await client.signOut();
    } catch {
      // The provider may simply be down: the local sign-out above already happened.
      this.deps.leave?.("/");
    }
  }

  setUser(user: AuthUser | null): void {
    this.user = user ? { email: user.email } : null;
    this.token = user?.accessToken ?? null;
    this.status = user ? "signed-in" : "anonymous";
  }
}

/** Whether this document is the silent check's hidden iframe at the callback address. */
export function isSilentCallbackFrame(win: Window): boolean {
  return win.parent !== win && matchRoute(win.location.pathname)?.name === "auth-callback";
}
