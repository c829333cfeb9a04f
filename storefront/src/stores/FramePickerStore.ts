import { makeAutoObservable, runInAction } from "mobx";
import type { Api, ApiResult, Photo, Product } from "../api/index.ts";
import type { CartAddition } from "../domain/cart.ts";
import {
  EMPTY_PREVIEW,
  type FramePickerError,
  type FramePlan,
  type FramePreviewState,
  type FrameQuantity,
  framePickerError,
  framePlan,
  frameTypes,
  nextPreview,
} from "../domain/frame-preview.ts";
import type { Subject } from "../domain/search.ts";
import type { CartStore } from "./CartStore.ts";
import type { CatalogStore } from "./CatalogStore.ts";
import type { MyPhotosStore } from "./MyPhotosStore.ts";
import { type SearchTokenStore, tokenRequestOf } from "./SearchTokenStore.ts";

/** Object URLs for preview blobs; tests pass fakes. */
export interface ObjectUrls {
  create(blob: Blob): string;
  revoke(url: string): void;
}

export interface FramePickerDeps {
  api: Api;
  tokens: SearchTokenStore;
  cart: CartStore;
  catalog: CatalogStore;
  myPhotos: MyPhotosStore;
  urls?: ObjectUrls;
}

/** Where the picker was opened: the event, and the photo when opened from the viewer. */
export interface FramePickerTarget {
  eventId: string;
  eventName: string;
  catalogId: string;
  photo?: Photo | null;
}

const browserUrls: ObjectUrls = {
  create: (blob) => URL.createObjectURL(blob),
  revoke: (url) => URL.revokeObjectURL(url),
};

/**
 * The photo frame picker (spec §2, §3, §4, §5): a photo ("Select Photo" when none), one or
 * all of "My photos", a frame type from the event's catalog, a live preview from
 * frame-service (its state as spec §3 names it), and adding the framed photos to the cart.
 */
export class FramePickerStore {
  target: FramePickerTarget | null = null;
  photoId: string | null = null;
  quantity: FrameQuantity = "one";
  frameId: string | null = null;
  /** Spec §3: image, token-expired flag, status code. */
  preview: FramePreviewState = EMPTY_PREVIEW;
  previewLoading = false;
  /** Validation shows once the visitor has tried to add. */
  submitted = false;
  adding = false;
  private readonly deps: FramePickerDeps;
  private readonly urls: ObjectUrls;
  private run = 0;
  /** One per opening: replies for an earlier opening are ignored. */
  private session = 0;

  constructor(deps: FramePickerDeps) {
    this.deps = deps;
    this.urls = deps.urls ?? browserUrls;
    makeAutoObservable<FramePickerStore, "deps" | "urls" | "run" | "session">(this, {
      deps: false,
      urls: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      run: false,
      // Stryker disable next-line BooleanLiteral: equivalent, the counter is only compared after awaits, never read by a view
      session: false,
    });
  }

  get isOpen(): boolean {
    return this.target !== null;
  }

  /** The participant of "My photos" of this event (their token opens previews and packages). */
  get subject(): Subject | null {
    const { myPhotos } = this.deps;
    return this.target && myPhotos.eventId === this.target.eventId ? myPhotos.subject : null;
  }

  /** "All" = every photo of the participant's "My photos" of the event, when known. */
  get allPhotos(): Photo[] {
    return this.subject ? this.deps.myPhotos.photos : [];
  }

  /** The photos to choose from: "My photos", else the one the picker was opened with. */
  get photos(): Photo[] {
    const own = this.target?.photo;
    const all = this.allPhotos;
    // With no photos of "My photos" this is the opened photo alone.
    if (own && !all.some((p) => p.photoId === own.photoId)) return [own, ...all];
    return all;
  }

  get products(): Product[] {
    const id = this.target?.catalogId;
    return id ? this.deps.catalog.productsOf(id) : [];
  }

  get frames(): { frameId: string; title: string }[] {
    return frameTypes(this.products);
  }

  get error(): FramePickerError | null {
    return this.submitted ? framePickerError(this.photoId) : null;
  }

