import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/stores-context.tsx";
import { tenantText } from "../../domain/tenant-text.ts";
import { Screen } from "../../shell/Screen.tsx";
import { literal } from "../../ui/literal.ts";

/** Contacts: support e-mail, support hours (in the tenant's time zone) and the privacy policy. */
export const ContactsScreen = observer(function ContactsScreen() {
  const { t } = useLingui();
  const { settings, language } = useStores();
  const { email, hours } = settings.settings.support;
  // The tenant's words go into the messages as text, never as part of their markup.
  const from = literal(hours.from);
  const to = literal(hours.to);
  const zoneText = tenantText(hours.timeZone, language.language);
  const zone = zoneText ? literal(zoneText) : null;
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
        <a href="/policy.pdf">{t`Privacy policy`}</a>
      </p>
    </Screen>
  );
});
