/**
 * The backend API the shop expects, as a document (`storefront api-schema`): written from the
 * client's own calls and contracts, committed fresh, naming every call of storefront/src/api/
 * with the method and path the client uses, and valid OpenAPI 3.1 by an independent validator
 * (@seriousme/openapi-schema-validator, which checks against the OpenAPI Initiative's schema).
 */
import { readFile } from "node:fs/promises";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { apiCalls, apiMethods, CALL_SAMPLES } from "../../../cli/api/inventory.ts";
import { apiDocument } from "../../../cli/api/openapi.ts";
import { contractSchema } from "../../../cli/api/schemas.ts";
import { CORE_VERSION } from "../../../cli/build/version.ts";
import { eventPage } from "../../../storefront/src/api/contracts/events.ts";
import { order, orderItems } from "../../../storefront/src/api/contracts/orders.ts";
import { paymentTypes } from "../../../storefront/src/api/contracts/payments.ts";

type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; "x-calls": string[]; security?: unknown[] }>
  >;
  "x-address-calls": { operationId: string }[];
};

describe("the API document (docs/api.openapi.json)", () => {
  it("is the one the client's calls give today (run `npm run docs`)", async () => {
    const committed = JSON.parse(await readFile("docs/api.openapi.json", "utf8"));
    expect(committed).toEqual(await apiDocument(CORE_VERSION));
  });

  it("has a sample for every method of the API, and none for a method it no longer has", () => {
    expect(apiMethods().sort()).toEqual(Object.keys(CALL_SAMPLES).sort());
  });

  it("names every call with the method and path the client sends", async () => {
    const doc = (await apiDocument(CORE_VERSION)) as unknown as Doc;
    const documented = new Map<string, string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const id of op["x-calls"]) documented.set(id, `${method.toUpperCase()} ${path}`);
      }
    }
    for (const call of doc["x-address-calls"]) documented.set(call.operationId, "by address");
    for (const call of await apiCalls()) {
      const where = call.path.startsWith("{")
        ? "by address"
        : `${call.method} ${call.service ? `/public/${call.service}/api/v1` : ""}${call.path}`;
      expect(documented.get(call.id), call.id).toBe(where);
    }
    // A few as spec §7 names them.
    expect(documented.get("orders.get")).toBe("GET /public/order-service/api/v1/orders/{orderId}");
    expect(documented.get("carts.setCustomer")).toBe(
      "PUT /public/shoppingcart-service/api/v1/shoppingCarts/{shoppingCartId}/customer",
    );
    expect(documented.get("archives.create")).toBe("POST /public/archive-service/api/v1/archives/");
    // The Bearer token where §6 says (the cart, orders), never on the events.
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op("/public/order-service/api/v1/orders/{orderId}", "get")?.security).toEqual([
      { bearer: [] },
      {},
    ]);
    expect(op("/public/photo-service/api/v1/events", "get")?.security).toBeUndefined();
  });

  it("is valid OpenAPI 3.1 by an independent validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      JSON.parse(JSON.stringify(await apiDocument(CORE_VERSION))),
    );
    expect(result.errors ?? []).toEqual([]);
    expect([result.valid, validator.version]).toEqual([true, "3.1"]);
    // Its yes means something: the same document with a parameter "in" the body (Swagger 2's
    // way, not OpenAPI 3's) is refused.
    const broken = JSON.parse(JSON.stringify(await apiDocument(CORE_VERSION))) as Doc;
    const get = broken.paths["/public/order-service/api/v1/orders/{orderId}"]?.get as unknown as {
      parameters: { in: string }[];
    };
    get.parameters[0] = { ...get.parameters[0], in: "body" };
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });
});

describe("the replies' schemas come from the contracts the client checks them with", () => {
  it("an order: its fields, their types, its states, its date-time, its money", () => {
    const schema = contractSchema(order) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(schema.required).toContain("orderId");
    expect(schema.properties.orderId).toEqual({ type: "string", minLength: 1 });
    expect(schema.properties.state).toEqual({
      type: "string",
      enum: ["AwaitingPayment", "Completed", "Canceled"],
    });
    expect(schema.properties.createdOn).toEqual({ type: "string", format: "date-time" });
    expect(schema.properties.totalAmount).toEqual({ type: "number", minimum: 0 });
    expect(schema.properties.currencyId).toEqual({ type: "integer" });
  });

  it("a field a reply may leave out is listed, but not required", () => {
    const schema = contractSchema(orderItems) as {
      items: { properties: Record<string, unknown>; required: string[] };
    };
    const line = schema.items;
    expect(line.properties.promotionalCodes).toEqual({
      type: "array",
      items: {
        type: "object",
        properties: { code: { type: "string", minLength: 1 } },
        required: ["code"],
      },
    });
    expect(line.required).not.toContain("promotionalCodes");
    expect(line.required).toContain("photos");
  });

  it("a percentage's bounds", () => {
    const schema = contractSchema(paymentTypes) as {
      items: { properties: Record<string, unknown> };
    };
    expect(schema.items.properties.discountPercent).toEqual({
      type: "number",
      minimum: 0,
      maximum: 100,
    });
  });

  it("read from what the checks report: fields, nested lists, nullable", () => {
    const schema = contractSchema(eventPage) as {
      required: string[];
      properties: { items: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(schema.required).toEqual(["count", "total", "items"]);
    const event = schema.properties.items.items;
    expect(event.properties.eventId).toEqual({ type: "string", minLength: 1 });
    expect(event.properties.photoCount).toEqual({ type: "integer", minimum: 0 });
    expect(event.properties.distances).toEqual({ type: "array", items: { type: "string" } });
    expect(event.properties.coverUrl).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(event.required).toContain("coverUrl");
  });
});
