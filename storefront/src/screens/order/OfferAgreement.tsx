import { useLingui as useLinguiCore } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useBuy } from "../../app/use-buy.ts";
import { offerHref } from "../../domain/offer.ts";
import { href } from "../../routes.ts";
import { PROMO_ERROR_MESSAGES } from "../../stores/cart-messages.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * The offer agreement checkbox and its error: every order, paid or free, accepts it. Its link
 * opens the tenant's public offer in the visitor's language (domain/offer.ts).
 */
export const OfferAgreement = observer(function OfferAgreement() {
  const { t } = useLingui();
  const { checkout, settings, language } = useBuy();
  const offer = offerHref(settings.settings, language.language);
  return (
    <>
      <label className="checkout__agreement">
        <input
          type="checkbox"
          checked={checkout.agreed}
          aria-invalid={checkout.agreementError ? true : undefined}
          aria-describedby={checkout.agreementError ? "checkout-agreement-error" : undefined}
          onChange={(e) => checkout.setAgreed(e.target.checked)}
        />{" "}
        <span>
          <Trans>
            I accept the{" "}
            <a href={offer} target="_blank" rel="noopener">
              offer agreement
            </a>
          </Trans>
        </span>
      </label>
      {checkout.agreementError && (
        <p id="checkout-agreement-error" className="field-error" role="alert">
          {t`Accept the offer agreement to pay`}
        </p>
      )}
    </>
  );
});

/** Why the order could not be placed or paid (spec §8), with the promo code's own error. */
export const CheckoutFailure = observer(function CheckoutFailure({ text }: { text: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { checkout } = useBuy();
  if (!checkout.payError) return null;
  return (
    <div className="field-error" role="alert">
      <p>
        {text}
        {checkout.payTransient && <> {t`Check your connection and try again.`}</>}
      </p>
      {checkout.promoError && (
        <p>
          {i18n._(PROMO_ERROR_MESSAGES[checkout.promoError])}{" "}
          <Link to={href("cart")}>{t`Remove the promo code in the cart, then pay`}</Link>
        </p>
      )}
    </div>
  );
});
