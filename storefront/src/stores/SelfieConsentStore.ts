import { makeAutoObservable } from "mobx";
import type { KeyValueStorage } from "./types.ts";

/** Where the agreement is kept for the visit: sessionStorage, gone when the tab closes. */
// Stryker disable next-line StringLiteral: equivalent: any key of its own in the visit's storage does; nothing else reads or writes it
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
    // Stryker disable ObjectLiteral,BooleanLiteral: equivalent: storage is set once here and read by no reaction, so observable or not the store behaves the same
    makeAutoObservable<SelfieConsentStore, "storage">(this, { storage: false });
  }

  // Stryker restore ObjectLiteral,BooleanLiteral
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
    // Stryker disable next-line OptionalChaining,StringLiteral: equivalent: no storage, or a fallback that is no JSON, throws here and the catch gives the same empty list
    const parsed: unknown = JSON.parse(storage?.getItem(SELFIE_CONSENT_KEY) ?? "[]");
    // Stryker disable next-line ConditionalExpression: equivalent: a value that is no list has no filter, so it throws below and the catch gives the same empty list
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((id): id is string => typeof id === "string" && id.length <= MAX_ID_LENGTH)
      .slice(-MAX_EVENTS);
  } catch {
    return [];
  }
}
