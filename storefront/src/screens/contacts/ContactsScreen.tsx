import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/stores-context.tsx";
import { policyPath } from "../../domain/privacy.ts";
import { tenantText } from "../../domain/tenant-text.ts";
import { Screen } from "../../shell/Screen.tsx";

/** Contacts: support e-mail, support hours (in the tenant's time zone) and the privacy policy. */
export const ContactsScreen = observer(function ContactsScreen() {
  const { t } = useLingui();
  const { settings, language } = useStores();
  const { email, hours } = settings.settings.support;
  const from = hours.from;
  const to = hours.to;
  const zone = tenantText(hours.timeZone, language.language);
  return (
    <Screen title={t`Contacts`}>
      <dl className="contacts">
        <dt>{t`Support e-mail`}</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        <dt>{t`Support hours`}</dt>
        <dd>
          {zone ? (
            <Trans>
              Mon–Fri {from}–{to} {zone}
            </Trans>
          ) : (
            <Trans>
              Mon–Fri {from}–{to}
            </Trans>
          )}
        </dd>
      </dl>
      <p>
        <Trans>
          If the e-mail with your photos has not arrived within one hour after payment, contact
          support.
        </Trans>
      </p>
      <p>
        <a href={policyPath(language.language)}>{t`Privacy policy`}</a>
      </p>
    </Screen>
  );
});
