import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useStores } from "../app/stores-context.tsx";
import { footerParts } from "../domain/footer.ts";
import { policyPath } from "../domain/privacy.ts";

const NETWORK_NAMES = {
  vk: "VK",
  telegram: "Telegram",
  youtube: "YouTube",
  instagram: "Instagram",
  facebook: "Facebook",
  x: "X",
} as const;

/** Footer by the tenant's rules (spec §2): social icons, copyright, support link — or none. */
export const Footer = observer(function Footer() {
  const { t } = useLingui();
  const { settings, language } = useStores();
  const s = settings.settings;
  const parts = footerParts(s.footer, language.language, !settings.themeReady);
  if (!parts) return null;
  // The build's year, not the clock: the prerendered footer and the app must say the same.
  const year = s.year ?? new Date().getFullYear();
  const holder = s.footer?.copyright?.holder ?? s.tenantName;
  return (
    <footer className="footer">
      {parts.socialIcons && s.social.length > 0 && (
        <ul className="footer__social" aria-label={t`Social networks`}>
          {s.social.map((link) => (
            <li key={link.network}>
              <a
                href={link.url}
                rel="noopener noreferrer"
                target="_blank"
                className={`social social--${link.network}`}
              >
                {NETWORK_NAMES[link.network]}
              </a>
            </li>
          ))}
        </ul>
      )}
      {parts.copyright && (
        <p className="footer__copyright">
          © {year} {holder}
        </p>
      )}
      <p className="footer__policy">
        <a href={policyPath(language.language)}>{t`Privacy policy`}</a>
      </p>
      {parts.supportLink && (
        <p className="footer__support">
          <a href={`mailto:${s.support.email}`}>{t`Contact support`}</a>
        </p>
      )}
    </footer>
  );
});
