/**
 * The gallery routes' first calls, started by the boot script before the app's JavaScript has
 * arrived, so the photos (the largest paint on a phone) are asked for as early as the event:
 *
 * - an event page and its photo report (`/event/{id}`, `/event/{id}/photos`): the event;
 *   on "All photos" (`?tab=all`) then the album's first page of photos;
 * - a participant's photos from a link (`/search/{id}/{number}`): the event, the participant
 *   with that bib (competitor-service), their search token, then their first page of photos.
 *
 * Each answer is kept under its request's key (api/request-key.ts); the app's one transport
 * (api/http.ts) takes an identical request's answer from here once instead of asking the
 * backend again, and checks it against its contract as any reply. An app faster than this chain
 * waits for a call the chain is still to make (it is one answer away), instead of asking twice.
 * A request the app makes differently (another language, a signed-in visitor's token) is asked
 * again. Plain data and fetch: no contracts, no React, no route table in the boot script.
 */
import { SEARCH_TOKEN_HEADER } from "../api/options.ts";
import { path } from "../api/path.ts";
import { callKey } from "../api/request-key.ts";
import { PHOTOS_PER_PAGE } from "../domain/constants.ts";
import { allPhotosEventOf, HIGH_PRIORITY_PHOTOS } from "../domain/gallery.ts";
import { competitorOfNumber } from "../domain/search.ts";
import { matchPattern, type RouteEntry } from "../routes.ts";
import { EARLY_CALLS, type TakeEarlyCall } from "./early-answers.ts";

/** The route table's early calls: an event's, a participant's (its `prefetch`). */
export type EarlyKind = Extract<RouteEntry["prefetch"], "event" | "participant">;

export interface EarlyHost {
  window: Window;
  fetch: typeof fetch;
  /** The API origin (the tenant settings' api.origin, else the page's). */
  apiOrigin: string;
  /** The page's language (the served one, which the app keeps unless the visitor chose another). */
  language: string;
  /** A signed-in visitor's session is kept in this tab: their token's calls are the app's. */
  signedIn: boolean;
  /** Asks the browser for an image the page is about to show, with high priority (a preload). */
  preloadImage?: (href: string) => void;
}

interface EarlyCalls {
  /** By request key: the answer and the Accept-Language it was asked in. */
  answers: Map<string, { language: string; response: Promise<Response> }>;
  /** The calls the chain is still to make, as "METHOD address" (no query). */
  planned: Set<string>;
  /** Settles at the chain's next step (a call made, or the chain ended). */
  step: Promise<void>;
}

/** A call kept for the key's request, as "METHOD address" (the query left out). */
const addressOf = (key: string) => key.replace(/^(\S+ [^?\s]+)\S* .*$/s, "$1");

/**
 * Takes an early answer once. An app faster than the chain waits for a call the chain is still
 * to make (it is one answer away) instead of asking the backend twice.
 */
function taker(early: EarlyCalls): TakeEarlyCall {
  return async (key, language) => {
    while (!early.answers.has(key) && early.planned.has(addressOf(key))) await early.step;
    const call = early.answers.get(key);
    if (!call) return undefined;
    early.answers.delete(key);
    return call.language === language ? call.response.catch(() => undefined) : undefined;
  };
}

/** As long as the transport waits for a reply (api/http.ts). */
const EARLY_TIMEOUT_MS = 60_000;

