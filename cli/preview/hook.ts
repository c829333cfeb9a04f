/**
 * What `storefront dev` and `--all` add to the preview server (./server.ts), through one hook:
 * more Host names it answers, requests they answer themselves (the tenants' index, the dev
 * reload channel) and the bundle that answers a request (chosen by its Host name, or the
 * latest good build of a tenant in `dev`). Without a hook the preview serves one fixed bundle.
 */

import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { MANIFEST_FILE, styleHashesOf } from "../build/manifest.ts";
import type { CspConfig } from "../build/security-headers.ts";
import { type HeadersFor, previewHeaders } from "./headers.ts";
import { bundleSettings, choosePage } from "./pages.ts";
import type { PageChooser } from "./static-files.ts";

/** One bundle as the preview serves it: its folder, its pages by language, its headers. */
export interface PreviewSite {
  root: string;
  pages?: PageChooser | undefined;
  headersFor: HeadersFor;
}

export interface PreviewHook {
  /**
   * What else this server hands to whoever reaches it, for the warning about a --host beyond
   * this machine (`dev --core`: the project's source tree).
   */
  exposes?: string;
  /** Host header values (name:port) answered beside the preview's own names. */
  hosts?(port: number): Iterable<string>;
  /** Answers a request itself (true), or leaves it to the demo backend and the bundle (false). */
  handle?(req: IncomingMessage, res: ServerResponse): Promise<boolean> | boolean;
  /** The bundle for this request; null answers 404. */
  site?(req: IncomingMessage): PreviewSite | null;
  /**
   * Answers what the demo backend and the identity provider left (true), before the bundle:
   * `dev --core` serves the page and the core's modules through Vite's dev server.
   */
  serve?(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /**
   * The local identity provider this request's tenant signs in with (its realm and client id),
   * or null: `--all` starts one per origin that serves a tenant with sign-in, on its first
   * request, because each `<id>.localhost` is an origin of its own and the provider's issuer
   * is an origin.
   */
  signIn?(req: IncomingMessage): { realm: string; clientId: string } | null;
  /**
   * Called once the server listens, with its Host check (a reason to refuse, or null): `dev
   * --core` takes the HMR WebSocket's upgrade requests from it.
   */
  attach?(server: Server, refuses: (req: IncomingMessage) => string | null): Promise<void>;
}

/**
 * A built bundle as a site. The page follows the tenant's host rules for the request's Host,
 * also in its *.localhost form (en.mysport.ru.localhost: storefront/src/domain/host.ts).
 */
export function bundleSite(distDir: string, security?: CspConfig): PreviewSite {
  const root = resolve(distDir);
  if (!existsSync(join(root, "index.html"))) {
    throw new Error(`No bundle at ${root} (index.html is missing). Build the tenant first.`);
  }
  // The visitor's page in the visitor's language, as nginx.conf picks it (./pages.ts).
  const settings = bundleSettings(root);
  const pages: PageChooser | undefined = settings
    ? (req, pathname) => choosePage(settings, req, pathname)
    : undefined;
  return {
    root,
    pages,
    headersFor: security ? followBuiltStyles(root, security) : previewHeaders(),
  };
}

/**
 * The tenant's headers with the CSP hashes of the inline styles the bundle on disk has now: read
 * from its build manifest again whenever that file changes, so a `storefront build` while the
 * preview runs is served with the hashes of its own pages (never new pages under old hashes,
 * unstyled). A manifest that cannot be read keeps the last good hashes.
 */
function followBuiltStyles(root: string, security: CspConfig): HeadersFor {
  const file = join(root, MANIFEST_FILE);
  let seen = "";
  let current: HeadersFor = previewHeaders(security);
  return (pathname) => {
    try {
      const { mtimeMs, size } = statSync(file);
      const stamp = `${mtimeMs}:${size}`;
      if (stamp !== seen) {
        const hashes = styleHashesOf(JSON.parse(readFileSync(file, "utf8")));
        if (hashes) current = previewHeaders({ ...security, styleHashes: hashes });
        seen = stamp;
      }
    } catch {
      // Mid-write or gone: the last hashes stand until the next good manifest.
    }
    return current(pathname);
  };
}
