// @vitest-environment node
/** The demo backend answers an address it cannot decode as the client's error (400), never 500. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../security/raw-http.ts";
import { startDemo } from "./demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

describe("a malformed percent-encoding in an API address", () => {
  it("is answered 400 MalformedPath: truncated, or bytes that are not UTF-8", async () => {
    for (const path of [
      "/public/photo-service/api/v1/events/%E0%A4%A",
      "/public/photo-service/api/v1/events/%ff",
      "/public/photo-service/api/v1/events/%E0%A4",
    ]) {
      const reply = await rawRequest(demo.origin, path);
      expect([path, reply.status, JSON.parse(reply.body).code]).toEqual([
        path,
        400,
        "MalformedPath",
      ]);
    }
  });

  it("a well-formed one still reaches its event", async () => {
    const reply = await rawRequest(demo.origin, "/public/photo-service/api/v1/events/%31001");
    expect(reply.status).toBe(200);
  });
});
