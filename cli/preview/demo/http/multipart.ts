/** A minimal multipart/form-data reader: enough for the selfie upload. */

export interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headerStart = start + delimiter.length + 2; // skip CRLF after the delimiter
    const next = body.indexOf(delimiter, headerStart);
    if (next === -1) break;
    const headerEnd = body.indexOf("\r\n\r\n", headerStart);
    if (headerEnd !== -1 && headerEnd < next) {
      const head = body.subarray(headerStart, headerEnd).toString("utf8");
      const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? "";
      parts.push({
        name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "",
        filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
        contentType: /content-type:\s*([^\r\n]*)/i.exec(head)?.[1]?.trim() ?? null,
        data: body.subarray(headerEnd + 4, next - 2), // minus the CRLF before the delimiter
      });
    }
    start = next;
  }
  return parts;
}
