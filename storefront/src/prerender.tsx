/**
 * The build's prerender (DESIGN 3a): renders a page of a tenant in one language to HTML, with
 * the same components, stores and messages the browser then hydrates. Runs in Node (the CLI's
 * build loads this module from the core's SSR build); no request, no API call, no clock.
 */
import { t } from "@lingui/core/macro";
import { enableStaticRendering } from "mobx-react-lite";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { menuEntries } from "./domain/menu.ts";
import { isShell, PAGE_PATHS, type PageKind } from "./domain/pages.ts";
import { activateMessages, i18n, needAllMessages } from "./i18n.ts";
import type { Language, RuntimeSettings } from "./settings-types.ts";
import { MENU_LABELS } from "./shell/labels.ts";
import { memoryCookies } from "./stores/cookies.ts";
import { RootStore } from "./stores/RootStore.ts";
import type { KeyValueStorage } from "./stores/types.ts";

enableStaticRendering(true);

const emptyStorage: KeyValueStorage = {
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
};

export interface PrerenderedPage {
  /** The inner HTML of #root. */
  html: string;
  /** The document title the screen sets. */
  title: string;
  /** For readers without JavaScript: the menu as plain links (the drawer needs the app). */
  noscriptNav: string;
  /** The boot script's notice when the app's JavaScript failed to load (plain text, escaped by the template). */
  loadFailed: { text: string; reload: string };
}

/** Renders one page; one call at a time (Lingui's active language is global). */
export async function renderPage(
  settings: RuntimeSettings,
  language: Language,
  page: PageKind,
): Promise<PrerenderedPage> {
  await needAllMessages();
  await activateMessages(language);
  const store = new RootStore({
    settings,
    // No host: the HTML is the same on every host; a host's forced language picks its file.
    host: "",
    storage: emptyStorage,
    browserLanguages: [language],
    width: 0,
    touch: false,
    loadMessages: activateMessages,
    origin: "http://prerender.invalid",
    cookies: memoryCookies(),
  });
  store.language.serveIn(language);
  store.settings.markThemeReady();
  const path = PAGE_PATHS[page];
  const shell = isShell(page);
  const app = (
    <App
      store={store}
      shell={shell}
      router={(children: ReactNode) => <StaticRouter location={path}>{children}</StaticRouter>}
    />
  );
  const { prelude } = await prerender(app);
  const html = await new Response(prelude).text();
  return {
    html,
    title: titleOf(html, settings.tenantName),
    noscriptNav: noscriptNav(settings),
    loadFailed: {
      text: t`Part of the page could not be loaded. Check your connection and reload the page.`,
      reload: t`Reload the page`,
    },
  };
}

function titleOf(html: string, tenantName: string): string {
  const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  if (!h1) return escapeText(tenantName);
  // h1 is already escaped HTML text; the tenant name is not.
  return h1 === escapeText(tenantName) ? h1 : `${h1} — ${escapeText(tenantName)}`;
}

/** Escapes as React does in text, so the heading and the name compare as written. */
function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

function noscriptNav(settings: RuntimeSettings): string {
  const entries = menuEntries(settings.menu, false);
  return renderToStaticMarkup(
    <nav className="noscript-nav" aria-label={t`Main menu`}>
      <p>{t`This shop needs JavaScript to search for, buy and download photos.`}</p>
      <ul>
        {entries.map((e) => {
          const label = MENU_LABELS[e.route];
          return (
            <li key={e.route}>
              <a href={e.path}>{label ? i18n._(label) : e.route}</a>
            </li>
          );
        })}
      </ul>
    </nav>,
  );
}
