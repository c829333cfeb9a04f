// @vitest-environment node
/**
 * The multipart reader is linear in the body and bounded in parts and header
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

/**
 * Counts the bytes `Buffer#indexOf` looks at, on buffers of at least `minLength` bytes, until
 * the returned `stop()`: the parser's work, counted, so "linear in the body" holds however
 * busy the machine is (a clock would measure the machine's load as much as the parser).
 */
function countSearches(minLength = 0): () => number {
  const indexOf = Buffer.prototype.indexOf;
  let searched = 0;
  Buffer.prototype.indexOf = function (
    this: Buffer,
    value: string | number | Uint8Array,
    byteOffset?: number | BufferEncoding,
    encoding?: BufferEncoding,
  ) {
    const found = indexOf.call(this, value, byteOffset as number, encoding);
    if (this.length >= minLength) {
      const from = typeof byteOffset === "number" ? Math.max(0, byteOffset) : 0;
      const needle = typeof value === "number" ? 1 : value.length;
      searched += (found === -1 ? this.length : found + needle) - from;
    }
    return found;
  } as typeof indexOf;
  return () => {
    Buffer.prototype.indexOf = indexOf;
    return searched;
  };
}

function bytesSearched<T>(run: () => T): { result: T; searched: number } {
  const stop = countSearches();
  try {
    const result = run();
    return { result, searched: stop() };
  } finally {
    stop();
  }
}

/** Parses, counting the bytes searched; a MultipartError is a fine answer to a hostile body, anything else is not. */
function countedParse(body: Buffer, boundary = B) {
  const { result, searched } = bytesSearched(() => {
    try {
      return parseMultipart(body, boundary);
    } catch (e) {
      if (!(e instanceof MultipartError)) throw e;
      return e;
    }
  });
  return { parts: result, searched };
}

/**
 * Linear: each byte searched at most once for the next delimiter and once for a header end,
 * plus at most MAX_HEADER_BYTES per part (MAX_PARTS of them) past its header.
 */
const linearBound = (body: Buffer) => 2 * body.length + (MAX_PARTS + 1) * (MAX_HEADER_BYTES + 80);

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

  it("7 MB of tiny parts: refused past MAX_PARTS, after reading only those parts", () => {
    const tiny = `--${B}\r\n\r\n\r\n`;
    const body = Buffer.from(tiny.repeat(Math.floor((7 * 1024 * 1024) / tiny.length)));
    const { parts, searched } = countedParse(body);
    expect(parts).toBeInstanceOf(MultipartError);
    expect(searched).toBeLessThanOrEqual((MAX_PARTS + 2) * tiny.length);
  });

  it("7 MB of parts without a header end (the old quadratic case): each byte searched a bounded number of times", () => {
    const noHeaderEnd = `--${B}\r\nx: y\r\n`;
    const body = Buffer.from(
      noHeaderEnd.repeat(Math.floor((7 * 1024 * 1024) / noHeaderEnd.length)),
    );
    const { searched } = countedParse(body);
    expect(searched).toBeLessThanOrEqual(linearBound(body));
  });

  it("the count sees a quadratic search: searching the rest of the body from every part start", () => {
    // The check above can fail: the old parser's search for a header end from each part.
    const noHeaderEnd = `--${B}\r\nx: y\r\n`;
    const body = Buffer.from(noHeaderEnd.repeat(2_000));
    const { searched } = bytesSearched(() => {
      for (let at = 0; at < body.length; at += noHeaderEnd.length) body.indexOf("\r\n\r\n", at);
    });
    expect(searched).toBeGreaterThan(linearBound(body));
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

  it("adversarial bodies: linear work, at most MAX_PARTS parts, views of the body (no copies)", () => {
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
        const { parts, searched } = countedParse(b, withBoundary ? B : "absent-boundary");
        expect(searched).toBeLessThanOrEqual(linearBound(b));
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
    // The demo backend runs in this process: its searches of the 7 MB body are counted.
    let searched = 0;
    const stop = countSearches(1024 * 1024);
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
    }).finally(() => (searched = stop()));
    expect(status).toBe(400);
    // Refused after MAX_PARTS parts: the rest of the body is never searched.
    expect(searched).toBeLessThanOrEqual((MAX_PARTS + 2) * tiny.length);
    const events = await fetch(`${demo.origin}/public/photo-service/api/v1/events/1001`);
    expect(events.status).toBe(200);
  });
});
