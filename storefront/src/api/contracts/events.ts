import * as z from "zod/mini";
import { count, currencyId, id, page } from "./common.ts";

export const event = z.object({
  eventId: id,
  externalEventId: z.string(),
  name: z.string(),
  /** Day of the event, YYYY-MM-DD. */
  date: z.string(),
  location: z.string(),
  albumId: id,
  catalogId: id,
  /** The competitor list searched by surname or bib number (the event id). */
  competitorsListId: id,
  distances: z.array(z.string()),
  photoCount: count,
  /** True while photos are still being uploaded and tagged. */
  photosProcessing: z.boolean(),
  coverUrl: z.nullable(z.string()),
  currencyId,
});
export type Event = z.infer<typeof event>;
export const eventPage = page(event);

export const themeImage = z.object({
  themeImageId: id,
  themeId: z.string(),
  url: z.string(),
  width: count,
  height: count,
  title: z.string(),
  link: z.nullable(z.string()),
});
export type ThemeImage = z.infer<typeof themeImage>;
export const themeImagePage = page(themeImage);
