import type { Page } from "./contracts/common.ts";
import {
  type Competitor,
  competitorPage,
  type SearchToken,
  searchToken,
} from "./contracts/photos.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

/** Whose photos the token opens: a participant found by bib/surname, or a face from a selfie. */
export type TokenRequest = { competitorId: string } | { selfieId: string; personId: string };

export interface CompetitorsApi {
  /** GET competitor-service /competitors: participants by surname or bib number. */
  search(
    competitorsListId: string,
    search: string,
    options?: CallOptions,
  ): Promise<ApiResult<Page<Competitor>>>;
  /** POST competitor-service /competitors/{eventId}/token: the per-event search token. */
  token(
    eventId: string,
    payload: TokenRequest,
    options?: CallOptions,
  ): Promise<ApiResult<SearchToken>>;
}

export function createCompetitorsApi(http: Http): CompetitorsApi {
  return {
    search: (competitorsListId, search, options) =>
      http.request("competitor-service", "/competitors", {
        query: { competitorsListId, search },
        contract: competitorPage,
        signal: options?.signal,
      }),
    token: (eventId, payload, options) =>
      http.request("competitor-service", path`/competitors/${eventId}/token`, {
        method: "POST",
        body: payload,
        contract: searchToken,
        auth: true,
        signal: options?.signal,
      }),
  };
}
