import { Plural, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import type { CartItem, Product } from "../../api/index.ts";
import { useBuy } from "../../app/use-buy.ts";
import { type EventGroup, packageHint } from "../../domain/cart.ts";
import { FrameButton } from "../../parts/frames/FrameButton.tsx";
import { GiftOffer } from "../../parts/gift/GiftOffer.tsx";
import { href } from "../../routes.ts";
import { Icon } from "../../shell/icons.tsx";
import { Link } from "../../ui/Link.tsx";
import { useProductNames } from "../../ui/product-names.ts";
import { focusHeading, useSelection } from "./selection.tsx";

type Money = (amount: number) => string;

/** One event's items, its replace-by-package hint and its package offers. */
export const CartGroup = observer(function CartGroup({
  group,
  money,
}: {
  group: EventGroup<CartItem>;
  money: Money;
}) {
  const { t } = useLingui();
  const { cart, catalog, myPhotos } = useBuy();
  const productNames = useProductNames();
  const subject = myPhotos.eventId === group.eventId ? myPhotos.subject : null;
  const distance = subject?.kind === "competitor" ? subject.competitor.distance : null;
  const offers = catalog.offers(group.catalogId, distance);
  const cheapest = offers.reduce<Product | null>(
    (best, p) => (best === null || p.price < best.price ? p : best),
    null,
  );
  const hint = packageHint(group.items, cheapest?.price ?? null);
  const duplicates = hint?.kind === "duplicates" ? hint.count : 0;
  const packagePrice = hint?.kind === "cheaper-package" ? money(hint.packagePrice) : "";
  const photosPrice = hint?.kind === "cheaper-package" ? money(hint.photosPrice) : "";
  const hasPackage = group.items.some((i) => i.product.productType === "photos_with_me");
  const event = { eventId: group.eventId, name: group.title };
  const titleId = `cart-event-${group.eventId}`;
  // Names repeat ("Digital photo" × 4): each line says its photo, so every button has its own name.
  const names = productNames.lines(group.items);
  // Several offers of one event: each "Buy all photos" names its offer (and distance).
  const offerLabel = (p: Product) => {
    const offer = productNames.offer(p);
    return t`Buy all photos: ${offer}`;
  };
  const buy = (product: Product) =>
    subject ? (
      <button
        type="button"
        className="button"
        aria-label={offerLabel(product)}
        onClick={() => void cart.replaceWithPackage(event, product, subject)}
      >
        {t`Buy all photos`}
      </button>
    ) : (
      <Link className="button" to={`${href("event-photos", { id: group.eventId })}?tab=mine`}>
        {t`Find my photos to buy the package`}
      </Link>
    );

  return (
    <section className="cart-group" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-group__title">
        {group.title}
      </h2>
      {hint?.kind === "duplicates" && (
        <div className="cart-hint" role="note">
          <p>
            <Plural
              value={duplicates}
              one="# photo is already in your all-photos package. Remove it so you do not pay twice."
              other="# photos are already in your all-photos package. Remove them so you do not pay twice."
            />
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void cart.remove(
                group.items.filter((i) => i.duplicate).map((i) => i.shoppingCartItemId),
              );
              focusHeading();
            }}
          >
            {t`Remove duplicates`}
          </button>
        </div>
      )}
      {hint?.kind === "cheaper-package" && cheapest && (
        <div className="cart-hint" role="note">
          <p>
            {t`All your photos of this event cost ${packagePrice} as a package, less than these photos (${photosPrice}). Replace the single photos with the package.`}
          </p>
          {buy(cheapest)}
        </div>
      )}
      <FrameButton event={event} catalogId={group.catalogId} />
      <ul className="cart-group__items">
        {group.items.map((item, index) => (
          <CartLine
            key={item.shoppingCartItemId}
            item={item}
            name={names[index] ?? ""}
            money={money}
          />
        ))}
      </ul>
      {!hasPackage && offers.length > 0 && hint?.kind !== "cheaper-package" && (
        <div className="cart-offers">
          <h3>{t`Packages`}</h3>
          <ul className="offers__list">
            {offers.map((p) => (
              <li key={p.productId} className="offers__item">
                <span className="offers__title">{productNames.offer(p)}</span>
                <span className="offers__price">{money(p.price)}</span>
                {buy(p)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <GiftOffer event={event} catalogId={group.catalogId} hideInCart />
    </section>
  );
});

const CartLine = observer(function CartLine({
  item,
  name,
  money,
}: {
  item: CartItem;
  name: string;
  money: Money;
}) {
  const { t } = useLingui();
  const { cart } = useBuy();
  const { selected, toggle } = useSelection();
  const id = item.shoppingCartItemId;
  const pending = cart.isPending(item);
  const photos = item.photoIds.length;
  const isPackage =
    item.product.productType === "photos_with_me" || item.product.productType === "photosWithFrame";

  const onRemove = (button: HTMLButtonElement) => {
    // Focus goes to the next item's remove button, else the previous one, else the heading.
    const all = [...document.querySelectorAll<HTMLButtonElement>("[data-cart-remove]")];
    const i = all.indexOf(button);
    const target = all[i + 1] ?? all[i - 1] ?? null;
    void cart.remove([id]);
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
      else document.getElementById("screen-title")?.focus();
    });
  };

  return (
    <li
      className={`cart-item${pending ? " cart-item--pending" : ""}${item.duplicate ? " cart-item--duplicate" : ""}`}
    >
      <label className="cart-item__select">
        <input
          type="checkbox"
          checked={selected.has(id)}
          disabled={pending}
          onChange={(e) => toggle(id, e.target.checked)}
        />
        <span className="visually-hidden">{t`Select ${name}`}</span>
      </label>
      {item.thumbnailUrl ? (
        <img className="cart-item__thumb" src={item.thumbnailUrl} alt="" width={96} height={64} />
      ) : (
        <span className="cart-item__thumb cart-item__thumb--none" aria-hidden="true" />
      )}
      <div className="cart-item__body">
        <p className="cart-item__title">{name}</p>
        {isPackage && photos > 0 && (
          <p className="cart-item__meta">
            <Plural value={photos} one="# photo" other="# photos" />
          </p>
        )}
        {item.product.productType === "promocode" && (
          <p className="cart-item__meta">{t`You get the code on the order page after payment`}</p>
        )}
        {item.duplicate && <p className="cart-item__flag">{t`Already in your package`}</p>}
      </div>
      <p className="cart-item__price">
        {item.price !== item.originalPrice && (
          <s className="cart-item__original">
            <span className="visually-hidden">{t`Was`} </span>
            {money(item.originalPrice)}
          </s>
        )}{" "}
        {money(item.price)}
      </p>
      <button
        type="button"
        className="bar-button cart-item__remove"
        data-cart-remove=""
        aria-label={t`Remove ${name}`}
        aria-disabled={pending}
        onClick={(e) => {
          if (!pending) onRemove(e.currentTarget);
        }}
      >
        <Icon name="close" />
      </button>
    </li>
  );
});
