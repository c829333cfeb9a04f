import { makeAutoObservable } from "mobx";
import type { KeyValueStorage } from "./types.ts";

/** Where the agreement is kept for the visit: sessionStorage, gone when the tab closes. */
export const SELFIE_CONSENT_KEY = "selfie-consent";
/** At most this many events are remembered; an id longer than this is no event id. */
const MAX_EVENTS = 50;
const MAX_ID_LENGTH = 64;

/**
 * The participant's agreement to a face search, per event (the selfie is used only for that
 * event's photos), for this visit only: kept in memory and in the visit's storage, never in
 * localStorage, so a later visit asks again. Nothing is captured or uploaded without it
 * (FaceSearchStore asks this store before it sends a selfie).
 */
export class SelfieConsentStore {
  private agreed: string[];
  private readonly storage: KeyValueStorage | null;

  constructor(storage: KeyValueStorage | null) {
    this.storage = storage;
    this.agreed = read(storage);
    makeAutoObservable<SelfieConsentStore, "storage">(this, { storage: false });
  }

  has(eventId: string): boolean {
    return this.agreed.includes(eventId);
  }

  /** Agrees (true) or takes the agreement back (false) for one event's face search. */
  set(eventId: string, agree: boolean): void {
    const others = this.agreed.filter((id) => id !== eventId);
    this.agreed = agree ? [...others, eventId].slice(-MAX_EVENTS) : others;
    this.storage?.setItem(SELFIE_CONSENT_KEY, JSON.stringify(this.agreed));
  }
}

/** The stored list, or nothing when it is missing or not a list of event ids. */
function read(storage: KeyValueStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SELFIE_CONSENT_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((id): id is string => typeof id === "string" && id.length <= MAX_ID_LENGTH)
      .slice(-MAX_EVENTS);
  } catch {
    return [];
  }
}
