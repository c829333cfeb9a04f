// @vitest-environment node
/**
 * Issue 15.4: the multipart reader is linear in the body and bounded in parts and header
 * size, so one request cannot freeze the preview (demo backend and identity provider).
 */
import { request } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boundaryOf,
  MAX_HEADER_BYTES,
  MAX_PARTS,
  MultipartError,
  parseMultipart,
} from "../../../cli/preview/demo/http/multipart.ts";
import { startDemo } from "../demo/demo-server.ts";

const B = "----b0undary";
const part = (name: string, data: string, extra = "") =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${data}\r\n`;

/** Parses, timing it; a MultipartError is a fine answer to a hostile body, anything else is not. */
function timedParse(body: Buffer, boundary = B) {
  const started = performance.now();
  let parts: ReturnType<typeof parseMultipart> | MultipartError;
  try {
    parts = parseMultipart(body, boundary);
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    parts = e;
  }
  return { parts, ms: performance.now() - started };
}

describe("parseMultipart", () => {
  it("reads a well-formed body: names, file names, types and bytes", () => {
    const body = Buffer.from(
      `preamble\r\n${part("a", "1")}${part("file", "\r\nJPEG--data\r\n", '; filename="face.jpg"\r\nContent-Type: image/jpeg')}--${B}--\r\n`,
    );
    const parts = parseMultipart(body, B);
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString()])).toEqual([
      ["a", null, null, "1"],
      ["file", "face.jpg", "image/jpeg", "\r\nJPEG--data\r\n"],
    ]);
  });

  it("7 MB of tiny parts: well under a second, refused past MAX_PARTS", () => {
    const tiny = `--${B}\r\n\r\n\r\n`;
    const body = Buffer.from(tiny.repeat(Math.floor((7 * 1024 * 1024) / tiny.length)));
    const { parts, ms } = timedParse(body);
    expect(parts).toBeInstanceOf(MultipartError);
    expect(ms).toBeLessThan(600);
  });

  it("7 MB of parts without a header end (the old quadratic case): well under a second", () => {
    const noHeaderEnd = `--${B}\r\nx: y\r\n`;
    const body = Buffer.from(
      noHeaderEnd.repeat(Math.floor((7 * 1024 * 1024) / noHeaderEnd.length)),
    );
    const { ms } = timedParse(body);
    expect(ms).toBeLessThan(600);
  });

  it("a header past MAX_HEADER_BYTES is refused", () => {
    const body = Buffer.from(
      `--${B}\r\nX: ${"h".repeat(MAX_HEADER_BYTES)}\r\n\r\ndata\r\n--${B}--`,
    );
    expect(() => parseMultipart(body, B)).toThrow(MultipartError);
  });

  it("boundaryOf: a boundary of 1 to 70 characters, else none", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(boundaryOf(`multipart/form-data; ${"a;".repeat(20_000)}`)).toBeNull();
  });

  it("adversarial bodies: bounded time, at most MAX_PARTS parts, views of the body (no copies)", () => {
    const piece = fc.oneof(
      fc.constant(`--${B}\r\n`),
      fc.constant(`--${B}--`),
      fc.constant("\r\n\r\n"),
      fc.constant("\r\n"),
      fc.constant("--"),
      fc.constant(part("file", "x")),
      fc.constant(`Content-Disposition: form-data; name="${"n".repeat(50)}"`),
      fc.string({ maxLength: 40 }),
    );
    // Up to ~8 MB, the size the selfie route accepts; the quadratic parser took 40 s on 640 KB.
    const body = fc
      .tuple(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 1_500 }))
      .map(([pieces, times]) => Buffer.from(pieces.join("").repeat(times)));
    fc.assert(
      fc.property(body, fc.boolean(), (b, withBoundary) => {
        const { parts, ms } = timedParse(b, withBoundary ? B : "absent-boundary");
        expect(ms).toBeLessThan(400);
        if (parts instanceof MultipartError) return;
        expect(parts.length).toBeLessThanOrEqual(MAX_PARTS);
        for (const p of parts) expect(p.data.buffer).toBe(b.buffer);
      }),
      { numRuns: 60 },
    );
  });
});

describe("the selfie upload", () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  beforeAll(async () => {
    demo = await startDemo();
  });
  afterAll(() => demo.close());

  it("answers a 7 MB body of tiny parts with 400 at once, and keeps answering", async () => {
    const tiny = `--${B}\r\n\r\n\r\n`;
    const body = Buffer.from(tiny.repeat(Math.floor((7 * 1024 * 1024) / tiny.length)));
    const started = performance.now();
    const status = await new Promise<number>((done, failed) => {
      const req = request(
        `${demo.origin}/public/recognition-service/api/v1/selfies?albumId=a1001`,
        { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${B}` } },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on("error", failed);
      req.end(body);
    });
    expect(status).toBe(400);
    expect(performance.now() - started).toBeLessThan(2000);
    const events = await fetch(`${demo.origin}/public/photo-service/api/v1/events/1001`);
    expect(events.status).toBe(200);
  });
});
