import { makeAutoObservable, runInAction } from "mobx";
import type { ApiError, ApiResult, FindApi, TokenRequest } from "../api/index.ts";
import { isTokenExpiredStatus, type Subject } from "../domain/search.ts";

interface TokenEntry {
  /** Whose photos the token opens, as a stable key ("c:1001-101", "p:selfie-1-f1"). */
  subject: string;
  token: string | null;
  expired: boolean;
}

/** The search-token request for a subject of "My photos": the participant, or the face. */
export function tokenRequestOf(subject: Subject): TokenRequest {
  return subject.kind === "competitor"
    ? { competitorId: subject.competitor.competitorId }
    : { selfieId: subject.selfieId, personId: subject.personId };
}

const subjectKey = (s: TokenRequest) =>
  "competitorId" in s ? `c:${s.competitorId}` : `p:${s.selfieId}/${s.personId}`;

/**
 * The per-event search token (spec §4): 200 stores it, 401 or 500 marks it expired, other
 * failures set the search error. Calls made `withToken` get a fresh token transparently and
 * are retried once when the token turns out to be expired.
 */
export class SearchTokenStore {
  /** By event id. */
  readonly tokens = new Map<string, TokenEntry>();
  /** The last token failure per event that was not an expiry. */
  readonly errors = new Map<string, ApiError>();
  private readonly api: FindApi;

  constructor(api: FindApi) {
    this.api = api;
    makeAutoObservable<SearchTokenStore, "api">(this, { api: false });
  }

  tokenOf(eventId: string): string | null {
    const entry = this.tokens.get(eventId);
    return entry && !entry.expired ? entry.token : null;
  }

  isExpired(eventId: string): boolean {
    return this.tokens.get(eventId)?.expired ?? false;
  }

  markExpired(eventId: string): void {
    const entry = this.tokens.get(eventId);
    if (entry) entry.expired = true;
  }

  /** POST /competitors/{eventId}/token for `subject`; the token, or null on failure. */
  async obtain(eventId: string, subject: TokenRequest): Promise<string | null> {
    const result = await this.api.competitors.token(eventId, subject);
    return runInAction(() => {
      const key = subjectKey(subject);
      if (result.ok && result.status === 200) {
        this.tokens.set(eventId, { subject: key, token: result.data.token, expired: false });
        this.errors.delete(eventId);
        return result.data.token;
      }
      if (isTokenExpiredStatus(result.status)) {
        this.tokens.set(eventId, { subject: key, token: null, expired: true });
      } else if (result.error) {
        this.errors.set(eventId, result.error);
      }
      return null;
    });
  }

  /**
   * Runs `call` with a valid token for `subject` in `eventId`: obtains one when there is
   * none (or it is for someone else, or expired), and when the call answers 401 or 500
   * marks it expired, obtains a fresh one and retries once.
   */
  async withToken<T>(
    eventId: string,
    subject: TokenRequest,
    call: (token: string) => Promise<ApiResult<T>>,
  ): Promise<ApiResult<T> | null> {
    const key = subjectKey(subject);
    const current = this.tokens.get(eventId);
    let token =
      current && current.subject === key && !current.expired && current.token
        ? current.token
        : await this.obtain(eventId, subject);
    if (!token) return null;
    const first = await call(token);
    if (!isTokenExpiredStatus(first.status)) return first;
    this.markExpired(eventId);
    token = await this.obtain(eventId, subject);
    if (!token) return null;
    const second = await call(token);
    if (isTokenExpiredStatus(second.status)) this.markExpired(eventId);
    return second;
  }
}
