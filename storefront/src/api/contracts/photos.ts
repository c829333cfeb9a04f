import { count, dateTime, id, page } from "./common.ts";
import { array, bool, nullable, object, str } from "./plain.ts";
import { oneOf } from "./shop-checks.ts";

export interface PhotoTag {
  photoTagId: string;
  /** What the tag says: "number" (a bib seen on the photo) or "face". */
  name: string;
  value: string;
  /** The participant's own answer to "is this me?"; null until answered. */
  itIsMe: boolean | null;
}
export const photoTag = object<PhotoTag>({
  photoTagId: id,
  name: str,
  value: str,
  itIsMe: nullable(bool),
});

export interface Photo {
  photoId: string;
  albumId: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  photographer: string | null;
  takenAt: string;
  tags: PhotoTag[];
}
export const photo = object<Photo>({
  photoId: id,
  albumId: id,
  url: str,
  thumbnailUrl: str,
  width: count,
  height: count,
  photographer: nullable(str),
  takenAt: dateTime,
  tags: array(photoTag),
});
export const photoPage = page(photo);

export interface Competitor {
  competitorId: string;
  competitorsListId: string;
  /** Bib number. */
  number: string;
  surname: string;
  firstName: string;
  distance: string;
  photoCount: number;
}
export const competitor = object<Competitor>({
  competitorId: id,
  competitorsListId: id,
  number: str,
  surname: str,
  firstName: str,
  distance: str,
  photoCount: count,
});
export const competitorPage = page(competitor);

/** The per-event search token that authorizes photo search and adding items to a cart. */
export interface SearchToken {
  token: string;
  eventId: string;
  expiresAt: string;
}
export const searchToken = object<SearchToken>({ token: str, eventId: id, expiresAt: dateTime });

export interface Person {
  personId: string;
  /** The participant the face was matched to, if any. */
  competitorId: string | null;
  photoCount: number;
  photoIds: string[];
}
export const person = object<Person>({
  personId: id,
  competitorId: nullable(str),
  photoCount: count,
  photoIds: array(str),
});

export interface Selfie {
  selfieId: string;
  albumId: string;
  /** Processing while faces are searched (about a minute); then Completed. */
  state: "Processing" | "Completed";
  /** Faces found: exactly one is a usable selfie; none or several are rejected. */
  persons: Person[];
  fileUrl: string;
  createdOn: string;
}
export const selfie = object<Selfie>({
  selfieId: id,
  albumId: id,
  state: oneOf(["Processing", "Completed"]),
  persons: array(person),
  fileUrl: str,
  createdOn: dateTime,
});
