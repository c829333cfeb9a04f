/**
 * `storefront dev --core`: the core's sources through Vite's dev server, with hot module
 * replacement, for an engineer editing `storefront/src`. Vite runs as middleware of the preview's
 * own server (same origin as the demo backend and the identity provider; no second port), and
 * its HMR WebSocket is upgraded on that server too, after the preview's Host check.
 *
 * The CSP stays the build's: Vite writes the page's module scripts, React Fast Refresh's
 * preamble and every stylesheet (as a <style> element) with a nonce (Vite's `html.cspNonce`),
 * and each page response gets a nonce of its own, allowed in that response's script-src and
 * style-src only. No 'unsafe-inline', no 'unsafe-eval'.
 */
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { HttpServer, ViteDevServer } from "vite";
import { coreDevViteConfig } from "../build/vite-config.ts";

/** What Vite writes as the nonce; each page response replaces it with its own. */
const NONCE_PLACEHOLDER = "storefront-dev-nonce";
const NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`;

/**
 * Vite's "open in editor" (the links of its error overlay): it starts the engineer's editor on
 * whatever file the address names. Only a page of this origin may ask; a cross-site
 * `<img src="http://127.0.0.1:4173/__open-in-editor?file=…">` in any other tab would otherwise.
 */
const OPEN_IN_EDITOR = "/__open-in-editor";

/** Whether a request for Vite's editor launcher comes from anything but a page of this origin. */
function foreignEditorRequest(req: IncomingMessage): boolean {
  const { pathname } = new URL(req.url ?? "/", "http://dev.invalid");
  return pathname === OPEN_IN_EDITOR && req.headers["sec-fetch-site"] !== "same-origin";
}

/** Paths only Vite's dev server answers: its client, Fast Refresh's runtime, modules by id. */
const VITE_PREFIX = "/@";

export interface CoreDevServer {
  /** Vite's modules and files; false for a path Vite does not serve. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** A page's HTML through Vite's transform, and the nonce written into it for this response. */
  page(url: string, html: string): Promise<{ html: string; nonce: string }>;
  close(): Promise<void>;
}

/** A fresh nonce: 128 random bits, base64 (CSP's nonce-source). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Starts Vite over `projectRoot`'s storefront/ on `server`. `refuses` is the preview's Host
 * check: an upgrade it refuses is answered 421 and never reaches Vite.
 */
export async function startCoreDev(
  projectRoot: string,
  server: Server,
  refuses: (req: IncomingMessage) => string | null,
): Promise<CoreDevServer> {
  // Vite listens for upgrades on this stand-in; the server hands it only the ones it answers.
  const upgrades = new EventEmitter();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (refuses(req)) {
      socket.end("HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\n\r\n");
      return;
    }
    upgrades.emit("upgrade", req, socket, head);
  };
  server.on("upgrade", onUpgrade);
  const { createServer } = await import("vite");
  let vite: ViteDevServer;
  try {
    vite = await createServer(
      coreDevViteConfig({
        projectRoot,
        upgrades: upgrades as unknown as HttpServer,
        noncePlaceholder: NONCE_PLACEHOLDER,
      }),
    );
  } catch (error) {
    server.off("upgrade", onUpgrade);
    throw error;
  }
  return {
    serve: (req, res) => {
      if (foreignEditorRequest(req)) {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Vite's open-in-editor answers pages of this origin only.\n");
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve, reject) => {
        res.once("close", () => resolve(true));
        vite.middlewares(req, res, (error?: unknown) => (error ? reject(error) : resolve(false)));
      });
    },
    async page(url, html) {
      const nonce = newNonce();
      const transformed = await vite.transformIndexHtml(url, html);
      return { html: transformed.replaceAll(NONCE_ATTRIBUTE, `nonce="${nonce}"`), nonce };
    },
    async close() {
      server.off("upgrade", onUpgrade);
      await vite.close();
    },
  };
}

/** Whether Vite answers this path whatever the tenant has (its client, modules by id). */
export function isVitePath(pathname: string): boolean {
  return pathname.startsWith(VITE_PREFIX);
}
