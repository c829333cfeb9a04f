import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useLocation, useNavigate } from "react-router-dom";
import { useLoadedShop, useStores } from "../app/stores-context.tsx";
import { destinationHost, tenantText } from "../domain/tenant-text.ts";
import { href, matchRoute } from "../routes.ts";
import { Link } from "../ui/Link.tsx";
import { Icon } from "./icons.tsx";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { NavLinks } from "./NavLinks.tsx";

/** Which back control the bar shows (spec §2): a custom external link, the themed bar's external back from home, or history back. */
function useBack() {
  const { settings, language } = useStores();
  const { pathname } = useLocation();
  const s = settings.settings;
  const onHome = matchRoute(pathname)?.name === "home";
  // Leaving the shop: the link says where to (its label, and the host it leads to).
  if (s.appBar.backLink)
    return {
      kind: "external" as const,
      url: s.appBar.backLink.url,
      label: tenantText(s.appBar.backLink.label, language.language),
      host: destinationHost(s.appBar.backLink.url),
    };
  if (onHome && s.appBar.kind === "themed" && s.backFromHome && s.backURL) {
    return {
      kind: "external" as const,
      url: s.backURL,
      label: null,
      host: destinationHost(s.backURL),
    };
  }
  return onHome ? null : { kind: "history" as const };
}

export const AppBar = observer(function AppBar() {
  const { t } = useLingui();
  const { settings, ui, auth, notifications } = useStores();
  const shop = useLoadedShop();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const back = useBack();
  const host = back?.kind === "external" ? back.host : "";
  const backLabel = back?.kind === "external" ? back.label : null;
  const backText = backLabel ?? t`Back to ${host}`;
  const s = settings.settings;
  const onCart = matchRoute(pathname)?.name === "cart";
  // The cart arrives with the shop, right after the first render: no badge until then.
  const count = shop?.cart.count ?? 0;
  const cartLabel =
    count > 0 ? t`Cart, ${plural(count, { one: "# item", other: "# items" })}` : t`Cart`;
  const badge = count > 0 && (
    <span className="cart-badge" aria-hidden="true">
      {count}
    </span>
  );

  return (
    <header className={`app-bar app-bar--${s.appBar.kind}`}>
      <div className="app-bar__inner">
        {/* Both the menu button and the inline menu are in the HTML; CSS shows one per breakpoint,
            so the prerendered bar fits every screen before the app starts. */}
        <button
          type="button"
          className="bar-button menu-button"
          aria-label={t`Open menu`}
          aria-expanded={ui.drawerOpen}
          aria-controls="drawer"
          onClick={() => ui.setDrawerOpen(true)}
        >
          <Icon name="menu" />
        </button>
        {back?.kind === "external" && (
          <a
            className="bar-button back-link"
            href={back.url}
            rel="noopener"
            aria-label={backLabel ? t`${backLabel} (${host})` : backText}
          >
            <Icon name="back" />
            <span className="back-link__text">
              {backText}
              {backLabel && <span className="back-link__host">{host}</span>}
            </span>
            <span className="back-link__host back-link__host--phone">{host}</span>
          </a>
        )}
        {back?.kind === "history" && (
          <button
            type="button"
            className="bar-button"
            aria-label={t`Back`}
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(href("home")))}
          >
            <Icon name="back" />
          </button>
        )}
        <Link to={href("home")} className="logo" aria-label={t`${s.tenantName} home`}>
          <picture>
            <source media="(min-width: 768px)" srcSet={s.theme.logo} />
            <img src={s.theme.logoSmall} alt="" height="40" />
          </picture>
        </Link>
        <nav className="app-bar__nav" aria-label={t`Main menu`}>
          <NavLinks />
        </nav>
        <div className="app-bar__actions">
          <LanguageMenu />
          {auth.signedIn && (
            <Link to={href("my-account")} className="bar-button" aria-label={t`My account`}>
              <Icon name="profile" />
            </Link>
          )}
          {auth.enabled && !auth.signedIn && (
            <button
              type="button"
              className="bar-button sign-in-button"
              onClick={() =>
                void auth.signIn(`${pathname}${search}`).then((leaving) => {
                  if (!leaving)
                    notifications.notify(msg`Sign-in is unavailable right now. Try again later.`);
                })
              }
            >
              <Icon name="profile" />
              <span className="sign-in-button__text">{t`Sign in`}</span>
            </button>
          )}
          {onCart ? (
            <button
              type="button"
              className="bar-button"
              aria-label={cartLabel}
              aria-current="page"
              aria-disabled="true"
            >
              <Icon name="cart" />
              {badge}
            </button>
          ) : (
            <Link to={href("cart")} className="bar-button" aria-label={cartLabel}>
              <Icon name="cart" />
              {badge}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
});
