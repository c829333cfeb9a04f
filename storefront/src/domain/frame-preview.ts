/**
 * Pure rules of the frame picker (spec §2, §3, §4, §5): the frame preview state after a
 * frame-service reply, the "Select Photo" validation and what "one" or "all" adds.
 */

/** Spec §3: the frame preview state. `image` is whatever the UI shows (an object URL). */
export interface FramePreviewState {
  image: string | null;
  tokenExpired: boolean;
  /** The last reply's status; 0 for a failure without one; null before any call. */
  status: number | null;
}

export const EMPTY_PREVIEW: FramePreviewState = { image: null, tokenExpired: false, status: null };

/**
 * Spec §4: 200 stores the image and clears token-expired; other statuses clear the image;
 * a failure stores the status (or 0) and sets token-expired only on 401.
 */
export function nextPreview(
  status: number | null | undefined,
  image: string | null,
): FramePreviewState {
  // Stryker disable next-line ConditionalExpression: equivalent for image === null, the fall-through gives the same state for a 200
  if (status === 200 && image !== null) return { image, tokenExpired: false, status: 200 };
  const code = status ?? 0;
  return { image: null, tokenExpired: code === 401, status: code };
}

/** Spec §5: the frame screen needs a chosen photo ("Select Photo"). */
export type FramePickerError = "select-photo";

export function framePickerError(photoId: string | null): FramePickerError | null {
  return photoId ? null : "select-photo";
}

export type FrameQuantity = "one" | "all";

export interface FrameProductLike {
  productId: string;
  productType: string;
  state: string;
  frames: readonly { frameId: string; title: string }[];
}

/** The frame types on offer: every frame of the catalog's frame products, once each. */
export function frameTypes<P extends FrameProductLike>(
  products: readonly P[],
): { frameId: string; title: string }[] {
  const seen = new Map<string, { frameId: string; title: string }>();
  for (const p of framedProducts(products)) {
    for (const f of p.frames) if (!seen.has(f.frameId)) seen.set(f.frameId, f);
  }
  return [...seen.values()];
}

function framedProducts<P extends FrameProductLike>(products: readonly P[]): P[] {
  return products.filter(
    (p) =>
      p.state === "InCatalog" && (p.productType === "frame" || p.productType === "photosWithFrame"),
  );
}

/**
 * What to add for a quantity: "one" is the frame product for the chosen photo; "all" is the
 * photosWithFrame package ("All my photos in a frame") when the catalog has one, else one
 * frame item per photo of "My photos" (several items go in one items/v2 call).
 */
export type FramePlan<P> =
  | { kind: "photos"; product: P; photoIds: string[] }
  | { kind: "package"; product: P }
  | null;

export function framePlan<P extends FrameProductLike>(
  products: readonly P[],
  frameId: string,
  quantity: FrameQuantity,
  photoId: string,
  allPhotoIds: readonly string[],
): FramePlan<P> {
  const offering = framedProducts(products).filter((p) =>
    p.frames.some((f) => f.frameId === frameId),
  );
  const single = offering.find((p) => p.productType === "frame");
  if (quantity === "all") {
    const pack = offering.find((p) => p.productType === "photosWithFrame");
    if (pack) return { kind: "package", product: pack };
    if (single && allPhotoIds.length > 0) {
      return { kind: "photos", product: single, photoIds: [...allPhotoIds] };
    }
    return null;
  }
  return single ? { kind: "photos", product: single, photoIds: [photoId] } : null;
}
