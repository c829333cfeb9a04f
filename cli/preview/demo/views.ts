/** Turns seeded data and state records into the JSON shapes of the API contracts. */
import type {
  BoughtPhoto,
  Event,
  Order,
  OrderItem,
  Payment,
  Photo,
  Preorder,
  ProductRef,
} from "../../../storefront/src/api/contracts/index.ts";
import { giftCodesOf } from "./gifts.ts";
import type { PhotoPicture } from "./render/photo-svg.ts";
import { albumIdOf, catalogIdOf, type EventSeed } from "./seed/events.ts";
import type {
  DemoState,
  OrderItemRecord,
  OrderRecord,
  PaymentRecord,
  PreorderRecord,
} from "./state.ts";
import type { World } from "./world.ts";

export const iso = (ms: number) => new Date(ms).toISOString();

export const photoUrl = (photoId: string) => `/demo/img/photo/${photoId}.svg`;
export const thumbnailUrl = (photoId: string) => `/demo/img/thumb/${photoId}.svg`;
/** A paid photo's full download: a JPEG, as a photo service sends it. */
export const downloadUrl = (photoId: string, frameId?: string | null) =>
  frameId ? `/demo/img/download/${photoId}/${frameId}.jpg` : `/demo/img/download/${photoId}.jpg`;

export function eventView(e: EventSeed): Event {
  return {
    eventId: e.eventId,
    externalEventId: e.externalEventId,
    name: e.name,
    date: e.date,
    location: e.location,
    albumId: albumIdOf(e.eventId),
    catalogId: catalogIdOf(e.eventId),
    competitorsListId: e.eventId,
    distances: e.distances,
    photoCount: e.photoCount,
    photosProcessing: e.photosProcessing,
    coverUrl: `/demo/img/cover/${e.eventId}.svg`,
    currencyId: e.currencyId,
  };
}

/** Every fifth photo is a portrait; the rest are landscape. */
export function photoPicture(world: World, e: EventSeed, n: number): PhotoPicture {
  const portrait = n % 5 === 0;
  const team = e.photographers;
  return {
    eventName: e.name,
    n,
    width: portrait ? 800 : 1200,
    height: portrait ? 1200 : 800,
    hue: e.hue,
    bibs: world.participantsOn(e.eventId, n).map((p) => p.number),
    photographer: team.length && n % 7 !== 0 ? (team[n % team.length] ?? null) : null,
  };
}

export function photoView(world: World, state: DemoState, e: EventSeed, n: number): Photo {
  const photoId = world.photoId(e.eventId, n);
  const picture = photoPicture(world, e, n);
  return {
    photoId,
    albumId: albumIdOf(e.eventId),
    url: photoUrl(photoId),
    thumbnailUrl: thumbnailUrl(photoId),
    width: picture.width,
    height: picture.height,
    photographer: picture.photographer,
    takenAt: iso(Date.parse(e.startsAt) + n * 3_000),
    tags: world.participantsOn(e.eventId, n).map((p) => {
      const photoTagId = `${photoId}-bib${p.number}`;
      return {
        photoTagId,
        name: "number",
        value: p.number,
        itIsMe: state.itsMe.get(photoTagId) ?? null,
      };
    }),
  };
}

export function productRef(world: World, productId: string): ProductRef {
  const p = world.product(productId);
  return { productId, title: p?.title ?? productId, productType: p?.productType ?? "photo" };
}

function boughtPhotos(item: OrderItemRecord, paid: boolean): BoughtPhoto[] {
  return item.photoIds.map((photoId) => ({
    photoId,
    thumbnailUrl: thumbnailUrl(photoId),
    downloadUrl: paid ? downloadUrl(photoId, item.frameId) : null,
  }));
}

export function orderItemView(world: World, order: OrderRecord, item: OrderItemRecord): OrderItem {
  return {
    orderItemId: item.orderItemId,
    product: productRef(world, item.productId),
    eventId: world.product(item.productId)?.eventId ?? order.eventId,
    frameId: item.frameId,
    originalPrice: item.originalPrice,
    totalPrice: item.totalPrice,
    photos: boughtPhotos(item, order.state === "Completed"),
    ...(item.giftCodes ? { promotionalCodes: giftCodesOf(item) } : {}),
  };
}

export function orderView(world: World, o: OrderRecord): Order {
  return {
    orderId: o.orderId,
    number: o.number,
    state: o.state,
    currencyId: o.currencyId,
    invoiceId: o.invoiceId,
    amount: o.amount,
    discountAmount: o.discountAmount,
    totalAmount: o.totalAmount,
    catalogId: o.catalogId,
    eventId: o.eventId,
    customer: { email: o.email },
    createdOn: iso(o.createdOn),
    items: o.items.map((item) => orderItemView(world, o, item)),
  };
}

export function preorderView(world: World, p: PreorderRecord): Preorder {
  return {
    preorderId: p.preorderId,
    catalogId: p.catalogId,
    eventId: p.eventId,
    state: p.state,
    email: p.email,
    number: p.number,
    createdOn: iso(p.createdOn),
    items: p.items.map((item) => ({
      preorderItemId: item.orderItemId,
      product: productRef(world, item.productId),
      photos: boughtPhotos(item, p.state === "Completed"),
    })),
  };
}

export function paymentView(p: PaymentRecord): Payment {
  return {
    paymentId: p.paymentId,
    invoiceId: p.invoiceId,
    paymentTypeId: p.paymentTypeId,
    state: p.state,
    amount: p.amount,
    currencyId: p.currencyId,
    payUrl: p.paymentTypeId === "Discount" ? null : `/demo/pay/${p.paymentId}`,
    createdOn: iso(p.createdOn),
  };
}
