/** A tiny method + path router: patterns like "GET /shoppingCarts/:id/items". */
import type { Context } from "./context.ts";
import type { Reply } from "./http/reply.ts";

export type Handler = (ctx: Context) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

export type Match =
  | { kind: "found"; handler: Handler; params: Record<string, string> }
  | { kind: "wrong-method" }
  /** A parameter whose percent-encoding does not decode (to UTF-8): the client's error. */
  | { kind: "malformed" }
  | { kind: "none" };

export class Router {
  private readonly routes: Route[] = [];

  /** Adds routes under a prefix, e.g. /public/photo-service/api/v1. */
  add(prefix: string, table: Record<string, Handler>): this {
    for (const [key, handler] of Object.entries(table)) {
      const [method = "GET", path = "/"] = key.split(" ");
      const names: string[] = [];
      const source = `${prefix}${path}`
        .replace(/\/$/, "")
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/:([A-Za-z]+)/g, (_, name: string) => {
          names.push(name);
          return "([^/]+)";
        });
      this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler });
    }
    return this;
  }

  match(method: string, pathname: string): Match {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.method !== method) {
        pathMatched = true;
        continue;
      }
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1] ?? "");
        });
      } catch {
        return { kind: "malformed" };
      }
      return { kind: "found", handler: route.handler, params };
    }
    return pathMatched ? { kind: "wrong-method" } : { kind: "none" };
  }
}

export const apiPrefix = (service: string) => `/public/${service}/api/v1`;
