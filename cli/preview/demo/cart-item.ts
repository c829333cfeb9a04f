/** Validating one item to add to a cart: product, photo, frame, search token, currency. */
import { type Context, stringField } from "./context.ts";
import { fail, type Reply } from "./http/reply.ts";
import type { CartItemRecord, CartRecord } from "./state.ts";
import { checkToken } from "./tokens.ts";

const PACKAGES = new Set(["photos_with_me", "photosWithFrame"]);
const ONE_PHOTO = new Set(["photo", "frame"]);
const FRAMED = new Set(["frame", "photosWithFrame"]);

export function prepareItem(ctx: Context, cart: CartRecord, raw: unknown): CartItemRecord | Reply {
  const productId = stringField(raw, "productId");
  if (!productId) return fail(400, "InvalidBody", "Expected { productId, photoId?, frameId? }");
  const product = ctx.world.product(productId);
  if (product?.state !== "InCatalog") {
    return fail(404, "ProductNotFound", "No such product in the catalog");
  }
  const type = product.productType;
  const photoId = ONE_PHOTO.has(type) ? stringField(raw, "photoId") : null;
  if (
    ONE_PHOTO.has(type) &&
    ctx.world.parsePhotoId(photoId ?? "")?.event.eventId !== product.eventId
  ) {
    return fail(400, "PhotoRequired", "Choose a photo of this event");
  }
  const frameId = FRAMED.has(type) ? stringField(raw, "frameId") : null;
  if (FRAMED.has(type) && !product.frames.some((f) => f.frameId === frameId)) {
    return fail(400, "FrameRequired", "Choose one of the product's frame types");
  }
  // Packages are "my photos": the search token says whose. Any token sent must be valid.
  let competitorId: string | null = null;
  if (PACKAGES.has(type) || ctx.searchToken) {
    const check = checkToken(ctx, product.eventId);
    if (!check.ok) return check.reply;
    competitorId = PACKAGES.has(type) ? check.token.competitorId : null;
  }
  if (cart.items.length > 0 && cart.currencyId !== product.currencyId) {
    return fail(409, "CurrencyMismatch", "The cart holds items in another currency");
  }
  const participant = competitorId ? ctx.world.participant(competitorId) : undefined;
  return {
    shoppingCartItemId: "",
    productId,
    photoId,
    photoIds: PACKAGES.has(type)
      ? (participant?.photos ?? []).map((n) => ctx.world.photoId(product.eventId, n))
      : photoId
        ? [photoId]
        : [],
    frameId,
    competitorId,
  };
}

export function sameItem(a: CartItemRecord, b: CartItemRecord): boolean {
  return (
    a.productId === b.productId &&
    a.photoId === b.photoId &&
    a.frameId === b.frameId &&
    a.competitorId === b.competitorId
  );
}
