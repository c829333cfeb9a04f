import { Trans, useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useShop } from "../../app/use-shop.ts";
import {
  DEFAULT_SELFIE_RETENTION,
  policyPath,
  privacyEmail,
  tenantSelfieRetention,
} from "../../domain/privacy.ts";
import { href } from "../../routes.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * What happens to the selfie, read before the camera opens or a file is chosen: what it is used
 * for, by whom, how long it is kept (the tenant's statement, or the default, in the words of the
 * privacy policy) and whom to write to; then an unticked box to agree, for this event and this
 * visit. Without it the participant still has all the event's photos.
 */
export const SelfieConsent = observer(function SelfieConsent({
  eventId,
  id,
  onWithdraw,
}: {
  eventId: string;
  /** The checkbox's id; the actions it unlocks point to its hint. */
  id: string;
  onWithdraw: () => void;
}) {
  const { t } = useLingui();
  const { settings, language, selfieConsent, faceSearch } = useShop();
  const s = settings.settings;
  const tenantName = s.tenantName;
  const email = privacyEmail(s);
  const retention = tenantSelfieRetention(s, language.language) ?? t(DEFAULT_SELFIE_RETENTION);
  const agreed = selfieConsent.has(eventId);
  return (
    <div className="selfie-consent">
      <p>{t`Your selfie is used only to find your photos of this event.`}</p>
      <p>{t`The search is run by ${tenantName}.`}</p>
      <p>{retention}</p>
      <p>
        <Trans>
          Questions about your selfie: <a href={`mailto:${email}`}>{email}</a>
        </Trans>
      </p>
      <p>
        <a href={policyPath(language.language)}>{t`Privacy policy`}</a>
      </p>
      <p className="selfie-consent__agree checkout__agreement">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          disabled={faceSearch.busy}
          onChange={(e) => {
            const agree = e.currentTarget.checked;
            selfieConsent.set(eventId, agree);
            if (!agree) onWithdraw();
          }}
        />
        <label
          htmlFor={id}
        >{t`I agree that my selfie is used to find my photos of this event`}</label>
      </p>
      {!agreed && (
        <p id={`${id}-hint`} className="field-hint">
          {t`Tick the box to take or upload a selfie.`}{" "}
          <Link to={`${href("event-photos", { id: eventId })}?tab=all`}>
            {t`Or see all photos of the event`}
          </Link>
        </p>
      )}
    </div>
  );
});
