/**
 * The shop's finding stores: events, search tokens, the events' products, the gallery, the
 * participant's photos and the face search, over the RootStore's transport. What the event's
 * photo screen renders at first needs nothing more, so this is the chunk every route that finds
 * photos loads at start (main.tsx); the cart, checkout and the paid order (./shop.ts) come after, or
 * with a screen that shows them. Only lazy code imports this module.
 */
import { type FindApi, findApiOver } from "../api/find-api.ts";
import { CatalogStore } from "./CatalogStore.ts";
import { EventStore } from "./EventStore.ts";
import { FaceSearchStore } from "./FaceSearchStore.ts";
import { GalleryStore } from "./GalleryStore.ts";
import { MyPhotosStore } from "./MyPhotosStore.ts";
import type { RootStore } from "./RootStore.ts";
import { SearchTokenStore } from "./SearchTokenStore.ts";
import { SelfieConsentStore } from "./SelfieConsentStore.ts";

export class FindStores {
  /** The finding services over the first screen's transport; the shop adds the buying ones. */
  readonly api: FindApi;
  // Find my photos: events, then the search token, then the stores using both.
  readonly events: EventStore;
  readonly searchTokens: SearchTokenStore;
  /** The events' product catalogs, shared by "My photos", the cart and the frame picker. */
  readonly catalog: CatalogStore;
  readonly gallery: GalleryStore;
  readonly myPhotos: MyPhotosStore;
  readonly faceSearch: FaceSearchStore;
  readonly selfieConsent: SelfieConsentStore;

  constructor(root: RootStore) {
    const { env } = root;
    this.api = findApiOver(root.api.http);
    this.events = new EventStore(this.api, (id) => root.takeEarlyEvent(id));
    this.searchTokens = new SearchTokenStore(this.api);
    this.catalog = new CatalogStore(this.api);
    const search = { api: this.api, events: this.events, tokens: this.searchTokens };
    this.gallery = new GalleryStore({
      ...search,
      notifications: root.notifications,
      errors: root.errors,
    });
    this.myPhotos = new MyPhotosStore({ ...search, catalog: this.catalog });
    this.selfieConsent = new SelfieConsentStore(env.visitStorage ?? null);
    this.faceSearch = new FaceSearchStore({
      api: this.api,
      myPhotos: this.myPhotos,
      consent: this.selfieConsent,
    });
  }
}

/** One `T` per RootStore, built on first call. Building changes nothing observable (safe in render). */
export function perRoot<T>(build: (root: RootStore) => T): (root: RootStore) => T {
  const built = new WeakMap<RootStore, T>();
  return (root) => {
    let value = built.get(root);
    if (value === undefined) {
      value = build(root);
      built.set(root, value);
    }
    return value;
  };
}

/** The root's finding stores, built on first call. */
export const findOf = perRoot((root) => new FindStores(root));

export type CoreStores = Pick<
  RootStore,
  "env" | "settings" | "language" | "errors" | "ui" | "notifications" | "auth" | "home"
>;

/** The first screen's stores and the finding ones, as one object, for components that find. */
export type FindView = CoreStores & FindStores;

/** The root's stores with the finding ones beside them (the root's own fields, then those). */
export const withFind = perRoot((root): FindView => {
  const find = findOf(root);
  return { ...pickCore(root), ...find, api: find.api };
});

export function pickCore(root: RootStore): CoreStores {
  const { env, settings, language, errors, ui, notifications, auth, home } = root;
  return { env, settings, language, errors, ui, notifications, auth, home };
}
