import { Trans, useLingui } from "@lingui/react/macro";
import { ORGANIZER_COMMISSION } from "../../domain/landing.ts";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { Link } from "../../ui/Link.tsx";
import { MarketingFacts } from "./MarketingFacts.tsx";

/** Landing page for event organizers (spec §1, §9): commission, rent and fixed-fee models. */
export function OrganizersScreen() {
  const { t } = useLingui();
  const { minPercent, maxPercent, days } = ORGANIZER_COMMISSION;
  return (
    <Screen title={t`For organizers`}>
      <p className="landing-lead">
        <Trans>
          We photograph your event, find every participant by face and sell the photos to them.
          Choose how we work together.
        </Trans>
      </p>
      <div className="landing-cards">
        <article className="landing-card">
          <h2>{t`Commission`}</h2>
          <p>
            <Trans>
              You receive from {minPercent} % to {maxPercent} % of photo sales: the more is sold per
              participant within {days} days of the event, the higher your share.
            </Trans>
          </p>
        </article>
        <article className="landing-card">
          <h2>{t`Rent`}</h2>
          <p>
            <Trans>
              Rent the photo shop with face search for your own photographers and keep the sales.
            </Trans>
          </p>
        </article>
        <article className="landing-card">
          <h2>{t`Fixed fee`}</h2>
          <p>
            <Trans>
              We cover the event for a fixed fee, and participants get their photos as a gift from
              you.
            </Trans>
          </p>
        </article>
      </div>
      <MarketingFacts />
      <p>
        <Trans>
          Write to us to discuss your event: the address is on the{" "}
          <Link to={href("contacts")}>contacts page</Link>.
        </Trans>
      </p>
    </Screen>
  );
}
