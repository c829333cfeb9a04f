/**
 * A `curl` line that makes a call again exactly as the shop made it (method, address, the
 * headers it sent, its body), for the backend's team to reproduce a mismatch. The signed-in
 * user's token is never written out: the line reads it from `$STOREFRONT_API_TOKEN`. Every
 * word is quoted for a POSIX shell, and a value with a control character in it (an id a
 * backend gave) is written `$'…'` with escapes, so the line stays one line.
 */

/** The request as it left (its body as text; a multipart form named by its fields). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  /** JSON text, the names of a form's files, or null for none. */
  body: { kind: "text"; text: string } | { kind: "form"; fields: string[] } | null;
}

export const TOKEN_VARIABLE = "STOREFRONT_API_TOKEN";

/** Headers fetch adds itself or that say nothing to the backend's team. */
const LEFT_OUT = new Set(["content-length", "host", "connection", "user-agent"]);

export function curlLine(request: SentRequest): string {
  const words = ["curl", "-i"];
  if (request.method !== "GET") words.push("-X", request.method);
  words.push(shellQuote(request.url));
  for (const [name, value] of request.headers) {
    if (LEFT_OUT.has(name)) continue;
    // A form's Content-Type carries the boundary of this one request: curl -F makes its own.
    if (name === "content-type" && request.body?.kind === "form") continue;
    if (name === "authorization") {
      words.push("-H", `"Authorization: Bearer $${TOKEN_VARIABLE}"`);
      continue;
    }
    words.push("-H", shellQuote(`${displayName(name)}: ${value}`));
  }
  if (request.body?.kind === "text") words.push("--data-raw", shellQuote(request.body.text));
  if (request.body?.kind === "form") {
    for (const field of request.body.fields) words.push("-F", shellQuote(`${field}=@face.jpg`));
  }
  return words.join(" ");
}

/** `accept-language` → `Accept-Language`, `x-search-token` → `X-Search-Token`. */
function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

/** One shell word that means exactly `text`. */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_\-.,:/=@%+]+$/.test(text)) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped.
  const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
  if (control.test(text)) {
    const escaped = [...text]
      .map((c) => {
        if (c === "\\" || c === "'") return `\\${c}`;
        if (!control.test(c)) return c;
        const code = c.charCodeAt(0);
        return code < 0x80
          ? `\\x${code.toString(16).padStart(2, "0")}`
          : `\\u${code.toString(16).padStart(4, "0")}`;
      })
      .join("");
    return `$'${escaped}'`;
  }
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
