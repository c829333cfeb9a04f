import { Trans, useLingui } from "@lingui/react/macro";
import { MARKETING } from "../../domain/landing.ts";

/** The marketing statements of spec §9, shared by the three landing pages. */
export function MarketingFacts() {
  const { t, i18n } = useLingui();
  const recognition = MARKETING.faceRecognitionPercent;
  const visitors = i18n.number(MARKETING.uniqueVisitorsMillions);
  const accounts = i18n.number(MARKETING.accounts);
  return (
    <section className="landing-facts" aria-label={t`Facts and figures`}>
      <ul>
        <li>
          <Trans>
            <strong>{recognition} %</strong> of faces recognised
          </Trans>
        </li>
        <li>
          <Trans>
            Photos online <strong>within hours</strong> of the event
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>{visitors} million</strong> unique visitors
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>{accounts}</strong> accounts
          </Trans>
        </li>
      </ul>
    </section>
  );
}
