/** Reading request bodies with a size limit. */
import type { IncomingMessage } from "node:http";

export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}

/**
 * The whole body, or BodyTooLargeError past `limit` bytes. The rest of an oversized
 * body is still drained (up to 4× the limit) so the client sees our reply, not a reset.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * 4) req.destroy();
    });
    req.on("end", () =>
      size > limit ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks)),
    );
    req.on("error", reject);
    req.on("close", () => {
      if (size > limit) reject(new BodyTooLargeError());
    });
  });
}

/** Parses JSON; undefined for an empty or malformed body. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