  /** What "Add to cart" adds now; null when nothing fits (no photo, no frame, no product). */
  get plan(): FramePlan<Product> {
    // Stryker disable next-line ConditionalExpression: equivalent, framePlan finds no product for a missing frame
    if (!this.frameId) return null;
    return framePlan(
      this.products,
      this.frameId,
      this.quantity,
      // Stryker disable next-line StringLiteral: equivalent, without a photo submit stops at "Select Photo" and the dialog reads only the plan's price
      this.photoId ?? "",
      this.allPhotos.map((p) => p.photoId),
    );
  }

  async open(target: FramePickerTarget): Promise<void> {
    this.close();
    const session = this.session;
    this.target = target;
    this.photoId = target.photo?.photoId ?? null;
    await this.deps.catalog.load(target.catalogId);
    if (session !== this.session) return;
    runInAction(() => {
      this.frameId = this.frames[0]?.frameId ?? null;
    });
    await this.loadPreview();
  }

  /** Closes the picker and frees the preview image. */
  close(): void {
    this.run++;
    // Stryker disable next-line UpdateOperator: equivalent, only close() changes it: counting down gives new values too
    this.session++;
    this.setPreview(EMPTY_PREVIEW);
    this.target = null;
    this.photoId = null;
    this.quantity = "one";
    this.frameId = null;
    this.submitted = false;
    this.adding = false;
    this.previewLoading = false;
  }

  choosePhoto(photoId: string): Promise<void> {
    this.photoId = photoId;
    return this.loadPreview();
  }

  chooseFrame(frameId: string): Promise<void> {
    this.frameId = frameId;
    return this.loadPreview();
  }

  setQuantity(quantity: FrameQuantity): void {
    // "All" needs photos of "My photos"; without them it is one photo.
    this.quantity = this.allPhotos.length === 0 ? "one" : quantity;
  }

  /** Adds the framed photo(s) to the cart; false (and "Select Photo") without a photo. */
  async submit(): Promise<boolean> {
    this.submitted = true;
    const target = this.target;
    const plan = this.plan;
    if (!target || this.error || !plan || this.adding) return false;
    const session = this.session;
    this.adding = true;
    const frameId = this.frameId;
    const byId = new Map(this.photos.map((p) => [p.photoId, p]));
    const additions: CartAddition[] =
      plan.kind === "package"
        ? [{ product: plan.product, eventName: target.eventName, frameId }]
        : plan.photoIds.map((id) => ({
            product: plan.product,
            eventName: target.eventName,
            photo: byId.get(id) ?? null,
            frameId,
          }));
    const ok = await this.deps.cart.add(target.eventId, additions, this.subject);
    runInAction(() => {
      if (session !== this.session) return;
      this.adding = false;
      if (ok) this.close();
    });
    return ok;
  }

  /**
   * GET frame-service /photos for the chosen photo and frame with the event's search token;
   * on 401 the token is marked expired, refreshed, and the call retried once.
   */
  async loadPreview(): Promise<void> {
    const run = ++this.run;
    const target = this.target;
    const { photoId, frameId } = this;
    this.setPreview({ ...this.preview, image: null });
    if (!target || !photoId || !frameId) {
      this.previewLoading = false;
      return;
    }
    this.previewLoading = true;
    const { tokens } = this.deps;
    const { eventId } = target;
    const subject = this.subject;
    const fresh = () => (subject ? tokens.obtain(eventId, tokenRequestOf(subject)) : null);
    const call = (searchToken: string | null) =>
      this.deps.api.frames.preview({ photoId, frameId }, { searchToken });
    let result: ApiResult<Blob> | null = await call(tokens.tokenOf(eventId) ?? (await fresh()));
    if (run !== this.run) return;
    if (result.status === 401) {
      // Spec §4: 401 marks the token expired; a fresh token gets one more try.
      runInAction(() => this.setPreview(nextPreview(401, null)));
      tokens.markExpired(eventId);
      const token = await fresh();
      if (run !== this.run) return;
      result = token ? await call(token) : null;
      if (run !== this.run) return;
      if (result?.status === 401) tokens.markExpired(eventId);
    }
    runInAction(() => {
      this.previewLoading = false;
      if (!result) return;
      const image = result.ok && result.status === 200 ? this.urls.create(result.data) : null;
      this.setPreview(nextPreview(result.status, image));
    });
  }

  private setPreview(next: FramePreviewState): void {
    const old = this.preview.image;
    // Stryker disable next-line ConditionalExpression: equivalent, every object URL is new, so the next image is never the old one
    if (old && old !== next.image) this.urls.revoke(old);
    this.preview = next;
  }
}
