/**
 * A real OpenID Connect provider for `storefront preview` (oidc-provider, in-process, on the
 * preview's own origin at /auth/realms/{realm}, where the storefront looks for it when the
 * tenant's `auth` has no `authority`). One demo user, runner@demo.example with password
 * "demo"; the tenant's client id as a public client with PKCE (S256) required; redirect URIs
 * of the preview origin. Access tokens the demo backend receives are mapped to the user's
 * e-mail, so the signed-in user sees the seeded order history.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody } from "./demo/http/body.ts";

/**
 * oidc-provider says on import, on every Node that is not an LTS release of 22 or later, "Unsupported runtime". The
 * preview is tested on the Node this project supports, so that line is held back on import and
 * NODE_NOTE says what it means, once, in our words (nothing else it prints is held back).
 */
let runtimeWarned = false;
const Provider = await (async () => {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).startsWith("oidc-provider WARNING: Unsupported runtime")) {
      runtimeWarned = true;
    } else warn(...args);
  };
  try {
    return (await import("oidc-provider")).default;
  } finally {
    console.warn = warn;
  }
})();

/** Our one line for oidc-provider's runtime warning, or null when it had none to give. */
const NODE_NOTE = () =>
  runtimeWarned
    ? `Note: sign-in runs on oidc-provider, whose authors support Node 22 LTS and later; it works for this local preview on Node ${process.versions.node}.`
    : null;

/**
 * Where the provider keeps sessions, codes and tokens: in memory, as a local preview should
 * (they end when the preview stops), at most MAX_ENTRIES of them, each until it expires.
 */
const MAX_ENTRIES = 10_000;
class MemoryStore {
  private static readonly all = new Map<
    string,
    { payload: Record<string, unknown>; until: number }
  >();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  private static read(key: string) {
    const entry = MemoryStore.all.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      MemoryStore.all.delete(key);
      return undefined;
    }
    return entry.payload;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    const all = MemoryStore.all;
    if (all.size >= MAX_ENTRIES) all.delete(all.keys().next().value as string);
    const until = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
    all.set(this.key(id), { payload, until });
  }
  async find(id: string) {
    return MemoryStore.read(this.key(id));
  }
  async findByUid(uid: string) {
    for (const [key, { payload }] of MemoryStore.all) {
      if (key.startsWith(`${this.model}:`) && payload.uid === uid) return MemoryStore.read(key);
    }
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, { payload }] of MemoryStore.all) {
      if (key.startsWith(`${this.model}:`) && payload.userCode === userCode) {
        return MemoryStore.read(key);
      }
    }
    return undefined;
  }
  async consume(id: string) {
    const payload = MemoryStore.read(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryStore.all.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, { payload }] of MemoryStore.all) {
      if (payload.grantId === grantId) MemoryStore.all.delete(key);
    }
  }
}

/** Signing keys made for this run of the preview: nobody else has them, and none is kept. */
function signingKeys() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    keys: [
      { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" },
    ],
  };
}

export const DEMO_USER = { email: "runner@demo.example", password: "demo", name: "Demo Runner" };

export interface PreviewOidcOptions {
  realm: string;
  clientId: string;
  /** The origins the storefront is opened at, e.g. http://127.0.0.1:4173 and http://localhost:4173. */
  origins: string[];
}

export interface PreviewOidc {
  /** /auth/realms/{realm} */
  readonly mountPath: string;
  readonly issuer: string;
  /** One line on the Node it runs on, when oidc-provider's authors do not support it; else null. */
  readonly note: string | null;
  /** Answers the request when it is the provider's; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The user an access token was issued to (its e-mail), or null when the provider did not issue it. */
  identify(accessToken: string): Promise<string | null>;
}

