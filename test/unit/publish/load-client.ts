/**
 * The bounded loopback client of the zero-downtime tests: it loads pages and then every file
 * each page names, as a browser does, and counts what a visitor would see go wrong during a
 * switch: failed requests, assets missing for a page that was served, pages whose inline style
 * the CSP of the same response does not allow, and bytes that are no built file.
 */
import { createHash } from "node:crypto";
import { Agent, get as httpGet } from "node:http";
import { join } from "node:path";
import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { cspHash } from "../../../cli/build/render.ts";

/** The client's bounds: it stops by itself after this many page loads at the most. */
export const MAX_PAGES = 200;
/** Page loads the client completes between two switches, so each one happens under load. */
export const PAGES_PER_STEP = 12;
/** Page loads at most per switch: the client waits for the next one rather than run ahead. */
const PAGES_PER_STEP_MAX = 20;
const LANES = 3;
const PATHS = ["/", "/contacts", "/event/7", "/cart", "/organizers"];

const sha = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** The files a page names: scripts, images, stylesheets, preloads, icons, the web manifest. */
export function namedFiles(html: string): { style: string | null; files: string[] } {
  const files = new Set<string>();
  let style: string | null = null;
  const walk = (node: T.Node) => {
    if ("tagName" in node) {
      const el = node as T.Element;
      const attr = (name: string) => el.attrs.find((a) => a.name === name)?.value;
      // srcset: "url [descriptor], url [descriptor]"
      const srcset = (attr("srcset") ?? "").split(",").map((c) => c.trim().split(/\s+/)[0]);
      for (const ref of [
        attr("src"),
        el.tagName === "link" ? attr("href") : undefined,
        ...srcset,
      ]) {
        if (ref?.startsWith("/")) files.add(ref);
      }
      if (el.tagName === "style") {
        const text = el.childNodes.find((c) => c.nodeName === "#text") as T.TextNode | undefined;
        style = text?.value ?? "";
      }
    }
    const children = "content" in node ? (node as T.Template).content.childNodes : [];
    for (const child of [...(("childNodes" in node && node.childNodes) || []), ...children])
      walk(child);
  };
  walk(parse(html));
  return { style, files: [...files] };
}

export interface Tally {
  pages: number;
  requests: number;
  failed: string[];
  missingAssets: string[];
  refusedStyles: string[];
  unknownBytes: string[];
  /** The sha256 of every page served: which releases answered. */
  pageHashes: Set<string>;
  retriedOnClosedConnection: number;
}

export const newTally = (): Tally => ({
  pages: 0,
  requests: 0,
  failed: [],
  missingAssets: [],
  refusedStyles: [],
  unknownBytes: [],
  pageHashes: new Set(),
  retriedOnClosedConnection: 0,
});

/**
 * A client of the server on `port`; `builtFiles` holds the sha256 of every file of every build
 * by path: what a response may be, byte for byte.
 */
export function loadClient(port: number, builtFiles: Map<string, Set<string>>) {
  /** Connections are reused between requests, as a browser does. */
  const keepAlive = new Agent({ keepAlive: true, maxSockets: LANES * 2 });

  function request(path: string, language: string, agent: Agent | false) {
    return new Promise<{ status: number; csp: string; body: Buffer }>((done, fail) => {
      const req = httpGet(
        { host: "127.0.0.1", port, path, agent, headers: { "accept-language": language } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            done({
              status: res.statusCode ?? 0,
              csp: String(res.headers["content-security-policy"] ?? ""),
              body: Buffer.concat(chunks),
            }),
          );
          res.on("error", fail);
        },
      );
      req.on("error", fail);
    });
  }

  /**
   * A GET as a browser makes it. A reload ends nginx's old worker, which closes its idle
   * keep-alive connections; a request sent on one just then finds it closed before any answer,
   * and browsers send such a request again on a new connection (RFC 9112 §9.3.1). So does this
   * client, once; the retries are counted, and only a request that fails again is a failure.
   */
  async function get(path: string, tally: Tally) {
    tally.requests++;
    const language = tally.requests % 2 ? "en" : "ru";
    try {
      return await request(path, language, keepAlive);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ECONNRESET") throw e;
      tally.retriedOnClosedConnection++;
      tally.requests++;
      return request(path, language, false);
    }
  }

  /** One page load: the page, then every file it names, each checked. */
  async function loadPage(path: string, tally: Tally) {
    const response = await get(path, tally);
    const body = response.body;
    if (response.status !== 200) {
      tally.failed.push(`${path} ${response.status}`);
      return;
    }
    const html = new TextDecoder().decode(body);
    const digest = sha(body);
    const pages = [...builtFiles.entries()].filter(([p]) => p.endsWith(".html"));
    if (!pages.some(([, hashes]) => hashes.has(digest))) tally.unknownBytes.push(path);
    tally.pageHashes.add(digest);
    const { style, files } = namedFiles(html);
    const csp = response.csp;
    if (style === null || !csp.includes(cspHash(style))) tally.refusedStyles.push(path);
    tally.pages++;
    for (const file of files) {
      const asset = await get(file, tally);
      if (asset.status !== 200) {
        tally.missingAssets.push(`${file} (named by ${path}) ${asset.status}`);
      } else if (!builtFiles.get(file.slice(1))?.has(sha(asset.body))) {
        tally.unknownBytes.push(file);
      }
    }
  }

  /**
   * Keeps loading pages in LANES lanes while `steps` run one after another, each once the client
   * has loaded some pages since the last one finished (by count, not by clock: pages loaded while
   * a slow switch was under way were served by the release before it). Returns the steps' results.
   */
  async function during<R>(tally: Tally, steps: (() => Promise<R>)[]): Promise<R[]> {
    let switching = true;
    let stepStart = 0;
    const lane = async (n: number) => {
      for (let i = n; tally.pages < MAX_PAGES; i += LANES) {
        // Ahead of the switches: wait for the next one rather than spend the page budget.
        while (switching && tally.pages >= stepStart + PAGES_PER_STEP_MAX) {
          await new Promise((r) => setTimeout(r, 5));
        }
        await loadPage(PATHS[i % PATHS.length]!, tally).catch((e: Error) =>
          tally.failed.push(e.message),
        );
        if (!switching && tally.pages >= stepStart + PAGES_PER_STEP) return;
      }
    };
    const underLoad = async () => {
      stepStart = tally.pages;
      while (tally.pages < stepStart + PAGES_PER_STEP && tally.pages < MAX_PAGES) {
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const client = Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
    const results: R[] = [];
    try {
      await underLoad();
      for (const step of steps) {
        results.push(await step());
        await underLoad();
      }
    } finally {
      switching = false;
      await client;
    }
    return results;
  }

  return { get, loadPage, during, close: () => keepAlive.destroy() };
}

/** A main nginx.conf for a test: master process (reloads), temp folders under `prefix`. */
export function nginxMainConf(prefix: string, include: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `  ${t}_temp_path ${join(prefix, t)};`)
    .join("\n");
  // A master process (a reload needs one); as root, workers stay root to read the temp folders.
  return `daemon off;
master_process on;
worker_processes 1;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${join(prefix, "nginx.pid")};
error_log ${join(prefix, "error.log")} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  variables_hash_max_size 2048;
${temp}
  include ${include};
}
`;
}
