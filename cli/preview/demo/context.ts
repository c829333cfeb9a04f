/** Everything a demo route handler needs for one request. */
import type { IncomingMessage } from "node:http";
import { parseJson, readBody } from "./http/body.ts";
import type { ResolvedDemoOptions } from "./options.ts";
import type { DemoState } from "./state.ts";
import type { World } from "./world.ts";

const JSON_LIMIT = 1024 * 1024;

export interface Context {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  world: World;
  state: DemoState;
  options: ResolvedDemoOptions;
  now(): number;
  /** The Bearer token, if the request carried one. */
  bearer: string | null;
  /** Whom the Bearer token was issued to (verified, see ../access-tokens.ts), or null. */
  user: string | null;
  /** The X-Search-Token header, if any. */
  searchToken: string | null;
  /** The request body, read once (at most `limit` bytes). */
  body(limit?: number): Promise<Buffer>;
  /** The body parsed as JSON; undefined when empty or malformed. */
  json(): Promise<unknown>;
}

export function createContext(
  req: IncomingMessage,
  url: URL,
  params: Record<string, string>,
  shared: { world: World; state: DemoState; options: ResolvedDemoOptions },
  user: string | null = null,
): Context {
  let body: Promise<Buffer> | null = null;
  const authorization = req.headers.authorization ?? "";
  const token = req.headers["x-search-token"];
  return {
    req,
    url,
    params,
    query: url.searchParams,
    ...shared,
    now: shared.options.now,
    bearer: /^Bearer\s+(.+)$/i.exec(authorization)?.[1] ?? null,
    user,
    searchToken: typeof token === "string" && token !== "" ? token : null,
    body(limit = JSON_LIMIT) {
      body ??= readBody(req, limit);
      return body;
    },
    async json() {
      return parseJson(await this.body());
    },
  };
}

/** A string field of a JSON body, or null. */
export function stringField(body: unknown, key: string): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : null;
}
