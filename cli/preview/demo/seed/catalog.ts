/** Catalog products of every type for each event, priced in the event's currency. */
import type { Product } from "../../../../storefront/src/api/contracts/index.ts";
import { catalogIdOf, type EventSeed } from "./events.ts";

export interface FrameSeed {
  frameId: string;
  title: string;
  color: string;
}

export const FRAMES: readonly FrameSeed[] = [
  { frameId: "classic", title: "Classic", color: "#1565c0" },
  { frameId: "finisher", title: "Finisher", color: "#c9a227" },
  { frameId: "medal", title: "Medal", color: "#c62828" },
];

const PRICES = {
  643: { pwm: 990, photo: 290, frame: 390, pwf: 1490, gift: 990, pack42: 1290 },
  840: { pwm: 19, photo: 5, frame: 7, pwf: 25, gift: 19, pack42: 24 },
} as const;

export function productsOf(event: EventSeed): Product[] {
  const catalogId = catalogIdOf(event.eventId);
  const price = event.currencyId === 840 ? PRICES[840] : PRICES[643];
  const frames = FRAMES.map(({ frameId, title }) => ({ frameId, title }));
  const base = {
    catalogId,
    eventId: event.eventId,
    distance: null,
    state: "InCatalog" as const,
    currencyId: event.currencyId,
    frames: [],
  };
  const products: Product[] = [
    {
      ...base,
      productId: `${catalogId}-pwm`,
      title: "All my photos",
      description: "Every photo of you from the event",
      productType: "photos_with_me",
      price: price.pwm,
    },
    {
      ...base,
      productId: `${catalogId}-photo`,
      title: "Digital photo",
      description: "One photo in full resolution",
      productType: "photo",
      price: price.photo,
    },
    {
      ...base,
      productId: `${catalogId}-frame`,
      title: "Photo in a frame",
      description: "One photo in a digital frame",
      productType: "frame",
      price: price.frame,
      frames,
    },
    {
      ...base,
      productId: `${catalogId}-pwf`,
      title: "All my photos in a frame",
      description: "Every photo of you, each in a digital frame",
      productType: "photosWithFrame",
      price: price.pwf,
      frames,
    },
    {
      ...base,
      productId: `${catalogId}-gift`,
      title: "Gift promo code",
      description: "A promo code for someone's all-photos package",
      productType: "promocode",
      price: price.gift,
    },
    {
      ...base,
      productId: `${catalogId}-old`,
      state: "Archived",
      title: "Early-bird package",
      description: "No longer sold",
      productType: "photos_with_me",
      price: price.pwm,
    },
  ];
  if (event.distances.includes("42K")) {
    products.push({
      ...base,
      productId: `${catalogId}-pwm-42k`,
      distance: "42K",
      title: "Marathon finisher package",
      description: "All your photos plus the finish-line series",
      productType: "photos_with_me",
      price: price.pack42,
    });
  }
  return products;
}
