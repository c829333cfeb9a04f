import type { Page } from "./contracts/common.ts";
import { type Event, event, eventPage } from "./contracts/events.ts";
import type { ApiResult, Http } from "./http.ts";
import type { CallOptions } from "./options.ts";
import { path } from "./path.ts";

export interface EventQuery {
  externalEventId?: string;
  searchString?: string;
  offset?: number;
  count?: number;
}

export interface EventsApi {
  /** GET photo-service /events: events by external id or a search string, paged. */
  list(query?: EventQuery, options?: CallOptions): Promise<ApiResult<Page<Event>>>;
  /** GET photo-service /events/{id}. */
  get(eventId: string, options?: CallOptions): Promise<ApiResult<Event>>;
}

export function createEventsApi(http: Http): EventsApi {
  return {
    list: (query = {}, options) =>
      http.request("photo-service", "/events", {
        query: { ...query },
        contract: eventPage,
        signal: options?.signal,
      }),
    get: (eventId, options) =>
      http.request("photo-service", path`/events/${eventId}`, {
        contract: event,
        signal: options?.signal,
      }),
  };
}
