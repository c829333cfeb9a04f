import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/context.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** Contacts: support e-mail, support hours (Moscow time) and the privacy policy. */
export const ContactsScreen = observer(function ContactsScreen() {
  const { t } = useLingui();
  const { settings } = useStores();
  const { email, hours } = settings.settings.support;
  const from = hours.from;
  const to = hours.to;
  return (
    <Screen title={t`Contacts`}>
      <dl className="contacts">
        <dt>{t`Support e-mail`}</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        <dt>{t`Support hours`}</dt>
        <dd>
          <Trans>
            Mon–Fri {from}–{to} Moscow time
          </Trans>
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
