import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { type FormEvent, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useBuy } from "../../app/use-buy.ts";
import { formatMoney } from "../../domain/money.ts";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { EmptyCart } from "../../ui/EmptyCart.tsx";
import { literal } from "../../ui/literal.ts";
import { useProductNames } from "../../ui/product-names.ts";
import { CheckoutFailure, OfferAgreement } from "./OfferAgreement.tsx";
import { PaymentStep } from "./PaymentStep.tsx";

/**
 * Checkout with the steps Order and Payment (/order); router state `orderId` pays an unpaid order.
 * A free order (codes cover it all) has no payment step: it is placed and its paid page opens.
 *
 * One visitor's page, never a search result: React puts the robots tag in the document's head
 * while the screen is shown. The route is answered by the shell that event pages share (they are
 * indexed), so the tag comes with the screen, in its lazy chunk.
 */
export function CheckoutScreen() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <CheckoutScreenView />
    </>
  );
}

const CheckoutScreenView = observer(function CheckoutScreenView() {
  const { t } = useLingui();
  const { checkout, cart, language, auth } = useBuy();
  const productNames = useProductNames();
  const location = useLocation();
  const navigate = useNavigate();
  const orderId = (location.state as { orderId?: unknown } | null)?.orderId;
  const resumeId = typeof orderId === "string" ? orderId : null;
  const cartReady = cart.cart !== null;

  useEffect(() => {
    if (cartReady || resumeId) void checkout.start(resumeId);
  }, [checkout, cartReady, resumeId]);

  // Signed in (now or once the silent check answers): their e-mail fills an untouched field.
  const signedInEmail = auth.user?.email ?? null;
  useEffect(() => {
    if (cartReady) checkout.suggestEmail(signedInEmail);
  }, [checkout, cartReady, signedInEmail]);

  // A paid order (free, or paid meanwhile elsewhere) opens its page with every download.
  const paidOrderId = checkout.paidOrderId;
  useEffect(() => {
    if (!paidOrderId) return;
    const id = checkout.takePaidOrder();
    if (id) navigate(href("order-paid", { id }), { replace: true });
  }, [checkout, paidOrderId, navigate]);

  const money = (amount: number) => formatMoney(amount, checkout.currencyId, language.language);
  const lineNames = productNames.lines(cart.items);
  const resuming = checkout.order !== null;
  if (!resuming && !cartReady) {
    return (
      <Screen title={t`Checkout`}>
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t`Loading…`}
        </p>
      </Screen>
    );
  }
  if (!resuming && (cart.items.length === 0 || cart.checkedOut)) {
    return (
      <Screen title={t`Checkout`}>
        <EmptyCart />
      </Screen>
    );
  }
  const free = checkout.free;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (free ? checkout.complete() : checkout.continueToPayment());
  };
  const step = checkout.step;
  const emailError =
    checkout.emailError === "missing"
      ? t`Enter your email address`
      : checkout.emailError === "invalid"
        ? t`Enter a valid e-mail`
        : null;
  return (
    <Screen title={t`Checkout`}>
      <ol className="checkout-steps" aria-label={t`Checkout steps`}>
        <li aria-current={step === "order" ? "step" : undefined}>{t`Order`}</li>
        {!free && <li aria-current={step === "payment" ? "step" : undefined}>{t`Payment`}</li>}
      </ol>
      <div className="checkout">
        <div className="checkout__main">
          {step === "order" ? (
            <form className="checkout__form" noValidate onSubmit={submit}>
              <label htmlFor="checkout-email">{t`E-mail`}</label>
              <input
                id="checkout-email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={checkout.email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "checkout-email-error" : "checkout-email-hint"}
                onChange={(e) => checkout.setEmail(e.target.value)}
              />
              {emailError ? (
                <p id="checkout-email-error" className="field-error" role="alert">
                  {emailError}
                </p>
              ) : (
                <p id="checkout-email-hint" className="field-hint">
                  {t`We will send the download links to this address.`}
                </p>
              )}
              {checkout.saveError && (
                <p className="field-error" role="alert">
                  {t`Could not save the e-mail. Check your connection and try again.`}
                </p>
              )}
              {free ? (
                <>
                  <p className="checkout__free" id="checkout-free">
                    {t`Your promo code covers the whole order, so no payment is needed. Your photos open right after you confirm.`}
                  </p>
                  <OfferAgreement />
                  <CheckoutFailure text={t`Unable to place the order`} />
                  <button
                    type="submit"
                    className="button checkout__pay"
                    disabled={checkout.savingEmail || checkout.paying}
                    aria-busy={checkout.paying}
                    aria-describedby="checkout-free"
                  >
                    {t`Get my photos`}
                  </button>
                </>
              ) : (
                <button type="submit" className="button" disabled={checkout.savingEmail}>
                  {t`Continue`}
                </button>
              )}
            </form>
          ) : (
            <PaymentStep money={money} />
          )}
        </div>
        <aside className="checkout__summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">{t`Your order`}</h2>
          {resuming && checkout.order ? (
            <p>
              <Trans>Order № {literal(checkout.order.number)}</Trans>
            </p>
          ) : (
            <ul className="checkout__items">
              {cart.items.map((i, n) => (
                <li key={i.shoppingCartItemId} className="checkout__item">
                  {i.thumbnailUrl ? (
                    <img
                      className="checkout__thumb"
                      src={i.thumbnailUrl}
                      alt=""
                      width={48}
                      height={32}
                    />
                  ) : (
                    <span className="checkout__thumb checkout__thumb--none" aria-hidden="true" />
                  )}
                  <span className="checkout__item-name">{lineNames[n]}</span>{" "}
                  <span className="checkout__item-price">{money(i.price)}</span>
                </li>
              ))}
            </ul>
          )}
          {step === "payment" && !resuming && (
            <p className="checkout__email">
              {checkout.email}{" "}
              <button type="button" className="link-button" onClick={() => checkout.backToOrder()}>
                {t`Change`}
              </button>
            </p>
          )}
          <Total money={money} />
        </aside>
      </div>
    </Screen>
  );
});

/** The total; with a discounted method (fast payment) the old price is struck through. */
const Total = observer(function Total({ money }: { money: (n: number) => string }) {
  const { t } = useLingui();
  const { checkout } = useBuy();
  const selected = checkout.step === "payment" ? checkout.selectedType : null;
  const base = checkout.amount;
  const discounted = selected && selected.amount < base ? selected.amount : null;
  return (
    <p className="checkout__total">
      <span>{t`Total`}</span>{" "}
      {discounted !== null ? (
        <span>
          <span className="visually-hidden">{t`Old price ${money(base)}`}</span>
          <s className="price-old" aria-hidden="true">
            {money(base)}
          </s>{" "}
          <strong className="price-new">{money(discounted)}</strong>
        </span>
      ) : (
        <strong>{money(base)}</strong>
      )}
    </p>
  );
});
