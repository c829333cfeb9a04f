/** Test helpers: the demo backend on 127.0.0.1 (random port), a fake clock, selfies, tokens. */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createDemoBackend, type DemoOptions } from "../../../cli/preview/demo/index.ts";
import { type Api, createApi } from "../../../storefront/src/api/index.ts";

export const START = Date.parse("2025-10-01T10:00:00.000Z");

export function fakeClock(start = START) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

export async function startDemo(options: DemoOptions = {}) {
  const demo = createDemoBackend({ faceSearchDelayMs: 0, archiveDelayMs: 0, ...options });
  const server = createServer((req, res) => {
    demo.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    demo,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export function apiFor(origin: string, token: string | null = null, language = "ru"): Api {
  return createApi({ origin, getLanguage: () => language, getToken: () => token });
}

const SELFIES = join(import.meta.dirname, "../../fixtures/selfies");
export function selfie(name: "one-person" | "several-people" | "no-face"): Blob {
  return new Blob([readFileSync(join(SELFIES, `${name}.jpg`))], { type: "image/jpeg" });
}

/** A search token for a participant (default: Ivanov, bib 101, of the 10,000-photo event). */
export async function tokenFor(api: Api, eventId = "1001", competitorId = "1001-101") {
  const result = await api.competitors.token(eventId, { competitorId });
  if (!result.ok) throw result.error;
  return result.data.token;
}

let cartCounter = 0;
/** A fresh cart id (carts are named by the client). */
export const newCartId = () =>
  `test-cart-${++cartCounter}-${Math.random().toString(36).slice(2, 8)}`;
