/** The per-event search token: who it opens, and its short lifetime (401 once expired). */
import type { Context } from "./context.ts";
import { fail, type Reply } from "./http/reply.ts";
import type { TokenRecord } from "./state.ts";

export type TokenCheck = { ok: true; token: TokenRecord } | { ok: false; reply: Reply };

export function issueToken(
  ctx: Context,
  eventId: string,
  subject: { competitorId: string | null; personId: string | null },
): TokenRecord {
  const token: TokenRecord = {
    token: ctx.state.nextToken(),
    eventId,
    ...subject,
    expiresAt: ctx.now() + ctx.options.tokenLifetimeMs,
  };
  ctx.state.tokens.set(token.token, token);
  return token;
}

/** The X-Search-Token of the request, valid for the event; 401 otherwise. */
export function checkToken(ctx: Context, eventId: string): TokenCheck {
  if (!ctx.searchToken) {
    return unauthorized("SearchTokenRequired", "A search token for this event is required");
  }
  const token = ctx.state.tokens.get(ctx.searchToken);
  if (!token || token.eventId !== eventId) {
    return unauthorized("SearchTokenInvalid", "The search token is not valid for this event");
  }
  if (token.expiresAt <= ctx.now()) {
    return unauthorized("SearchTokenExpired", "The search token has expired; search again");
  }
  return { ok: true, token };
}

function unauthorized(code: string, message: string): TokenCheck {
  return { ok: false, reply: fail(401, code, message) };
}
