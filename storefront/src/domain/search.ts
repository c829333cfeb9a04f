/**
 * Pure rules of participant and face search (spec §4, §5, §8): when a search token counts
 * as expired, which search error applies, how face-search results are judged and how long
 * to wait between polls.
 */
import type { Competitor } from "../api/index.ts";

/** Who "My photos" are of: a participant found by bib, or a face found by a selfie. */
export type Subject =
  | { kind: "competitor"; competitor: Competitor }
  | { kind: "face"; selfieId: string; personId: string; competitorId: string | null };

/**
 * The participant a bib number opens (/search/{id}/{number}): the one whose number is exactly
 * it (letters in any case), else the first the backend found.
 */
export function competitorOfNumber<C extends { number: string }>(
  found: readonly C[],
  number: string,
): C | undefined {
  const wanted = number.trim().toLowerCase();
  return found.find((c) => c.number.toLowerCase() === wanted) ?? found[0];
}

/** Spec §4/§8: status 401 or 500 means the per-event search token expired. */
export function isTokenExpiredStatus(status: number): boolean {
  return status === 401 || status === 500;
}

/** The search errors of spec §8, by name; their texts live with the UI messages. */
export type SearchErrorCode =
  | "nothing-found" // no participant with that number or surname
  | "no-photos" // the album (or a face match) has no photos
  | "participant-nothing" // the participant exists but is on no photo
  | "not-tagged" // the event has photos but none are tagged yet
  | "processing" // photos are still being uploaded and tagged
  | "failed"; // any other failure

export interface SearchFacts {
  /** The event still uploads or tags photos (Event.photosProcessing). */
  processing: boolean;
  /** Photos in the event's album. */
  eventPhotoCount: number;
  /** Participants the search found; null for a face search (no participant search). */
  competitorsFound: number | null;
  /** Photos found for the participant or face. */
  photosFound: number;
}

/**
 * Which search error an empty or partial result shows, or null when photos were found.
 * Processing wins over "not found": the photos may simply not be there yet.
 */
export function searchErrorOf(f: SearchFacts): SearchErrorCode | null {
  if (f.competitorsFound === 0) return f.processing ? "processing" : "nothing-found";
  if (f.photosFound > 0) return null;
  if (f.processing) return "processing";
  if (f.eventPhotoCount === 0) return "not-tagged";
  return f.competitorsFound === null ? "no-photos" : "participant-nothing";
}

/** The error of an album that lists no photos. */
export function albumErrorOf(processing: boolean, total: number): SearchErrorCode | null {
  if (total > 0) return null;
  return processing ? "processing" : "no-photos";
}

/** Face search outcomes (spec §4, §5): exactly one face is usable. */
export type FaceOutcome = "one" | "several" | "none";

export function faceOutcome(persons: readonly unknown[]): FaceOutcome {
  if (persons.length === 0) return "none";
  return persons.length === 1 ? "one" : "several";
}

/** Spec §9: face search takes about a minute; the progress bar is paced on it. */
export const FACE_SEARCH_EXPECTED_MS = 60_000;
/** After this long without a result the search is given up ("Try again later"). */
export const FACE_SEARCH_GIVE_UP_MS = 5 * 60_000;

/** Poll delay after the n-th poll (0-based): 1 s, growing by half each time, at most 5 s. */
export function pollDelayMs(attempt: number): number {
  return Math.min(5000, Math.round(1000 * 1.5 ** attempt));
}

/** Progress (0–0.95) of a search running for `elapsedMs`; never "done" until it is. */
export function faceSearchProgress(elapsedMs: number): number {
  return Math.min(0.95, Math.max(0, elapsedMs / FACE_SEARCH_EXPECTED_MS));
}

/** Longest side of a selfie sent to face search; larger photos are downscaled on the device. */
export const SELFIE_MAX_SIDE = 2048;

/** The size a selfie is scaled to so its longest side is at most SELFIE_MAX_SIDE. */
export function selfieSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SELFIE_MAX_SIDE / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
