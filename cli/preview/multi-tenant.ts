/**
 * Every tenant on one port (`storefront preview --all`, `storefront dev --all`), chosen by the
 * Host name: http://<id>.localhost:<port>/ is tenant <id> (browsers send every *.localhost
 * name to the loopback interface), http://localhost:<port>/ lists the tenants. A tenant's own
 * host (en.mysport.ru, whose host rules force English) is tried with
 * `--host-alias en.mysport.ru=mysport`: then http://en.mysport.ru.localhost:<port>/ (for a
 * browser) and the bare name with the port (for curl -H "Host: …" or a resolver rule) are that
 * tenant with that host's rules. Every other name still gets 421 (DNS rebinding, ./guard.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostName, localName } from "../../storefront/src/domain/host.ts";
import { TENANT_ID_RE, type TenantConfig } from "../config/schema.ts";
import type { PreviewHook, PreviewSite } from "./hook.ts";

export type HostRoute = { kind: "index" } | { kind: "tenant"; id: string } | null;

/** `--host-alias <tenant-host>=<id>`: the tenant host, or a message saying what is wrong. */
export function parseHostAlias(
  text: string,
  ids: readonly string[],
): { host: string; id: string } | string {
  const at = text.indexOf("=");
  const host = text.slice(0, at).trim().toLowerCase();
  const id = text.slice(at + 1).trim();
  if (at < 0 || !host || !id) return `--host-alias expects <tenant-host>=<id>, got "${text}"`;
  // A DNS name of labels (letters, digits, inner hyphens); no port, no scheme, no path.
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  if (host.length > 253 || !host.split(".").every((l) => label.test(l)) || !host.includes(".")) {
    return `--host-alias: "${host}" is not a host name such as en.mysport.ru`;
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    return `--host-alias: give the tenant's host without .localhost ("${host}")`;
  }
  if (!TENANT_ID_RE.test(id) || !ids.includes(id)) {
    return `--host-alias: no tenant "${id}" is served; served: ${ids.join(", ")}`;
  }
  return { host, id };
}

/** Every --host-alias as tenant host → id, or the message about the first wrong one. */
export function parseHostAliases(
  texts: readonly string[],
  ids: readonly string[],
): Map<string, string> | string {
  const aliases = new Map<string, string>();
  for (const text of texts) {
    const alias = parseHostAlias(text, ids);
    if (typeof alias === "string") return alias;
    aliases.set(alias.host, alias.id);
  }
  return aliases;
}

/** Which part of the all-tenants preview a Host header names (the port is checked by the guard). */
export function routeHost(
  header: string | undefined,
  ids: readonly string[],
  aliases: ReadonlyMap<string, string>,
): HostRoute {
  const raw = (header ?? "").toLowerCase();
  const name = raw.startsWith("[") ? raw.slice(0, raw.indexOf("]") + 1) : raw.split(":")[0];
  if (name === "localhost" || name === "127.0.0.1" || name === "[::1]") return { kind: "index" };
  const bare = localName(hostName(raw));
  const alias = aliases.get(bare);
  if (alias) return { kind: "tenant", id: alias };
  if (name?.endsWith(".localhost") && ids.includes(bare)) return { kind: "tenant", id: bare };
  return null;
}

/** The Host values (name:port) the all-tenants preview answers beside its own addresses. */
export function tenantHosts(
  port: number,
  ids: readonly string[],
  aliases: ReadonlyMap<string, string>,
): string[] {
  const names = [
    ...ids.map((id) => `${id}.localhost`),
    ...[...aliases.keys()].flatMap((h) => [h, `${h}.localhost`]),
  ];
  return names.flatMap((n) => (port === 80 ? [`${n}:${port}`, n] : [`${n}:${port}`]));
}

/** What the terminal shows: the index, then each tenant's and alias's address. */
export function addressLines(
  port: number,
  ids: readonly string[],
  aliases: ReadonlyMap<string, string>,
): string[] {
  return [
    `Every tenant at http://localhost:${port}/`,
    ...ids.map((id) => `  ${id}  http://${id}.localhost:${port}/`),
    ...[...aliases].map(([h, id]) => `  ${id}  http://${h}.localhost:${port}/  (as ${h})`),
  ];
}

