import { useLingui as useLinguiCore } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useBuy } from "../../app/use-buy.ts";
import { Icon } from "../../shell/icons.tsx";
import { PROMO_ERROR_MESSAGES } from "../../stores/cart-messages.ts";

/** Promo code entry (spec §2, §8): what the visitor typed stays in the field on an error. */
export const PromoCodeForm = observer(function PromoCodeForm() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { cart } = useBuy();
  const promo = cart.promoCodes;
  const [code, setCode] = useState("");
  const error = promo.error;
  const codes = cart.cart?.promotionalCodes ?? [];

  return (
    <div className="promo">
      <form
        className="promo__form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (promo.busy) return;
          if (await promo.apply(code)) setCode("");
        }}
      >
        <label htmlFor="promo-code">{t`Promo code`}</label>
        <div className="promo__row">
          <input
            id="promo-code"
            className="promo__input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? "promo-error" : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) promo.clearError();
            }}
          />
          <button type="submit" className="button" aria-disabled={promo.busy}>
            {t`Apply`}
          </button>
        </div>
        {error && (
          <p id="promo-error" className="promo__error" role="alert">
            {i18n._(PROMO_ERROR_MESSAGES[error])}
          </p>
        )}
      </form>
      {codes.length > 0 && (
        <ul className="promo__codes" aria-label={t`Applied promo codes`}>
          {codes.map((c) => {
            const name = c.code;
            return (
              <li key={c.codeId} className="promo__code">
                <span>{name}</span>
                <button
                  type="button"
                  className="bar-button"
                  aria-label={t`Remove promo code ${name}`}
                  onClick={() => void promo.remove(c.codeId)}
                >
                  <Icon name="close" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
