import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { distinguishLines, offerLabel, productLabel } from "../domain/products.ts";

export interface NamedLine {
  product: { title: string; productType: string };
  photoId: string | null;
}

/**
 * Product names in the visitor's language, and line names that tell repeated products apart
 * ("Digital photo, photo a1001-42"; "Gift promo code 2" where there is no photo).
 */
export function useProductNames() {
  const { t, i18n } = useLingui();
  const translate = (d: MessageDescriptor) => i18n._(d);
  const label = (product: NamedLine["product"]) => productLabel(product, translate);
  return {
    label,
    offer: (product: NamedLine["product"] & { distance: string | null }) =>
      offerLabel(product, translate),
    lines(lines: readonly NamedLine[]): string[] {
      const names = lines.map((l) => label(l.product));
      const details = distinguishLines(
        names.map((name, i) => ({ name, photoId: lines[i]?.photoId ?? null })),
      );
      return names.map((name, i) => {
        const d = details[i];
        if (!d) return name;
        if (d.kind === "photo") {
          const photo = d.photoId;
          return t`${name}, photo ${photo}`;
        }
        const n = d.n;
        return t`${name} ${n}`;
      });
    },
  };
}
