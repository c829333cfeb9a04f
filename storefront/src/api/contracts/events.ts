/** Events and theme images: the first screen's replies. */
import { array, bool, count, id, int, nullable, object, page, str } from "./plain.ts";

export interface Event {
  eventId: string;
  externalEventId: string;
  name: string;
  /** Day of the event, YYYY-MM-DD. */
  date: string;
  location: string;
  albumId: string;
  catalogId: string;
  /** The competitor list searched by surname or bib number (the event id). */
  competitorsListId: string;
  distances: string[];
  photoCount: number;
  /** True while photos are still being uploaded and tagged. */
  photosProcessing: boolean;
  coverUrl: string | null;
  currencyId: number;
}

export const event = object<Event>({
  eventId: id,
  externalEventId: str,
  name: str,
  date: str,
  location: str,
  albumId: id,
  catalogId: id,
  competitorsListId: id,
  distances: array(str),
  photoCount: count,
  photosProcessing: bool,
  coverUrl: nullable(str),
  currencyId: int,
});
export const eventPage = page(event);

export interface ThemeImage {
  themeImageId: string;
  themeId: string;
  url: string;
  width: number;
  height: number;
  title: string;
  link: string | null;
}

export const themeImage = object<ThemeImage>({
  themeImageId: id,
  themeId: str,
  url: str,
  width: count,
  height: count,
  title: str,
  link: nullable(str),
});
export const themeImagePage = page(themeImage);
