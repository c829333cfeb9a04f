/**
 * The preview answers a page address with the prerendered page in the visitor's language, as
 * the generated nginx.conf does (DESIGN 3a): the same rules, from storefront/src/domain/pages.ts.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { resolveHost } from "../../storefront/src/domain/host.ts";
import {
  cookieValue,
  languageCookieName,
  pageFile,
  pageForPath,
  servedLanguage,
} from "../../storefront/src/domain/pages.ts";
import type { RuntimeSettings } from "../config/schema.ts";

export interface PageChoice {
  /** The page file, relative to the bundle. */
  file: string;
  language: string;
}

/** The tenant settings a bundle embeds in its index.html. */
export function bundleSettings(root: string): RuntimeSettings | null {
  const html = readFileSync(join(root, "index.html"), "utf8");
  const json = /<script type="application\/json" id="tenant-settings">([^<]*)<\/script>/.exec(html);
  if (!json?.[1]) return null;
  try {
    return JSON.parse(json[1]) as RuntimeSettings;
  } catch {
    return null;
  }
}

/** The prerendered page for a request to an app address (a route, not a file). */
export function choosePage(
  settings: RuntimeSettings,
  req: IncomingMessage,
  pathname: string,
): PageChoice {
  const host = resolveHost(settings, String(req.headers.host ?? ""));
  const language = servedLanguage({
    available: settings.languages.available,
    defaultLanguage: settings.languages.default,
    usVariant: settings.usVariant,
    hostLanguage: host.language,
    cookie: cookieValue(req.headers.cookie, languageCookieName(settings.id)),
    acceptLanguage: req.headers["accept-language"] ?? null,
  });
  const page = pageForPath(pathname === "/index.html" ? "/" : pathname, settings.menu);
  return { file: pageFile(language, page), language };
}
