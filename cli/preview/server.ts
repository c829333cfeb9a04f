/**
 * `storefront preview <id>`: serves dist/<id>/ with the demo backend on the same
 * origin, or with /public/* proxied to a real backend (--api). Demo options
 * (--demo-latency, --demo-fail) apply to the demo only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { SeenReply } from "../api/check/reply.ts";
import type { CspConfig } from "../build/security-headers.ts";
import { createDemoBackend, type DemoBackend, type DemoOptions } from "./demo/index.ts";
import {
  allowedHosts,
  exposureWarning,
  hostProblem,
  isDeployFile,
  isInternalPath,
} from "./guard.ts";
import { applyHeaders } from "./headers.ts";
import { bundleSite, type PreviewHook } from "./hook.ts";
import type { PreviewOidc } from "./oidc.ts";
import { proxyDecision, proxyRequest } from "./proxy.ts";
import { parseRequestTarget } from "./request-target.ts";
import { serveStatic } from "./static-files.ts";

export interface PreviewOptions {
  /** The built bundle, dist/<id>/. */
  distDir: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Upstream backend URL: /public/* is proxied there instead of the demo. */
  api?: string | undefined;
  demo?: DemoOptions;
  /**
   * Start a local OpenID Connect provider at /auth/realms/{realm} on the preview origin
   * (the tenant's `auth` without an `authority`); see cli/preview/oidc.ts.
   */
  oidc?: { realm: string; clientId: string } | null;
  /** The tenant's API and identity provider, for its CSP (default: neither). */
  security?: CspConfig;
  /** Where the warning about a non-loopback --host goes (default: stderr). */
  warn?: (text: string) => void;
  /** With --api: where each new kind of reply that differs from the shop's contract is told. */
  onContract?: ((line: string) => void) | undefined;
  /** `dev` and `--all` (./hook.ts): more Host names, their own requests, the bundle per request. */
  hook?: PreviewHook;
}

export interface PreviewServer {
  url: string;
  /** The demo backend, or null when proxying to --api. */
  demo: DemoBackend | null;
  /** The local identity provider, or null. */
  oidc: PreviewOidc | null;
  close(): Promise<void>;
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const hook = options.hook ?? {};
  const fixed = hook.site ? null : bundleSite(options.distDir, options.security);
  const api = options.api ? parseApiUrl(options.api) : null;
  const contract =
    api && options.onContract
      ? (await import("../api/check/watch.ts")).contractWatch(options.onContract)
      : null;
  // The demo trusts only access tokens of the local providers (or its own signed ones).
  const identify = async (token: string) => {
    for (const provider of [oidc, ...(await Promise.all(perOrigin.values()))]) {
      const user = await provider?.identify(token);
      if (user) return user;
    }
    return null;
  };
  // `--all`: a provider per origin that serves a tenant with sign-in, made on its first request.
  // Only names the Host check let through get here, so there are as many as the preview's names.
  const perOrigin = new Map<string, Promise<PreviewOidc>>();
  const providerFor = (req: IncomingMessage): Promise<PreviewOidc> | null => {
    const signIn = hook.signIn?.(req);
    if (!signIn) return oidc ? Promise.resolve(oidc) : null;
    // Made for the provider's own requests only: a page of the tenant does not start one.
    if (!(req.url ?? "").startsWith("/auth/realms/")) return null;
    const origin = `http://${String(req.headers.host ?? "").toLowerCase()}`;
    const key = `${origin} ${signIn.realm} ${signIn.clientId}`;
    let provider = perOrigin.get(key);
    if (!provider) {
      provider = import("./oidc.ts").then(({ createPreviewOidc }) =>
        createPreviewOidc({ ...signIn, origins: [origin] }),
      );
      perOrigin.set(key, provider);
    }
    return provider;
  };
  const demo = api ? null : createDemoBackend({ ...options.demo, identify });
  let allowed = new Set<string>();
  // Created once the port is known: its issuer and redirect URIs are the preview's origin.
  let oidc: PreviewOidc | null = null;

  const server = createServer((req, res) => {
    const misdirected = hostProblem(allowed, req);
    if (misdirected) return refuse(res, 421, `Misdirected request: ${misdirected}`);
    // The one reading of the path that every decision below uses (./request-target.ts).
    const target = parseRequestTarget(req.url ?? "/");
    const site = hook.site ? hook.site(req) : fixed;
    if (!target.ok) {
      // As nginx answers it: 400, with the tenant's headers like every other answer.
      if (site) applyHeaders(res, site.headersFor(""));
      return refuse(res, 400, `Bad request: ${target.reason}`);
    }
    const work = async () => {
      if (hook.handle && (await hook.handle(req, res))) return;
      const provider = providerFor(req);
      if (provider && (await (await provider).handle(req, res))) return;
      if (api) {
        // Decided on the decoded, normalised path; only /public/ ever reaches the upstream.
        const decision = proxyDecision(`${target.raw}${target.query}`);
        if (decision.kind === "refuse") return refuse(res, 400, `Refused: ${decision.reason}`);
        if (decision.kind === "forward") {
          const method = req.method ?? "GET";
          const path = decision.path.split("?")[0] ?? "";
          const watch = contract
            ? (reply: SeenReply) => void contract.observe(method, path, reply)
            : undefined;
          return proxyRequest(api, decision.path, req, res, watch);
        }
      }
      const url = new URL(`http://demo.invalid${target.raw}${target.query}`);
      if (demo && (await demo.handle(req, res, url))) return;
      if (hook.serve && (await hook.serve(req, res, target.path))) return;
      if (!site) return refuse(res, 404, "Not found");
      // nginx picks the callback's headers by $request_uri, as sent: so does the preview.
      applyHeaders(res, site.headersFor(target.raw));
      if (isDeployFile(target.path) || isInternalPath(target.path)) {
        return refuse(res, 404, "Not found");
      }
      await serveStatic(site.root, req, res, target.path, site.pages);
    };
    work().catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Preview server error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((done, failed) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      failed(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${options.port} on ${host} is in use; choose another with --port`)
          : error,
      ),
    );
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  allowed = allowedHosts(host, port);
  for (const name of hook.hosts?.(port) ?? []) allowed.add(name);
  try {
    await hook.attach?.(server, (req) => hostProblem(allowed, req));
  } catch (error) {
    server.close();
    throw error;
  }
  const warning = exposureWarning(host, hook.exposes);
  if (warning) (options.warn ?? ((text) => process.stderr.write(`${text}\n`)))(warning);
  const shownHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  if (options.oidc) {
    const { createPreviewOidc } = await import("./oidc.ts");
    const origins = [url];
    if (host === "127.0.0.1") origins.push(`http://localhost:${port}`);
    oidc = createPreviewOidc({ ...options.oidc, origins });
  }
  return {
    url,
    demo,
    oidc,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(text);
}

function parseApiUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--api must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`--api must be an http(s) URL, got "${text}"`);
  }
  return url;
}
