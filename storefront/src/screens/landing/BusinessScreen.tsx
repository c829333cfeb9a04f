import { Trans, useLingui } from "@lingui/react/macro";
import { MARKETING } from "../../domain/landing.ts";
import { Screen } from "../../shell/Screen.tsx";
import { MarketingFacts } from "./MarketingFacts.tsx";
import { BusinessRequest } from "./RequestForms.tsx";

/** Landing page for business (spec §1, §9): advertising, partner brand zones and tenants. */
export function BusinessScreen() {
  const { t } = useLingui();
  const days = MARKETING.campaignDays;
  const reach = MARKETING.campaignReachPercent;
  return (
    <Screen title={t`For business`}>
      <p className="landing-lead">
        <Trans>
          Participants come back for their photos right after the finish: meet them there with your
          brand.
        </Trans>
      </p>
      <div className="landing-cards">
        <article className="landing-card">
          <h2>{t`Advertising`}</h2>
          <p>
            <Trans>
              Your brand on the photo pages and in the e-mails participants receive. An ad campaign
              lasts {days} days and reaches {reach} % of the participants.
            </Trans>
          </p>
        </article>
        <article className="landing-card">
          <h2>{t`Partner brand zones`}</h2>
          <p>
            <Trans>
              A photo zone with your brand at the start or finish: every picture taken there carries
              it.
            </Trans>
          </p>
        </article>
        <article className="landing-card">
          <h2>{t`Tenants`}</h2>
          <p>
            <Trans>Your own photo shop on our platform, with your name, colours and address.</Trans>
          </p>
        </article>
      </div>
      <MarketingFacts />
      <BusinessRequest />
    </Screen>
  );
}
