/**
 * The reload channel of `storefront dev`: a same-origin Server-Sent Events stream at
 * DEV_PATH/events and the small script that listens to it (DEV_PATH/client.js). Both exist
 * only in `dev`: the script tag is added to the pages of the dev build's own copy, never to
 * `storefront build`'s output. The script is a file of the page's origin, so the tenant's CSP
 * (script-src 'self', connect-src 'self') allows it as it is; it writes no inline style, only
 * the CSSOM, and shows the problems as text.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ConfigProblem } from "../config/load.ts";

/** The dev server's own paths; no tenant route starts with a double underscore. */
export const DEV_PATH = "/__storefront-dev";

/** What an open page needs to know: the build it should show and the problems, if any. */
export interface DevState {
  generation: number;
  problems: ConfigProblem[];
}

/** The tag added before </head> of every page of a dev build. */
export function devScriptTag(generation: number): string {
  return `<script src="${DEV_PATH}/client.js?g=${generation}" defer></script>`;
}

/** The browser side: reloads on a new build (also one finished before it connected), shows problems. */
export const CLIENT_SCRIPT = `"use strict";
(() => {
  const own = new URL(document.currentScript.src).searchParams.get("g");
  const id = "storefront-dev-overlay";
  const hide = () => document.getElementById(id)?.remove();
  const show = (problems) => {
    hide();
    const box = document.createElement("section");
    box.id = id;
    box.setAttribute("role", "alert");
    box.setAttribute("aria-label", "Tenant configuration problems");
    Object.assign(box.style, {
      position: "fixed", inset: "auto 0 0 0", zIndex: "2147483647", maxHeight: "60vh",
      overflow: "auto", background: "#1e1e1e", color: "#ffffff", padding: "16px",
      font: "14px/1.5 ui-monospace, monospace", borderTop: "4px solid #ff5555",
    });
    const title = document.createElement("h2");
    title.textContent = "storefront dev: the YAML is invalid; the page shows the last good build";
    Object.assign(title.style, { font: "bold 15px/1.4 sans-serif", margin: "0 0 8px" });
    const list = document.createElement("pre");
    list.style.margin = "0";
    list.style.whiteSpace = "pre-wrap";
    list.textContent = problems
      .map((p) => p.file + ":" + p.line + ":" + p.col + "  " + p.path + "  " + p.message)
      .join("\\n\\n");
    box.append(title, list);
    document.body.append(box);
  };
  const events = new EventSource("${DEV_PATH}/events");
  events.addEventListener("state", (e) => {
    const state = JSON.parse(e.data);
    if (String(state.generation) !== own) return location.reload();
    if (state.problems.length) show(state.problems);
    else hide();
  });
})();
`;

/** The open pages of one tenant, by their event streams. */
export class DevChannel {
  private readonly clients = new Set<ServerResponse>();

  constructor(private readonly state: () => DevState) {}

  /** Answers DEV_PATH/client.js and DEV_PATH/events; false for every other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = (req.url ?? "/").split(/[?#]/)[0];
    if (pathname === `${DEV_PATH}/client.js`) {
      res.writeHead(200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      res.end(CLIENT_SCRIPT);
      return true;
    }
    if (pathname !== `${DEV_PATH}/events`) return false;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.write(`retry: 300\n\n`);
    this.clients.add(res);
    this.sendTo(res);
    req.on("close", () => this.clients.delete(res));
    return true;
  }

  /** Tells every open page the current state: reload on a new build, show or hide problems. */
  broadcast(): number {
    for (const res of this.clients) this.sendTo(res);
    return this.clients.size;
  }

  get open(): number {
    return this.clients.size;
  }

  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private sendTo(res: ServerResponse): void {
    res.write(`event: state\ndata: ${JSON.stringify(this.state())}\n\n`);
  }
}
