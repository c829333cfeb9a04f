import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { tenantText } from "../../domain/tenant-text.ts";
import { CheckoutFailure, OfferAgreement } from "./OfferAgreement.tsx";
import { PAYMENT_TYPE_LABELS } from "./payment-labels.ts";

/** Step Payment: the methods (fast payment 5 % off), the tenant's card note, the offer, Pay. */
export const PaymentStep = observer(function PaymentStep({
  money,
}: {
  money: (amount: number) => string;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { checkout, settings, language } = useBuy();
  const cardNote = tenantText(settings.settings.cardNote, language.language);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void checkout.pay();
  };
  const base = checkout.amount;
  return (
    <form className="checkout__form" noValidate onSubmit={submit}>
      <fieldset className="payment-methods" aria-busy={checkout.typesState === "loading"}>
        <legend>{t`Payment method`}</legend>
        {checkout.typesState === "failed" && (
          <p role="alert">
            {t`Could not load the payment methods.`}{" "}
            <button type="button" className="link-button" onClick={() => void checkout.loadTypes()}>
              {t`Try again`}
            </button>
          </p>
        )}
        {checkout.types.map((type) => {
          const label = PAYMENT_TYPE_LABELS[type.paymentTypeId];
          const cheaper = type.amount < base;
          const percent = type.discountPercent;
          return (
            <label key={type.paymentTypeId} className="payment-method">
              <input
                type="radio"
                name="payment-type"
                value={type.paymentTypeId}
                checked={checkout.selectedTypeId === type.paymentTypeId}
                onChange={() => checkout.select(type.paymentTypeId)}
              />
              <span className="payment-method__name">{label ? i18n._(label) : type.title}</span>
              <span className="payment-method__price">
                {cheaper && <s className="price-old">{money(base)}</s>}{" "}
                <span className={cheaper ? "price-new" : undefined}>{money(type.amount)}</span>
                {percent > 0 && (
                  <span className="payment-method__discount">{t`−${percent} %`}</span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      {cardNote && <p className="checkout__note">{cardNote}</p>}
      <OfferAgreement />
      <CheckoutFailure text={t`Unable to pay the order`} />
      <button
        type="submit"
        className="button checkout__pay"
        disabled={checkout.paying || !checkout.selectedType}
        aria-busy={checkout.paying}
      >
        {checkout.paying ? t`Redirecting to payment…` : t`Pay for the order`}
      </button>
    </form>
  );
});
