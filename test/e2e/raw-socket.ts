import { connect } from "node:net";

/** Everything a server sends back to a raw request, as latin1 text ("" when it closes at once). */
export function rawReply(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done, failed) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("error", failed);
    socket.on("end", () => done(text));
  });
}

/**
 * A request written byte for byte on a socket: fetch and browsers refuse or normalise a
 * malformed `%`, a 9 KB address or oversized headers before nginx could see them.
 */
export async function rawExchange(url: string, request: string): Promise<Response> {
  const text = await rawReply(url, request);
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = new Headers();
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  // The body as sent (latin1: compare ASCII only); none for statuses that cannot have one.
  const body = [101, 204, 205, 304].includes(status) ? null : rest.join("\r\n\r\n");
  return new Response(body, { status, headers });
}
