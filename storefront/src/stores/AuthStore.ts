import { makeAutoObservable } from "mobx";

export interface SignedInUser {
  email: string;
}

/**
 * The signed-in user, if any. Anonymous until the identity provider says otherwise; the
 * OIDC client itself is loaded lazily by the sign-in feature so anonymous visitors never pay for it.
 */
export class AuthStore {
  user: SignedInUser | null = null;
  token: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  get signedIn(): boolean {
    return this.user !== null;
  }
}
