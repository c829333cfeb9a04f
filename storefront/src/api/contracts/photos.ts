import * as z from "zod/mini";
import { count, dateTime, id, page } from "./common.ts";

export const photoTag = z.object({
  photoTagId: id,
  /** What the tag says: "number" (a bib seen on the photo) or "face". */
  name: z.string(),
  value: z.string(),
  /** The participant's own answer to "is this me?"; null until answered. */
  itIsMe: z.nullable(z.boolean()),
});
export type PhotoTag = z.infer<typeof photoTag>;

export const photo = z.object({
  photoId: id,
  albumId: id,
  url: z.string(),
  thumbnailUrl: z.string(),
  width: count,
  height: count,
  photographer: z.nullable(z.string()),
  takenAt: dateTime,
  tags: z.array(photoTag),
});
export type Photo = z.infer<typeof photo>;
export const photoPage = page(photo);

export const competitor = z.object({
  competitorId: id,
  competitorsListId: id,
  /** Bib number. */
  number: z.string(),
  surname: z.string(),
  firstName: z.string(),
  distance: z.string(),
  photoCount: count,
});
export type Competitor = z.infer<typeof competitor>;
export const competitorPage = page(competitor);

/** The per-event search token that authorizes photo search and adding items to a cart. */
export const searchToken = z.object({ token: z.string(), eventId: id, expiresAt: dateTime });
export type SearchToken = z.infer<typeof searchToken>;

export const person = z.object({
  personId: id,
  /** The participant the face was matched to, if any. */
  competitorId: z.nullable(z.string()),
  photoCount: count,
  photoIds: z.array(z.string()),
});
export type Person = z.infer<typeof person>;

export const selfie = z.object({
  selfieId: id,
  albumId: id,
  /** Processing while faces are searched (about a minute); then Completed. */
  state: z.enum(["Processing", "Completed"]),
  /** Faces found: exactly one is a usable selfie; none or several are rejected. */
  persons: z.array(person),
  fileUrl: z.string(),
  createdOn: dateTime,
});
export type Selfie = z.infer<typeof selfie>;
