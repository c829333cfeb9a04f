import { Trans, useLingui } from "@lingui/react/macro";
import { PHOTOGRAPHER_PAY } from "../../domain/landing.ts";
import { Screen } from "../../shell/Screen.tsx";
import { MarketingFacts } from "./MarketingFacts.tsx";
import { PhotographerRequest } from "./RequestForms.tsx";

/** Landing page for photographers (spec §1, §9): recruitment and pay, with the request form. */
export function PhotographersScreen() {
  const { t, i18n } = useLingui();
  const perEvent = i18n.number(PHOTOGRAPHER_PAY.perEvent);
  const extraHour = i18n.number(PHOTOGRAPHER_PAY.extraHour);
  const hours = PHOTOGRAPHER_PAY.eventHours;
  return (
    <Screen title={t`For photographers`}>
      <p className="landing-lead">
        <Trans>
          Shoot running, cycling and triathlon events with us. We handle sales, face search and
          delivery; you take the pictures.
        </Trans>
      </p>
      <div className="landing-cards">
        <article className="landing-card">
          <h2>{t`Pay`}</h2>
          <ul>
            <li>
              <Trans>
                From <strong>{perEvent} RUB</strong> per event (up to {hours} hours)
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>{extraHour} RUB</strong> for every extra hour
              </Trans>
            </li>
          </ul>
        </article>
        <article className="landing-card">
          <h2>{t`What we expect`}</h2>
          <p>
            <Trans>
              A portfolio of sports or reportage photos and your own equipment. Tell us your city
              and we will offer events near you.
            </Trans>
          </p>
        </article>
      </div>
      <MarketingFacts />
      <PhotographerRequest />
    </Screen>
  );
}
