import { useLingui as useLinguiCore } from "@lingui/react";
import { Plural, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { PendingOrderBanner } from "../../parts/order/PendingOrderBanner.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { EmptyCart } from "../../ui/EmptyCart.tsx";
import { Link } from "../../ui/Link.tsx";
import { CartGroup } from "./CartGroup.tsx";
import { PromoCodeForm } from "./PromoCodeForm.tsx";
import { SelectionProvider, SelectionToolbar } from "./selection.tsx";

/** Cart (/cart): items by event, package hints and offers, promo codes, totals, checkout. */
export const CartScreen = observer(function CartScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { cart, catalog, language } = useBuy();
  const groups = cart.groups;
  const catalogIds = groups.map((g) => g.catalogId).join(",");

  useEffect(() => {
    for (const id of catalogIds.split(",")) if (id) void catalog.load(id);
  }, [catalog, catalogIds]);

  const money = (amount: number) => formatMoney(amount, cart.currencyId, language.language);
  const live = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {cart.announcement ? i18n._(cart.announcement) : ""}
    </p>
  );

  if (!cart.cart && cart.status !== "failed") {
    return (
      <Screen title={t`Cart`}>
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t`Loading…`}
        </p>
      </Screen>
    );
  }
  if (!cart.cart && cart.status === "failed" && cart.items.length === 0) {
    // Offline or the cart service is down: not "empty" (the cart id is kept), but unavailable.
    return (
      <Screen title={t`Cart`}>
        <div className="cart-empty cart-unavailable" role="alert">
          <p>{t`The cart is unavailable right now. Check your connection and try again.`}</p>
          <button type="button" className="button" onClick={() => void cart.ensureCart()}>
            {t`Try again`}
          </button>
        </div>
      </Screen>
    );
  }
  if (cart.items.length === 0) {
    return (
      <Screen title={t`Cart`}>
        {live}
        <PendingOrderBanner />
        <EmptyCart />
      </Screen>
    );
  }
  const c = cart.cart;
  const count = cart.count;
  return (
    <Screen title={t`Cart`}>
      {live}
      <PendingOrderBanner />
      <SelectionProvider>
        <div className="cart">
          <div className="cart__items">
            <SelectionToolbar />
            {groups.map((g) => (
              <CartGroup key={g.eventId} group={g} money={money} />
            ))}
          </div>
          <aside className="cart__summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">{t`Your order`}</h2>
            <p className="cart__count">
              <Plural value={count} one="# item" other="# items" />
            </p>
            {c && (
              <dl className="cart__totals">
                <div>
                  <dt>{t`Price`}</dt>
                  <dd>{money(c.amount)}</dd>
                </div>
                {c.discountAmount > 0 && (
                  <div className="cart__discount">
                    <dt>{t`Discount`}</dt>
                    <dd>−{money(c.discountAmount)}</dd>
                  </div>
                )}
                <div className="cart__total">
                  <dt>{t`Total`}</dt>
                  <dd>{money(c.totalAmount)}</dd>
                </div>
              </dl>
            )}
            <PromoCodeForm />
            <Link className="button cart__checkout" to={href("order")}>
              {t`Proceed to checkout`}
            </Link>
          </aside>
        </div>
      </SelectionProvider>
    </Screen>
  );
});