const LOGIN_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:360px;margin:48px auto;padding:0 16px}label{display:block;margin:12px 0 4px}input{width:100%;min-height:40px;font:inherit}button{margin-top:16px;min-height:44px;width:100%;font:inherit}.error{color:#b00020}</style>
</head><body>${body}</body></html>`;
}

function loginPage(action: string, error: string | null, login: string): string {
  return page(
    "Sign in — preview identity provider",
    `<h1>Sign in</h1><p>Preview identity provider. Demo user: ${DEMO_USER.email} / ${DEMO_USER.password}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label for="login">E-mail</label><input id="login" name="login" type="email" autocomplete="username" required value="${escapeHtml(login)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

export function createPreviewOidc(options: PreviewOidcOptions): PreviewOidc {
  const mountPath = `/auth/realms/${encodeURIComponent(options.realm)}`;
  const primary = options.origins[0];
  if (!primary) throw new Error("the preview provider needs the preview's origin");
  const issuer = `${primary}${mountPath}`;
  const interactionPath = `${mountPath}/interaction/`;

  const provider = new Provider(issuer, {
    adapter: MemoryStore,
    jwks: signingKeys(),
    clients: [
      {
        client_id: options.clientId,
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: options.origins.map((o) => `${o}/auth-callback`),
        post_logout_redirect_uris: options.origins.map((o) => `${o}/`),
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "profile", "email"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username"],
    },
    // Keycloak puts the e-mail into the ID token; so does this provider.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) =>
      id === DEMO_USER.email
        ? {
            accountId: id,
            claims: () => ({
              sub: id,
              email: id,
              email_verified: true,
              name: DEMO_USER.name,
              preferred_username: id,
            }),
          }
        : undefined,
    cookies: { keys: ["storefront-preview-only-not-a-secret"] },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${interactionPath}${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The storefront's sign-out must not stop at a question: confirm it straight away.
        logoutSource: (ctx: { body: string }, form: string) => {
          const confirmed = form.replace(
            "</form>",
            '<input type="hidden" name="logout" value="yes"><noscript><button type="submit">Sign out</button></noscript></form>',
          );
          ctx.body = page(
            "Signing out",
            `<p>Signing out…</p>${confirmed}<script>document.forms[0].submit()</script>`,
          );
        },
      },
    },
    ttl: { AccessToken: 3600, IdToken: 3600, Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600 },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, rest: string) {
    const [uid, step] = rest.split("/");
    const html = (status: number, body: string) => {
      res.writeHead(status, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        // The provider's own page, standing for a third-party site: its inline style, no script.
        "Content-Security-Policy": LOGIN_CSP,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
      });
      res.end(body);
    };
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid)
      return html(400, page("Error", "<p>This sign-in has expired. Go back and try again.</p>"));
    if (details.prompt.name === "consent") {
      // A first-party client: grant what it asked for without a consent screen.
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? "",
        clientId: String(details.params.client_id),
      });
      const scopes = details.prompt.details.missingOIDCScope;
      if (Array.isArray(scopes)) grant.addOIDCScope(scopes.join(" "));
      const claims = details.prompt.details.missingOIDCClaims;
      if (Array.isArray(claims)) grant.addOIDCClaims(claims as string[]);
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    const action = `${interactionPath}${details.uid}/login`;
    if (req.method === "POST" && step === "login") {
      const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString("utf8"));
      const login = (form.get("login") ?? "").trim().toLowerCase();
      if (login === DEMO_USER.email && form.get("password") === DEMO_USER.password) {
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      }
      return html(401, loginPage(action, "Wrong e-mail or password.", login));
    }
    return html(200, loginPage(action, null, ""));
  }

  return {
    mountPath,
    issuer,
    note: NODE_NOTE(),
    async handle(req, res) {
      const url = req.url ?? "/";
      const pathname = url.split("?")[0] ?? "/";
      if (pathname !== mountPath && !pathname.startsWith(`${mountPath}/`)) return false;
      if (pathname.startsWith(interactionPath)) {
        await interaction(req, res, pathname.slice(interactionPath.length));
        return true;
      }
      // Mounted under a path: the provider reads its mount from originalUrl vs url.
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = url;
      req.url = url.slice(mountPath.length) || "/";
      await new Promise<void>((done) => {
        res.once("finish", done);
        res.once("close", done);
        callback(req, res);
      });
      return true;
    },
    async identify(accessToken) {
      try {
        const token = await provider.AccessToken.find(accessToken);
        return token && !token.isExpired ? token.accountId : null;
      } catch {
        return null;
      }
    },
  };
}
