/** The port between AuthStore and the OIDC library, so tests pass a fake and the library stays lazy. */

export interface AuthUser {
  email: string;
  accessToken: string;
}

export interface AuthClient {
  /** The user kept in session storage, if still valid. */
  storedUser(): Promise<AuthUser | null>;
  /** Asks the provider silently (prompt=none in a hidden iframe); null when not signed in there. */
  silentSignIn(): Promise<AuthUser | null>;
  /** Leaves for the provider's sign-in page; `returnTo` comes back through completeSignIn. */
  signIn(returnTo: string): Promise<void>;
  /** Finishes the redirect at /auth-callback. */
  completeSignIn(url: string): Promise<{ user: AuthUser; returnTo: unknown }>;
  /** Forgets every token on this device, then ends the provider's session (may navigate away). */
  signOut(): Promise<void>;
}

export interface AuthClientConfig {
  authority: string;
  clientId: string;
  origin: string;
  silentTimeoutMs: number;
}
