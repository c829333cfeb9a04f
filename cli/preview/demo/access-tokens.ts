/**
 * Who a Bearer token belongs to. The demo backend trusts only tokens it can verify: access
 * tokens of the preview's own identity provider (looked up in the in-process oidc-provider,
 * see ../oidc.ts) or tokens the demo itself signed (HMAC with a key made at start-up, for
 * tests and tools). Anything else, an e-mail address included, is answered with 401.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export type Identify = (token: string) => Promise<string | null>;

export interface AccessTokens {
  /** A token for `email` that this backend instance accepts. */
  sign(email: string): string;
  /** The e-mail the token was issued to; null when it was not issued here or by `identify`. */
  verify(token: string): Promise<string | null>;
}

const PREFIX = "demo1";

export function createAccessTokens(identify: Identify | null): AccessTokens {
  const key = randomBytes(32);
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    sign(email) {
      const payload = `${PREFIX}.${Buffer.from(email).toString("base64url")}`;
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    async verify(token) {
      const [prefix, subject, signature, ...rest] = token.split(".");
      if (prefix === PREFIX && subject && signature && rest.length === 0) {
        const given = Buffer.from(signature, "base64url");
        const expected = mac(`${prefix}.${subject}`);
        const ok = given.length === expected.length && timingSafeEqual(given, expected);
        return ok ? Buffer.from(subject, "base64url").toString("utf8") : null;
      }
      // Bounded before it reaches the provider's store.
      if (!identify || token.length > 4096) return null;
      return identify(token);
    },
  };
}

/** The verified user of a request: null without Authorization, "invalid" for a bad one. */
export async function userOf(
  req: IncomingMessage,
  tokens: AccessTokens,
): Promise<string | null | "invalid"> {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return "invalid";
  return (await tokens.verify(token)) ?? "invalid";
}
