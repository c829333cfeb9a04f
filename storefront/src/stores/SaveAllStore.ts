import { makeAutoObservable, observable, runInAction } from "mobx";
import type { Api } from "../api/index.ts";
import type { Purchase } from "../domain/purchase.ts";
import {
  nextBatch,
  type PhotoToSave,
  parseSavedPhotos,
  photosToSave,
  SAVED_PHOTOS_KEY,
  withSavedPhotos,
} from "../domain/save-photos.ts";
import type { FilePorts } from "./files.ts";
import type { KeyValueStorage } from "./types.ts";

export interface SaveAllDeps {
  api: Pick<Api, "http">;
  files: Pick<FilePorts, "save" | "shareFiles" | "canShareFiles">;
  /** The tenant's storage: which photos of which purchase this device handed over already. */
  storage: KeyValueStorage;
}

/**
 * idle: waiting for a tap; fetching: the next group's files are on their way; ready: they are
 * here, the next tap hands them over (the sheet opens only right after a tap); sharing: the
 * sheet is open; downloading: no file sharing here, the photos download one after another.
 */
export type SavePhase = "idle" | "fetching" | "ready" | "sharing" | "downloading";

/** A fetch that failed is tried once more before the photo is named as not saved. */
const FETCH_ATTEMPTS = 2;

/**
 * "Save all to Photos" (domain/save-photos.ts): the bought photos of the purchase on screen,
 * handed to the share sheet SHARE_BATCH at a time as JPEG files, each group on a tap of its
 * own; where files cannot be shared, downloaded one after another. Progress is kept on the
 * device, so after a closed sheet, a reload or a lost network the next tap goes on with the
 * photos not saved yet, and a photo already handed over is never fetched again.
 */
export class SaveAllStore {
  /** The purchase ("order:42") the photos belong to. */
  key: string | null = null;
  photos: PhotoToSave[] = [];
  readonly saved = observable.set<string>();
  /** Photos whose download failed (twice) in the last attempt: named, and tried on the next tap. */
  failed: PhotoToSave[] = [];
  phase: SavePhase = "idle";
  /** The files of the next group, fetched: handed over on the next tap without a fetch. */
  private fetched = new Map<string, File>();
  private readonly deps: SaveAllDeps;

  constructor(deps: SaveAllDeps) {
    this.deps = deps;
    // Stryker disable ObjectLiteral,BooleanLiteral: equivalent: which fields stay plain; deps is set once here, fetched is read by no reaction (only by saveNext and downloadRest), so observable or not the store behaves the same
    makeAutoObservable<SaveAllStore, "deps" | "fetched">(this, {
      deps: false,
      fetched: false,
    });
  }

  // Stryker restore ObjectLiteral,BooleanLiteral
  /** Whether this browser hands image files to the system's share sheet (phones). */
  get canShare(): boolean {
    return this.deps.files.canShareFiles?.() ?? false;
  }

  get total(): number {
    return this.photos.length;
  }

  get savedCount(): number {
    return this.photos.filter((p) => this.saved.has(p.key)).length;
  }

  /** How many photos the next tap hands over (0: all saved). */
  get nextCount(): number {
    return nextBatch(this.photos, this.saved).length;
  }

  get busy(): boolean {
    return this.phase === "fetching" || this.phase === "sharing" || this.phase === "downloading";
  }

  /** The purchase on screen; what this device saved of it before is read back. */
  open(purchase: Purchase, shop: string): void {
    if (this.key === purchase.key) return;
    this.key = purchase.key;
    this.photos = photosToSave(purchase, shop);
    this.saved.replace(
      parseSavedPhotos(this.deps.storage.getItem(SAVED_PHOTOS_KEY)).get(purchase.key) ?? [],
    );
    this.failed = [];
    this.phase = "idle";
    this.fetched = new Map();
  }

