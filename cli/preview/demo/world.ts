/**
 * The seeded, read-only world: events, participants, products, frames. Photos are
 * not stored: photo n of an event is computed when asked for, so a 10,000-photo event
 * costs nothing at start-up.
 */
import type { Product } from "../../../storefront/src/api/contracts/index.ts";
import { FRAMES, type FrameSeed, productsOf } from "./seed/catalog.ts";
import { albumIdOf, catalogIdOf, EVENT_SEEDS, type EventSeed } from "./seed/events.ts";
import { type Participant, participantsOf } from "./seed/participants.ts";

export interface World {
  readonly events: readonly EventSeed[];
  event(eventId: string): EventSeed | undefined;
  eventByAlbum(albumId: string): EventSeed | undefined;
  eventByCatalog(catalogId: string): EventSeed | undefined;
  participants(eventId: string): readonly Participant[];
  participant(competitorId: string): Participant | undefined;
  /** Who is on photo n of the event. */
  participantsOn(eventId: string, n: number): readonly Participant[];
  /** The participant any uploaded selfie is matched to (the event's first). */
  faceParticipant(eventId: string): Participant | undefined;
  readonly products: readonly Product[];
  product(productId: string): Product | undefined;
  frame(frameId: string): FrameSeed | undefined;
  photoId(eventId: string, n: number): string;
  parsePhotoId(photoId: string): { event: EventSeed; n: number } | null;
}

export function createWorld(seed: number): World {
  const byId = new Map(EVENT_SEEDS.map((e) => [e.eventId, e]));
  const byAlbum = new Map(EVENT_SEEDS.map((e) => [albumIdOf(e.eventId), e]));
  const byCatalog = new Map(EVENT_SEEDS.map((e) => [catalogIdOf(e.eventId), e]));
  const participants = new Map(EVENT_SEEDS.map((e, i) => [e.eventId, participantsOf(e, i, seed)]));
  const byCompetitor = new Map<string, Participant>();
  const onPhoto = new Map<string, Participant[]>();
  for (const list of participants.values()) {
    for (const p of list) {
      byCompetitor.set(p.competitorId, p);
      for (const n of p.photos) {
        const key = `${p.eventId}:${n}`;
        onPhoto.set(key, [...(onPhoto.get(key) ?? []), p]);
      }
    }
  }
  const products = EVENT_SEEDS.flatMap(productsOf);
  const byProduct = new Map(products.map((p) => [p.productId, p]));

  return {
    events: EVENT_SEEDS,
    event: (id) => byId.get(id),
    eventByAlbum: (albumId) => byAlbum.get(albumId),
    eventByCatalog: (catalogId) => byCatalog.get(catalogId),
    participants: (eventId) => participants.get(eventId) ?? [],
    participant: (competitorId) => byCompetitor.get(competitorId),
    participantsOn: (eventId, n) => onPhoto.get(`${eventId}:${n}`) ?? [],
    faceParticipant: (eventId) => participants.get(eventId)?.[0],
    products,
    product: (productId) => byProduct.get(productId),
    frame: (frameId) => FRAMES.find((f) => f.frameId === frameId),
    photoId: (eventId, n) => `${albumIdOf(eventId)}-${n}`,
    parsePhotoId(photoId) {
      const m = /^a(\d+)-(\d+)$/.exec(photoId);
      const event = m ? byId.get(m[1] ?? "") : undefined;
      const n = Number(m?.[2]);
      return event && n >= 1 && n <= event.photoCount ? { event, n } : null;
    },
  };
}
