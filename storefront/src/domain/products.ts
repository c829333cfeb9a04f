/**
 * Product names (spec §1, §3): the shop names each product type itself, in the visitor's
 * language; the backend's title is only for a type the shop does not know.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const PRODUCT_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  photo: msg`Digital photo`,
  frame: msg`Photo in a frame`,
  photos_with_me: msg`All my photos`,
  photosWithFrame: msg`All my photos in frames`,
  promocode: msg`Gift promo code`,
};

/** The shop's name of a product type; null for a type the shop does not know. */
export function productName(productType: string): MessageDescriptor | null {
  return Object.hasOwn(PRODUCT_NAMES, productType) ? (PRODUCT_NAMES[productType] ?? null) : null;
}

type Translate = (descriptor: MessageDescriptor) => string;

/** The name to show for a product: the shop's, else the backend's title. */
export function productLabel(
  product: { title: string; productType: string },
  translate: Translate,
): string {
  const name = productName(product.productType);
  return name ? translate(name) : product.title;
}

/** A package offer's name: the type's name plus the distance it is sold for. */
export function offerLabel(
  product: { title: string; productType: string; distance: string | null },
  translate: Translate,
): string {
  const name = productLabel(product, translate);
  return product.distance ? `${name}, ${product.distance}` : name;
}

/** What tells a line apart from others of the same name: its photo, else its position. */
export type LineDistinction =
  | { kind: "photo"; photoId: string }
  | { kind: "nth"; n: number }
  | null;

/**
 * For lines shown together (a cart group, a checkout summary, a paid order): null where a
 * line's name is unique; else its photo id when it has one, else its 1-based position among
 * the lines of that name.
 */
export function distinguishLines(
  lines: readonly { name: string; photoId: string | null }[],
): LineDistinction[] {
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.name, (totals.get(l.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const n = (seen.get(l.name) ?? 0) + 1;
    seen.set(l.name, n);
    if ((totals.get(l.name) ?? 0) < 2) return null;
    return l.photoId ? { kind: "photo", photoId: l.photoId } : { kind: "nth", n };
  });
}