  /**
   * The tap: hands the next group to the share sheet, fetching the files not here yet. Where
   * the fetch took so long that the browser no longer counts the tap, the files wait ("ready")
   * for the next one; where files cannot be shared at all, the rest download one by one.
   */
  async saveNext(): Promise<void> {
    if (this.busy) return;
    const batch = nextBatch(this.photos, this.saved);
    // Stryker disable next-line ConditionalExpression: equivalent: with every photo saved the group has no files, so the tap sets the phase it already has (idle: a ready group always holds photos not saved) and returns
    if (batch.length === 0) return;
    const wasReady = batch.every((p) => this.fetched.has(p.key));
    if (!wasReady) {
      this.phase = "fetching";
      await this.fetchAll(batch);
    }
    const files = batch.flatMap((p) => this.fetched.get(p.key) ?? []);
    if (files.length === 0) {
      runInAction(() => {
        this.phase = "idle";
      });
      return;
    }
    runInAction(() => {
      this.phase = "sharing";
    });
    const outcome = await this.deps.files.shareFiles(files);
    if (outcome === "unsupported" || (outcome === "needs-tap" && wasReady)) {
      // No file sharing here, or even a tap of its own did not open the sheet: one by one.
      await this.downloadRest();
      return;
    }
    runInAction(() => {
      if (outcome === "shared") {
        this.markSaved(batch.filter((p) => this.fetched.has(p.key)));
        this.phase = "idle";
      } else {
        // A closed sheet, or a tap the browser no longer counted after the fetch: the next tap.
        this.phase = "ready";
      }
    });
  }

  /** Where files cannot be shared: every photo not saved yet, downloaded one after another. */
  async downloadRest(): Promise<void> {
    if (this.phase === "downloading" || this.phase === "fetching") return;
    this.phase = "downloading";
    const rest = this.photos.filter((p) => !this.saved.has(p.key));
    const failed: PhotoToSave[] = [];
    for (const photo of rest) {
      const file = this.fetched.get(photo.key) ?? (await this.fetchOne(photo));
      if (!file) {
        failed.push(photo);
        continue;
      }
      this.deps.files.save(file, photo.fileName);
      runInAction(() => this.markSaved([photo]));
    }
    runInAction(() => {
      this.failed = failed;
      this.phase = "idle";
    });
  }

  private async fetchAll(batch: readonly PhotoToSave[]): Promise<void> {
    const failed: PhotoToSave[] = [];
    for (const photo of batch) {
      if (this.fetched.has(photo.key)) continue;
      const file = await this.fetchOne(photo);
      if (file) this.fetched.set(photo.key, file);
      else failed.push(photo);
    }
    runInAction(() => {
      this.failed = failed;
    });
  }

  private async fetchOne(photo: PhotoToSave): Promise<File | null> {
    for (let attempt = 0; attempt < FETCH_ATTEMPTS; attempt++) {
      const result = await this.deps.api.http.requestUrl(photo.downloadUrl, {
        responseType: "blob",
      });
      if (result.ok) {
        // An image file the share sheet takes as one: a reply without an image type is a JPEG.
        const type = result.data.type.startsWith("image/") ? result.data.type : "image/jpeg";
        return new File([result.data], photo.fileName, { type });
      }
    }
    return null;
  }

  /** Handed over: remembered on the device, and the files let go. */
  private markSaved(photos: readonly PhotoToSave[]): void {
    const key = this.key;
    // Stryker disable next-line ConditionalExpression: equivalent: only open() gives the store photos, and it sets the key, so no photo is ever marked without one
    if (key === null) return;
    for (const p of photos) {
      this.saved.add(p.key);
      // Stryker disable next-line CallExpression: equivalent: only memory; a saved photo is never in a group or the rest again, so its file would never be read
      this.fetched.delete(p.key);
    }
    const record = parseSavedPhotos(this.deps.storage.getItem(SAVED_PHOTOS_KEY));
    this.deps.storage.setItem(SAVED_PHOTOS_KEY, withSavedPhotos(record, key, this.saved));
  }
}

const stores = new WeakMap<object, SaveAllStore>();

/**
 * The shop's "Save all" store, made on first use: it lives in the order screens' chunk, so the
 * first screens of the gallery and home do not load it.
 */
export function saveAllOf(shop: {
  api: Pick<Api, "http">;
  files: SaveAllDeps["files"];
  storage: KeyValueStorage;
}): SaveAllStore {
  let store = stores.get(shop);
  if (!store) {
    store = new SaveAllStore({ api: shop.api, files: shop.files, storage: shop.storage });
    stores.set(shop, store);
  }
  return store;
}
