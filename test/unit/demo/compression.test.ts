// @vitest-environment node
/**
 * The demo backend answers as a production API behind a web server does: JSON gzipped for a
 * client that accepts it (a page of 100 photos is most of what a phone waits for before the
 * first photo), as it is for one that does not.
 */
import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "./demo-server.ts";

let demo: Awaited<ReturnType<typeof startDemo>>;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(() => demo.close());

/** A raw GET (Node's fetch would decompress and hide the encoding). */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    request(`${demo.origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", fail)
      .end();
  });
}

const PHOTOS = "/public/photo-service/api/v1/photos?offset=0&count=100&albumId=a1003";

describe("the demo backend's JSON on the wire", () => {
  it("is gzipped for a browser that accepts gzip, and reads back to the same photos", async () => {
    const plain = await get(PHOTOS, {});
    const zipped = await get(PHOTOS, { "Accept-Encoding": "gzip, deflate, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    const photos = JSON.parse(gunzipSync(zipped.body).toString("utf8"));
    expect(photos).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect(photos.items ?? photos).toHaveLength(60);
  });

  it("goes out as it is for a client that refuses gzip, and when it is small", async () => {
    const refused = await get(PHOTOS, { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    // An error in the documented { code, message } shape: a few dozen bytes.
    const small = await get("/public/photo-service/api/v1/events/999999", {
      "Accept-Encoding": "gzip",
    });
    expect(small.body.length).toBeLessThan(256);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
