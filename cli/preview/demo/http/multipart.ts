/**
 * A minimal multipart/form-data reader: enough for the selfie upload. One forward pass: each
 * byte of the body is searched at most once for the next delimiter and at most
 * MAX_HEADER_BYTES of each part for its header end, so a hostile body (many tiny parts, parts
 * without a header end, a huge header) costs time linear in its size. Parts are views of the
 * body, never copies, and there are at most MAX_PARTS of them.
 */

export interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** The selfie form has one field; a few more are tolerated, thousands are an attack. */
export const MAX_PARTS = 16;
/** A part's headers (Content-Disposition, Content-Type) fit in far less. */
export const MAX_HEADER_BYTES = 8 * 1024;

export class MultipartError extends Error {
  override readonly name = "MultipartError";
}

/** RFC 2046: a boundary is 1 to 70 characters. */
export function boundaryOf(contentType: string | undefined): string | null {
  const value = contentType ?? "";
  if (value.length > 1024 || !/^multipart\/form-data\s*;/i.test(value)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

function headersOf(head: string): Omit<Part, "data"> {
  const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? "";
  return {
    name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "",
    filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
    contentType: /content-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1]?.trim() ?? null,
  };
}

/** The parts of `body`; throws MultipartError past MAX_PARTS parts or MAX_HEADER_BYTES of header. */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  if (boundary.length < 1 || boundary.length > 70) throw new MultipartError("bad boundary");
  const first = Buffer.from(`--${boundary}`);
  // Every delimiter after the first is preceded by CRLF, which belongs to it, not to the data.
  const delimiter = Buffer.concat([CRLF, first]);
  const parts: Part[] = [];
  let at = body.indexOf(first);
  if (at === -1) return parts;
  at += first.length;
  // The next header end at or after `at`, found once and reused: the searches move forward only.
  let headerEnd = -1;
  for (;;) {
    // "--" after a delimiter closes the body; otherwise the part starts after its CRLF.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    const next = body.indexOf(delimiter, at);
    if (next === -1) return parts; // an unterminated last part is dropped
    if (parts.length === MAX_PARTS) throw new MultipartError(`more than ${MAX_PARTS} parts`);
    let dataStart: number;
    if (body[at] === 0x0d && body[at + 1] === 0x0a) {
      dataStart = at + 2; // no headers: the part starts with the blank line itself
    } else {
      if (headerEnd !== Number.POSITIVE_INFINITY && headerEnd < at) {
        headerEnd = body.indexOf(HEADER_END, at);
        if (headerEnd === -1) headerEnd = Number.POSITIVE_INFINITY;
      }
      dataStart = headerEnd + HEADER_END.length;
    }
    const headerBytes = dataStart - at;
    if (dataStart > next) {
      // No header end inside this part: skipped, unless it is too big to be a header at all.
      if (next - at > MAX_HEADER_BYTES) {
        throw new MultipartError(`a part header over ${MAX_HEADER_BYTES} bytes`);
      }
    } else if (headerBytes > MAX_HEADER_BYTES + HEADER_END.length) {
      throw new MultipartError(`a part header over ${MAX_HEADER_BYTES} bytes`);
    } else {
      const head = body.subarray(at, Math.max(at, dataStart - HEADER_END.length)).toString("utf8");
      parts.push({ ...headersOf(head), data: body.subarray(dataStart, next) });
    }
    at = next + delimiter.length;
  }
}
