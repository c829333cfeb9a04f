/**
 * The demo backend: every call of the spec (§7) with its status codes and error cases
 * (§8), on seeded, deterministic data, in-process, with no external service.
 * `handle` answers /public/** and the demo's own /demo/** routes and returns false for
 * anything else, so the preview server can serve the bundle.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createAccessTokens, userOf } from "./access-tokens.ts";
import { createContext } from "./context.ts";
import { fail, type Reply, send } from "./http/reply.ts";
import { type DemoOptions, type ResolvedDemoOptions, resolveDemoOptions } from "./options.ts";
import { apiPrefix, Router } from "./router.ts";
import { archiveFileRoutes, archiveRoutes } from "./routes/archives.ts";
import { cartItemRoutes } from "./routes/cart-items.ts";
import { cartRoutes } from "./routes/carts.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { competitorRoutes } from "./routes/competitors.ts";
import { eventRoutes } from "./routes/events.ts";
import { frameRoutes } from "./routes/frames.ts";
import { imageRoutes } from "./routes/images.ts";
import { invoiceRoutes } from "./routes/invoices.ts";
import { orderRoutes, preorderRoutes } from "./routes/orders.ts";
import { payRoutes } from "./routes/pay.ts";
import { photoRoutes } from "./routes/photos.ts";
import { receiptRoutes } from "./routes/receipts.ts";
import { requestRoutes } from "./routes/requests.ts";
import { selfieRoutes } from "./routes/selfies.ts";
import { themeRoutes } from "./routes/themes.ts";
import { seedHistory } from "./seed/history.ts";
import { createState, type DemoState } from "./state.ts";
import { createWorld, type World } from "./world.ts";

export type { DemoOptions } from "./options.ts";

export interface DemoBackend {
  /**
   * Answers the request if it is the demo's; false when it is not (serve the bundle). `url` is
   * the request target as the preview read it (default: req.url as a path, never a host).
   */
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): Promise<boolean>;
  readonly state: DemoState;
  readonly world: World;
  readonly options: ResolvedDemoOptions;
  /** Signs an access token for `email` that this backend accepts (tests, tools). */
  signToken(email: string): string;
}

function createRouter(): Router {
  return new Router()
    .add(apiPrefix("themes-service"), themeRoutes)
    .add(apiPrefix("photo-service"), { ...eventRoutes, ...photoRoutes })
    .add(apiPrefix("competitor-service"), competitorRoutes)
    .add(apiPrefix("recognition-service"), selfieRoutes)
    .add(apiPrefix("catalog-service"), catalogRoutes)
    .add(apiPrefix("frame-service"), frameRoutes)
    .add(apiPrefix("shoppingcart-service"), { ...cartItemRoutes, ...cartRoutes })
    .add(apiPrefix("order-service"), orderRoutes)
    .add(apiPrefix("invoice-service"), invoiceRoutes)
    .add(apiPrefix("preorder-service"), preorderRoutes)
    .add(apiPrefix("archive-service"), archiveRoutes)
    .add(apiPrefix("receipt-service"), receiptRoutes)
    .add("/public/requests", requestRoutes)
    .add("/demo/pay", payRoutes)
    .add("/demo/img", imageRoutes)
    .add("/demo/files/archives", archiveFileRoutes);
}

export function createDemoBackend(demoOptions: DemoOptions = {}): DemoBackend {
  const options = resolveDemoOptions(demoOptions);
  const world = createWorld(options.seed);
  const state = createState(options.seed);
  seedHistory(world, state);
  const router = createRouter();
  const tokens = createAccessTokens(options.identify);

  async function answer(req: IncomingMessage, url: URL): Promise<Reply> {
    const isApi = url.pathname.startsWith("/public/");
    if (isApi && options.latencyMs > 0) await sleep(options.latencyMs);
    if (isApi && options.failRate > 0 && state.failDraw() < options.failRate) {
      return fail(
        503,
        "ServiceUnavailable",
        "The demo backend failed this call on purpose (--demo-fail)",
      );
    }
    const match = router.match(req.method ?? "GET", url.pathname);
    if (match.kind === "malformed") {
      return fail(400, "MalformedPath", "The address has a malformed percent-encoding");
    }
    if (match.kind === "none") return fail(404, "NotFound", `No route for ${url.pathname}`);
    if (match.kind === "wrong-method")
      return fail(405, "MethodNotAllowed", `${req.method} is not allowed here`);
    // Only tokens this preview issued are trusted; any other Authorization is a 401.
    const user = isApi ? await userOf(req, tokens) : null;
    if (user === "invalid") {
      return fail(
        401,
        "Unauthorized",
        "The access token is not one this preview issued; sign in again",
      );
    }
    const ctx = createContext(req, url, match.params, { world, state, options }, user);
    try {
      return await match.handler(ctx);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail(500, "InternalError", `The demo backend failed: ${message}`);
    }
  }

  return {
    state,
    world,
    options,
    signToken: (email) => tokens.sign(email),
    async handle(req, res, given) {
      const target = req.url?.startsWith("/") ? req.url : "/";
      const url = given ?? new URL(`http://demo.invalid${target}`);
      if (!url.pathname.startsWith("/public/") && !url.pathname.startsWith("/demo/")) return false;
      send(res, await answer(req, url), req.headers["accept-encoding"]);
      return true;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
