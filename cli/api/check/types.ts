/** What `storefront check-api` is asked (./journey.ts) and what it finds. */
import type { Mismatch } from "./reply.ts";

export interface CheckOptions {
  api: URL;
  /** The event to read (else the first the backend lists, or the order's). */
  event: string | null;
  /** A paid order whose items, payments, archive and receipts are read. */
  order: string | null;
  preorder: string | null;
  /** The shop's origin, when the API is on another one: replies are held to CORS (./cors.ts). */
  shopOrigin: string | null;
  /** A bib number or last name to search the event's participants for. */
  participant: string | null;
  /** A promo code the backend accepts (else a made-up one, which it must refuse well). */
  promo: string | null;
  /** A signed-in user's access token. */
  token: string | null;
  allowOrders: boolean;
  theme: string;
  language: string;
  rate: number;
  timeoutMs: number;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Each request's result, as it comes. */
  onResult?: (result: CallResult) => void;
}

/** One request made and what was found wrong with its reply. */
export interface CallResult {
  call: string;
  method: string;
  url: string;
  status: number | null;
  mismatches: Mismatch[];
  curl: string;
  /** The preflight a browser sends first (with --shop-origin), as a curl line. */
  preflight?: string;
}

export interface CheckReport {
  api: string;
  results: CallResult[];
  /** The calls made at least once. */
  checked: string[];
  notChecked: { call: string; reason: string }[];
  /** Ctrl+C came before the end. */
  stopped: boolean;
}
