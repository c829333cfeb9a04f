/**
 * The API in two steps: the finding services (what every route but home builds at start) and
 * the buying ones the shop adds over the same transport, so a route that only finds photos
 * never loads the cart's, the order's or the receipts' calls and contracts.
 */
import { describe, expect, it } from "vitest";
import { findApiOver } from "../../../storefront/src/api/find-api.ts";
import { apiOver, createHttp } from "../../../storefront/src/api/index.ts";
import { shopApiOver } from "../../../storefront/src/api/shop-api.ts";
import { recordingFetch } from "../fixtures/recording-fetch.ts";

const FINDING = ["catalog", "competitors", "events", "http", "photos", "recognition", "themes"];
const BUYING = [
  "archives",
  "carts",
  "frames",
  "invoices",
  "orders",
  "preorders",
  "receipts",
  "requests",
];

function transport() {
  const { fetch, calls } = recordingFetch(() => 503);
  return {
    http: createHttp({ origin: "https://api.example", fetch, getLanguage: () => "en" }),
    calls,
  };
}

describe("the API in two steps", () => {
  it("the finding stores get the finding services only", () => {
    expect(Object.keys(findApiOver(transport().http)).sort()).toEqual(FINDING);
  });

  it("the shop adds the buying services, and every call goes over the finding services' transport", async () => {
    const { http, calls } = transport();
    const find = findApiOver(http);
    const shop = shopApiOver(find, "/public/requests");
    expect(Object.keys(shop).sort()).toEqual([...FINDING, ...BUYING].sort());
    // The finding services are the very same objects: one event cache, one transport.
    for (const name of FINDING)
      expect(shop[name as keyof typeof shop]).toBe(find[name as keyof typeof find]);
    await shop.carts.get("c1");
    await find.events.get("1003");
    expect(calls.map((c) => new URL(c.url).origin)).toEqual([
      "https://api.example",
      "https://api.example",
    ]);
  });

  it("apiOver, for the tests and the CLI, builds the same services at once", () => {
    expect(Object.keys(apiOver(transport().http)).sort()).toEqual([...FINDING, ...BUYING].sort());
  });
});
