/** Per-call options every module function accepts last. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Time-out of calls that move megabytes (selfie upload, archive download) on slow mobile links. */
export const TRANSFER_TIMEOUT_MS = 10 * 60_000;

/** Calls that a per-event search token authorizes (photo search, cart items, frames). */
export interface SearchOptions extends CallOptions {
  searchToken?: string | null;
}

/**
 * The header carrying the per-event search token. The spec does not say how the
 * token travels; a header keeps it out of URLs, logs and the Referer.
 */
export const SEARCH_TOKEN_HEADER = "X-Search-Token";

export function searchHeaders(options: SearchOptions | undefined): Record<string, string> {
  return options?.searchToken ? { [SEARCH_TOKEN_HEADER]: options.searchToken } : {};
}
