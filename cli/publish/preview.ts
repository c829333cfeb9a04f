/**
 * Deploy previews: a tenant's release uploaded as a publish uploads it, not switched live, and
 * served at `<name>--<id>.<domain>` to whoever has the link the CLI prints. The link carries a
 * signed, expiring token that nginx itself checks (its stock `secure_link` module): the MD5 of
 * the expiry, the preview's host and the operator's secret (`STOREFRONT_PREVIEW_SECRET`, kept
 * on the server in a file of its own). So a link opens one preview host until its time, and no
 * account is needed. The rules here are pure; the files and the server block are the target's.
 */
import { createHash } from "node:crypto";
import type { ReleaseRecord } from "./release.ts";

/** A preview's record on the target, beside its server block. */
export interface PreviewRecord {
  /** `pr-7`: the first label of its host, before `--<id>`. */
  name: string;
  /** The host it answers to: `pr-7--mysport.preview.example`. */
  host: string;
  /** When its links stop opening it (ISO time). */
  expires: string;
  createdAt: string;
  /** The release it serves, with what serving it (and promoting it) needs. */
  release: ReleaseRecord;
}

export const DEFAULT_PREVIEW_DAYS = 7;
/** The environment variable the secret is read from (never a flag: flags show in `ps`). */
export const PREVIEW_SECRET_VARIABLE = "STOREFRONT_PREVIEW_SECRET";
/** The query parameters of a preview link and the cookies they become. */
export const PREVIEW_TOKEN_PARAM = "preview";
export const PREVIEW_EXPIRES_PARAM = "expires";
export const PREVIEW_COOKIE = "storefront_preview";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `name` cannot name a preview, or null: a DNS label of its own, without `--`. */
export function previewNameProblem(name: string): string | null {
  if (!LABEL.test(name) || name.includes("--")) {
    return `--preview ${JSON.stringify(name)}: a preview's name is lowercase letters, digits and single hyphens (e.g. pr-7), at most 63 characters`;
  }
  return null;
}

/** Why `domain` cannot hold previews, or null: a DNS name of at least two labels. */
export function previewDomainProblem(domain: string): string | null {
  const labels = domain.split(".");
  if (domain.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    return `--preview-domain ${JSON.stringify(domain)}: a DNS name such as preview.example.com (lowercase), whose *.<domain> points at the server`;
  }
  return null;
}

/** The preview's host; throws when its first label would be longer than DNS allows. */
export function previewHost(name: string, id: string, domain: string): string {
  const label = `${name}--${id}`;
  if (label.length > 63) {
    throw new Error(
      `${label}.${domain}: "${label}" is longer than the 63 characters of a DNS label; choose a shorter --preview name`,
    );
  }
  return `${label}.${domain}`;
}

/** Why the secret cannot sign previews, or null (it goes into an nginx string: no quoting). */
export function previewSecretProblem(secret: string | undefined): string | null {
  if (!secret) {
    return `${PREVIEW_SECRET_VARIABLE} is not set: previews are signed with it (e.g. openssl rand -hex 32, kept in CI's secrets)`;
  }
  if (secret.length < 32 || !/^[A-Za-z0-9_+/=-]+$/.test(secret)) {
    return `${PREVIEW_SECRET_VARIABLE} must be at least 32 characters of letters, digits and _ + / = - (e.g. openssl rand -hex 32)`;
  }
  return null;
}

/** `7d`, `48h`, `90m` → milliseconds; null when it is none of these (or over a year). */
export function parseExpiry(text: string): number | null {
  const match = /^(\d{1,4})([dhm])$/.exec(text.trim());
  if (!match) return null;
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as "d" | "h" | "m"];
  const ms = Number(match[1]) * unit;
  return ms > 0 && ms <= 366 * 86_400_000 ? ms : null;
}

/**
 * The token nginx's `secure_link_md5 "$secure_link_expires$host $secret"` expects: the MD5 of
 * those bytes, base64url without padding.
 */
export function previewToken(secret: string, host: string, expiresAt: number): string {
  const seconds = Math.floor(expiresAt / 1000);
  return createHash("md5").update(`${seconds}${host} ${secret}`).digest("base64url");
}

/** The link the CLI prints: it opens the preview once, then a cookie does. */
export function previewLink(
  secret: string,
  host: string,
  expiresAt: number,
  scheme: "https" | "http" = "https",
): string {
  const url = new URL(`${scheme}://${host}/`);
  url.searchParams.set(PREVIEW_TOKEN_PARAM, previewToken(secret, host, expiresAt));
  url.searchParams.set(PREVIEW_EXPIRES_PARAM, String(Math.floor(expiresAt / 1000)));
  return url.href;
}

/** Whether a preview has expired at `now`. */
export const isExpired = (record: Pick<PreviewRecord, "expires">, now = Date.now()) =>
  Date.parse(record.expires) <= now;