/** What `--all` says of sign-in: each tenant's provider is on the tenant's own origin. */
export const SIGN_IN_EVERY_TENANT =
  "Sign-in: each tenant's own at <its address>/auth/realms/<realm> (runner@demo.example / demo)";

const CURRENCY: Record<number, string> = { 643: "RUB", 840: "USD", 978: "EUR" };

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export interface IndexEntry {
  id: string;
  config: Pick<TenantConfig, "tenantName" | "languages" | "currencyId" | "auth">;
}

/** The index at http://localhost:<port>/: each tenant with its name, languages, currency and link. */
export function indexPage(
  tenants: readonly IndexEntry[],
  port: number,
  aliases: ReadonlyMap<string, string>,
): string {
  const rows = tenants.map(({ id, config }) => {
    const url = `http://${id}.localhost:${port}/`;
    const languages = config.languages.available
      .map((l) => (l === config.languages.default ? `${l} (default)` : l))
      .join(", ");
    const currency = CURRENCY[config.currencyId] ?? String(config.currencyId);
    const hosts = [...aliases]
      .filter(([, to]) => to === id)
      .map(([h]) => {
        const href = `http://${h}.localhost:${port}/`;
        return ` <a href="${escapeHtml(href)}">${escapeHtml(h)}</a>`;
      })
      .join(",");
    return `<tr><td><a href="${escapeHtml(url)}">${escapeHtml(config.tenantName)}</a></td><td>${escapeHtml(id)}</td><td>${escapeHtml(languages)}</td><td>${escapeHtml(currency)}</td><td>${hosts}</td></tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Storefront preview: every tenant</title></head>
<body><main><h1>Every tenant on port ${port}</h1>
<table><thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Languages</th><th scope="col">Currency</th><th scope="col">Host aliases</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody></table></main></body></html>
`;
}

/** The index's own policy: a page of links, nothing to run, load or frame. */
const INDEX_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-cache",
};

export interface MultiTenantOptions {
  ids: readonly string[];
  aliases: ReadonlyMap<string, string>;
  /** The tenants' names, languages and currency for the index, as they are now. */
  entries(): readonly IndexEntry[];
  /** The bundle serving tenant `id` now. */
  site(id: string): PreviewSite | null;
  /** A request for a tenant answered before its bundle (the dev reload channel). */
  handle?(
    id: string,
    req: IncomingMessage,
    res: ServerResponse,
  ):
    | Promise<boolean>
    | boolean /** Sign in with a local identity provider on each tenant's origin (not with --no-oidc). */;
  signIn?: boolean;
}

/** The preview hook that serves every tenant by its Host name. */
export function multiTenantHook(o: MultiTenantOptions): PreviewHook {
  let port = 0;
  return {
    hosts(p) {
      port = p;
      return tenantHosts(p, o.ids, o.aliases);
    },
    handle(req, res) {
      const route = routeHost(req.headers.host, o.ids, o.aliases);
      if (route?.kind === "tenant") return o.handle?.(route.id, req, res) ?? false;
      if (route?.kind !== "index") return false;
      const pathname = (req.url ?? "/").split(/[?#]/)[0];
      if (pathname !== "/" && pathname !== "/index.html") {
        res.writeHead(404, { ...INDEX_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
        res.end("Not found: the tenants are at http://<id>.localhost:<port>/");
        return true;
      }
      res.writeHead(200, INDEX_HEADERS);
      res.end(req.method === "HEAD" ? undefined : indexPage(o.entries(), port, o.aliases));
      return true;
    },
    site(req) {
      const route = routeHost(req.headers.host, o.ids, o.aliases);
      return route?.kind === "tenant" ? o.site(route.id) : null;
    },
    ...(o.signIn && {
      signIn(req: IncomingMessage) {
        const route = routeHost(req.headers.host, o.ids, o.aliases);
        if (route?.kind !== "tenant") return null;
        const auth = o.entries().find((e) => e.id === route.id)?.config.auth;
        // A tenant with its own provider (an authority) signs in there, not here.
        return auth && !auth.authority ? { realm: auth.realm, clientId: auth.clientId } : null;
      },
    }),
  };
}