/** Starts the early calls of the route at the page's address, if it has any. */
export function startEarlyCalls(routes: Array<[string, EarlyKind]>, host: EarlyHost): void {
  const { location } = host.window;
  let kind: EarlyKind | undefined;
  let params: Record<string, string> | null = null;
  let matched = "";
  for (const [pattern, k] of routes) {
    params = matchPattern(pattern, location.pathname);
    kind = k;
    matched = pattern;
    if (params) break;
  }
  const eventId = params?.id;
  if (!params || !eventId) return;
  const api = `${host.apiOrigin}/public`;
  const eventUrl = `${api}/photo-service/api/v1${path`/events/${eventId}`}`;
  const photosUrl = `${api}/photo-service/api/v1/photos`;
  const competitorsUrl = `${api}/competitor-service/api/v1/competitors`;
  const tokenUrl = `${api}/competitor-service/api/v1${path`/competitors/${eventId}/token`}`;
  // A signed-in visitor's photo list and search token carry their token: the app asks for them.
  const photos =
    !host.signedIn &&
    (kind === "participant" || allPhotosEventOf(location.pathname, location.search) !== null);
  const planned = [`GET ${eventUrl}`];
  if (kind === "participant") planned.push(`GET ${competitorsUrl}`);
  if (photos && kind === "participant") planned.push(`POST ${tokenUrl}`);
  if (photos) planned.push(`GET ${photosUrl}`);

  let next = () => {};
  const early: EarlyCalls = {
    answers: new Map(),
    planned: new Set(planned),
    step: Promise.resolve(),
  };
  const nextStep = () => {
    next();
    early.step = new Promise((resolve) => {
      next = resolve;
    });
  };
  nextStep();
  (host.window as unknown as Record<string, TakeEarlyCall>)[EARLY_CALLS] = taker(early);

  /** Asks once and keeps the answer; its JSON (a copy) when it succeeded, else null. */
  const ask = async (
    url: string,
    query: Record<string, string> | null,
    init: { method?: string; body?: string; searchToken?: string } = {},
  ): Promise<Record<string, unknown> | null> => {
    const method = init.method ?? "GET";
    const target = query ? `${url}?${new URLSearchParams(query)}` : url;
    const headers: Record<string, string> = {
      "Accept-Language": host.language,
      Accept: "application/json",
    };
    if (init.body) headers["Content-Type"] = "application/json";
    if (init.searchToken) headers[SEARCH_TOKEN_HEADER] = init.searchToken;
    const response = host.fetch(target, {
      method,
      headers,
      body: init.body ?? null,
      signal: AbortSignal.timeout(EARLY_TIMEOUT_MS),
    });
    early.answers.set(callKey(method, target, init.body, init.searchToken ?? null), {
      language: host.language,
      response,
    });
    early.planned.delete(`${method} ${url}`);
    nextStep();
    try {
      const answer = await response;
      return answer.ok ? ((await answer.clone().json()) as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  // The largest paint of these pages is an image the app can name only once it has rendered
  // (the first photos, the event's cover): the browser is told of it as soon as its address is
  // known, so it loads beside the app's JavaScript instead of after it.
  const preload = (href: unknown) => {
    if (typeof href === "string" && href) host.preloadImage?.(href);
  };
  const firstPhotos = async (query: Record<string, string>, searchToken?: string) => {
    const page = await ask(
      photosUrl,
      { offset: "0", count: String(PHOTOS_PER_PAGE), ...query },
      searchToken ? { searchToken } : {},
    );
    const items = Array.isArray(page?.items) ? (page.items as { thumbnailUrl?: unknown }[]) : [];
    // As many as the grid asks for with high priority (domain/gallery.ts photoLoading).
    for (const photo of items.slice(0, HIGH_PRIORITY_PHOTOS)) preload(photo.thumbnailUrl);
  };

  const chain = async () => {
    const event = await ask(eventUrl, null);
    if (!event) return;
    const albumId = String(event.albumId);
    if (kind === "event") {
      // The event page (not its photos) opens with the event's cover.
      if (!matched.endsWith("/photos")) preload(event.coverUrl);
      if (photos) await firstPhotos({ albumId });
      return;
    }
    const number = params.number ?? "";
    const found = await ask(competitorsUrl, {
      competitorsListId: String(event.competitorsListId),
      search: number,
    });
    const items = Array.isArray(found?.items) ? (found.items as { number: string }[]) : [];
    const competitor = competitorOfNumber(items, number) as { competitorId?: unknown } | undefined;
    if (!competitor || !photos) return;
    const competitorId = String(competitor.competitorId);
    const token = await ask(tokenUrl, null, {
      method: "POST",
      body: JSON.stringify({ competitorId }),
    });
    if (typeof token?.token === "string") await firstPhotos({ albumId, competitorId }, token.token);
  };
  void chain().finally(() => {
    // Whatever was not asked for by now, the app asks for itself.
    early.planned.clear();
    nextStep();
  });
}
