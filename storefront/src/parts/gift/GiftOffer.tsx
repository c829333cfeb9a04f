import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { openShop } from "../../app/open-shop.ts";
import { useLoadedShop, useStores } from "../../app/stores-context.tsx";
import { useShop } from "../../app/use-shop.ts";
import { formatMoney } from "../../domain/money.ts";
import { useProductNames } from "../../ui/product-names.ts";

/**
 * The event's gift promo code (spec §1 package offers): its price, what it is, and "Add to
 * cart" (or "In the cart"). Shown where packages are offered; nothing when the catalog has none.
 * It renders from the finding stores (the catalog), so the event page comes alive without the
 * shop's chunk: the cart's state shows once the shop is open (right after the event's content),
 * and a tap before that opens the shop first.
 */
export const GiftOffer = observer(function GiftOffer({
  event,
  catalogId,
  hideInCart = false,
  level = "h3",
}: {
  event: { eventId: string; name: string };
  catalogId: string;
  /** In the cart itself a gift already added is one of the lines: no offer then. */
  hideInCart?: boolean;
  /** The heading level that follows the page's outline there. */
  level?: "h2" | "h3";
}) {
  const { t } = useLingui();
  const { catalog, language } = useShop();
  const root = useStores();
  const shop = useLoadedShop();
  const names = useProductNames();
  useEffect(() => {
    void catalog.load(catalogId);
  }, [catalog, catalogId]);
  const gift = catalog.gift(catalogId);
  if (!gift) return null;
  const inCart = shop?.cart.has(gift.productId) ?? false;
  if (inCart && hideInCart) return null;
  const name = names.label(gift);
  const titleId = `gift-offer-${event.eventId}`;
  const Heading = level;
  return (
    <section className="gift-offer" aria-labelledby={titleId}>
      <Heading id={titleId} className="gift-offer__title">
        {name}
      </Heading>
      <p className="gift-offer__text">
        {t`A gift for another participant: after payment you get a code that pays for their all-photos package of this event.`}
      </p>
      <p className="gift-offer__buy">
        <span className="offers__price">
          {formatMoney(gift.price, gift.currencyId, language.language)}
        </span>
        {inCart ? (
          <span className="offers__in-cart">{t`In the cart`}</span>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t`Add to cart: ${name}`}
            onClick={() => void openShop(root).then((opened) => opened?.cart.addGift(event, gift))}
          >
            {t`Add to cart`}
          </button>
        )}
      </p>
    </section>
  );
});
