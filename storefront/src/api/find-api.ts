/**
 * The services finding photos calls (events, their photos, search tokens, the face search, the
 * events' products) over the first screen's transport. The shop's finding stores, which every
 * route but home builds at start, hold only these: the buying services (./shop-api.ts) and their
 * contracts load with the rest of the shop.
 */
import { type CatalogApi, createCatalogApi } from "./catalog.ts";
import { type CompetitorsApi, createCompetitorsApi } from "./competitors.ts";
import { createEventsApi, type EventsApi } from "./events.ts";
import type { Http } from "./http.ts";
import { createPhotosApi, type PhotosApi } from "./photos.ts";
import { createRecognitionApi, type RecognitionApi } from "./recognition.ts";
import { createThemesApi, type ThemesApi } from "./themes.ts";

export interface FindApi {
  readonly http: Http;
  readonly themes: ThemesApi;
  readonly events: EventsApi;
  readonly photos: PhotosApi;
  readonly competitors: CompetitorsApi;
  readonly recognition: RecognitionApi;
  readonly catalog: CatalogApi;
}

export function findApiOver(http: Http): FindApi {
  return {
    http,
    themes: createThemesApi(http),
    events: createEventsApi(http),
    photos: createPhotosApi(http),
    competitors: createCompetitorsApi(http),
    recognition: createRecognitionApi(http),
    catalog: createCatalogApi(http),
  };
}
