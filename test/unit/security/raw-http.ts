/** A request written byte for byte (no client normalises the path or the Host header). */
import { connect } from "node:net";

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(
  url: string,
  path: string,
  host = new URL(url).host,
  extra = "",
): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((done, failed) => {
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ""), () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);
    });
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      done({ status, headers, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", failed);
  });
}
