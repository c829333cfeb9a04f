/**
 * One tenant in `storefront dev`: its last good build, the problems of its YAML if it is
 * invalid now, and its open pages. A rebuild goes to a new folder (`buildTenants`, the same
 * public build `storefront build` runs, into <out-dir>/.dev/<id>/<n>/); only when that folder
 * is complete does the tenant switch to it and tell its pages to reload, so a page never loads
 * a half-written bundle. A build whose files equal the current one's (the manifest's hashes)
 * is dropped and reloads nothing.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { buildTenants } from "../build/build.ts";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import type { TenantFiles, TenantSkin } from "../build/render.ts";
import { RenderMemo } from "../build/render-memo.ts";
import { type ConfigProblem, type LoadResult, loadTenant } from "../config/load.ts";
import type { TenantConfig } from "../config/schema.ts";
import { contentTypeOf } from "../preview/content-types.ts";
import { applyHeaders, previewHeaders } from "../preview/headers.ts";
import { bundleSite, type PreviewSite } from "../preview/hook.ts";
import { escapeHtml } from "../preview/multi-tenant.ts";
import { choosePage } from "../preview/pages.ts";
import { DEV_PATH, DevChannel, devScriptTag } from "./channel.ts";
import type { CoreDevServer } from "./core-server.ts";
import { loaderInputs } from "./inputs.ts";

export type RebuildOutcome =
  | { kind: "invalid"; problems: ConfigProblem[] }
  | { kind: "failed"; error: string }
  | { kind: "unchanged"; ms: number }
  | { kind: "reloaded"; ms: number; pages: number };

/** The files of a bundle and its style hashes: what its pages are, without the build's metadata. */
async function bundleFingerprint(dir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), "utf8")) as BuildManifest;
  return JSON.stringify([manifest.files.map((f) => [f.path, f.sha256]), manifest.styleHashes]);
}

/** Compressed copies a build may write beside a file (page.html.br, page.html.gz). */
const COMPRESSED_COPIES = [".br", ".gz"];

/** Adds the dev script to every page of a dev build (never to `storefront build`'s output). */
async function addDevScript(dir: string, generation: number): Promise<void> {
  const tag = devScriptTag(generation);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, "utf8");
    const at = html.indexOf("</head>");
    if (at < 0) continue;
    await writeFile(file, `${html.slice(0, at)}${tag}${html.slice(at)}`);
    // A compressed copy holds the page without the tag: the preview would send it instead.
    for (const suffix of COMPRESSED_COPIES) await rm(`${file}${suffix}`, { force: true });
  }
}

/** Inserts the dev script before </head>. */
function withDevScript(html: string, generation: number): string {
  const at = html.indexOf("</head>");
  return at < 0 ? html : `${html.slice(0, at)}${devScriptTag(generation)}${html.slice(at)}`;
}

/** A route of the app, not a file: no extension, not one of Vite's own paths (/@vite/client). */
const isPageAddress = (pathname: string) =>
  !pathname.startsWith("/@") && !/\.[a-z0-9]+$/i.test(pathname);

/** The tenant's part of a `dev --core` page: its skin and documents, served from memory. */
interface CoreSkin {
  skin: TenantSkin;
  files: TenantFiles;
}

/** What a core-mode page shows of the tenant; equal fingerprints reload nothing. */
function skinFingerprint({ skin, files }: CoreSkin): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([skin.themeCss, skin.settings, skin.fontPreloads, skin.hero]));
  for (const [name, data] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${name}\0`).update(data);
  }
  return hash.digest("hex");
}

/** What answers a page address while a tenant has no good build yet: the problems, live. */
function waitingPage(id: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${id}: no good build yet</title>${devScriptTag(0)}</head><body><main><h1>storefront dev: ${id} has no good build yet</h1><p>Fix the problems below; this page reloads by itself.</p></main></body></html>`;
}

export class DevTenant {
  generation = 0;
  problems: ConfigProblem[] = [];
  config: TenantConfig | null = null;
  inputs: string[] = [];
  private site: PreviewSite | null = null;
  private folder: string | null = null;
  private fingerprint = "";
  private core: CoreDevServer | null = null;
  /** Reused across this tenant's rebuilds; its counts say how much each one rendered. */
  readonly memo = new RenderMemo();
  private coreSkin: CoreSkin | null = null;
  readonly channel = new DevChannel(() => ({
    generation: this.generation,
    problems: this.problems,
  }));

  constructor(
    readonly id: string,
    private readonly tenantsDir: string,
    private readonly devDir: string,
    /** `dev --core`: the pages and the core's modules come from Vite's dev server (useCore). */
    private readonly coreMode = false,
  ) {}

  /** The bundle serving this tenant now (its last good build), or null before the first. */
  current(): PreviewSite | null {
    return this.site;
  }

  /** The dev channel, and the waiting page while there is no good build. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.channel.handle(req, res)) return true;
    const pathname = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
    if (
      this.site ||
      this.coreSkin ||
      pathname.startsWith(DEV_PATH) ||
      /\.[a-z0-9]+$/i.test(pathname)
    )
      return false;
    res.writeHead(503, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    });
    res.end(waitingPage(this.id));
    return true;
  }

  /** Validates and, when valid, builds into a new folder and switches to it. */
  async rebuild(): Promise<RebuildOutcome> {
    const started = performance.now();
    const loaded: LoadResult = await loadTenant(this.tenantsDir, this.id);
    // An invalid YAML keeps the inputs it had, so fixing an asset is seen too.
    this.inputs = [...new Set([...loaderInputs(this.tenantsDir, loaded), ...this.inputs])];
    if (!loaded.ok) {
      this.problems = loaded.problems;
      this.channel.broadcast();
      return { kind: "invalid", problems: loaded.problems };
    }
    this.inputs = loaderInputs(this.tenantsDir, loaded);
    if (this.coreMode) return this.reskin(loaded, started);
    const next = this.generation + 1;
    const out = resolve(this.devDir, this.id, String(next));
    const [result] = await buildTenants({
      tenantsDir: this.tenantsDir,
      outDir: out,
      ids: [this.id],
      loaded: [loaded],
      // What the open page needs, no more: pages and PDFs whose inputs did not change are
      // reused, nothing is precompressed, the core's files are linked, not copied.
      memo: this.memo,
      write: { precompress: false, linkCore: true },
    });
    if (!result?.ok || !result.outDir) {
      await rm(out, { recursive: true, force: true });
      if (result?.problems.length) {
        this.problems = result.problems;
        this.channel.broadcast();
        return { kind: "invalid", problems: result.problems };
      }
      return { kind: "failed", error: result?.error ?? "the build failed" };
    }
    const fingerprint = await bundleFingerprint(result.outDir);
    const hadProblems = this.problems.length > 0;
    this.problems = [];
    if (this.site && fingerprint === this.fingerprint) {
      await rm(out, { recursive: true, force: true });
      // Fixed back to what is shown: the overlay goes, the page stays.
      if (hadProblems) this.channel.broadcast();
      return { kind: "unchanged", ms: performance.now() - started };
    }
    await addDevScript(result.outDir, next);
    const manifest = JSON.parse(
      await readFile(join(result.outDir, MANIFEST_FILE), "utf8"),
    ) as BuildManifest;
    const site = bundleSite(result.outDir, {
      ...loaded.config,
      styleHashes: manifest.styleHashes,
    });
    const previous = this.folder;
    this.site = site;
    this.folder = out;
    this.fingerprint = fingerprint;
    this.config = loaded.config;
    this.generation = next;
    const pages = this.channel.broadcast();
    // The previous build may still be streaming a file to a page: removed a little later.
    if (previous)
      setTimeout(() => void rm(previous, { recursive: true, force: true }), 5000).unref();
    return { kind: "reloaded", ms: performance.now() - started, pages };
  }

  /**
   * `dev --core`: the tenant's skin only (theme CSS, settings, assets, documents), kept in
   * memory; the pages and the core's modules come from Vite's dev server. No bundle, no core
   * build, no prerender.
   */
  private async reskin(loaded: LoadResult & { ok: true }, started: number) {
    const { tenantSkin, tenantDocuments } = await import("../build/render.ts");
    const skin = await tenantSkin(this.id, loaded.config, loaded.assets, null);
    const files: TenantFiles = new Map([
      ...skin.files,
      ...(await tenantDocuments(loaded.config, skin, this.memo)),
    ]);
    const next = { skin, files };
    const fingerprint = skinFingerprint(next);
    const hadProblems = this.problems.length > 0;
    this.problems = [];
    if (this.coreSkin && fingerprint === this.fingerprint) {
      if (hadProblems) this.channel.broadcast();
      return { kind: "unchanged", ms: performance.now() - started } as const;
    }
    this.coreSkin = next;
    this.fingerprint = fingerprint;
    this.config = loaded.config;
    this.generation += 1;
    const pages = this.channel.broadcast();
    return { kind: "reloaded", ms: performance.now() - started, pages } as const;
  }

  /** The core's dev server (`dev --core`), once the preview's server it runs on listens. */
  useCore(core: CoreDevServer): void {
    this.core = core;
  }

  /**
   * `dev --core`: the tenant's files from memory, a page address as the core's index.html through
   * Vite with the tenant's settings and theme, the rest by Vite (false: not found).
   */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const core = this.core;
    const current = this.coreSkin;
    const config = this.config;
    if (!core || !current || !config) return false;
    const headers = previewHeaders(config);
    const file = current.files.get(pathname.slice(1));
    if (file !== undefined) {
      applyHeaders(res, headers(pathname));
      res.writeHead(200, { "Content-Type": contentTypeOf(pathname), "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : file);
      return true;
    }
    if (!isPageAddress(pathname)) {
      applyHeaders(res, headers(pathname));
      return core.serve(req, res);
    }
    const { skin } = current;
    const { language } = choosePage(skin.settings, req, pathname);
    const { pageTemplate, scriptSafeJson, styleElementText } = await import("../build/render.ts");
    const template = await pageTemplate();
    const html = template({
      lang: language,
      page: "",
      title: escapeHtml(config.tenantName),
      // For the developer's browser only: what a page says to search engines is the build's.
      meta: { description: "", noindex: false, tags: [] },
      appleTouchIcon: skin.images.appleTouchIcon,
      themeColor: config.theme.palette.primary,
      favicon: skin.favicon,
      faviconType: skin.faviconType,
      inlineCss: styleElementText(skin.themeCss),
      inlinedCssFiles: [],
      // The app's own entry, as Vite serves it; the app renders the page (nothing prerendered).
      boot: "src/main.tsx",
      modulePreload: [],
      hero: pathname === "/" ? skin.hero : undefined,
      fontPreloads: skin.fontPreloads,
      settingsJson: scriptSafeJson(skin.settings),
      root: "",
      noscript: "",
      loadFailed: { text: "", reload: "" },
    });
    const page = await core.page(req.url ?? "/", withDevScript(html, this.generation));
    applyHeaders(res, previewHeaders({ ...config, nonce: page.nonce })(pathname));
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : page.html);
    return true;
  }

  close(): void {
    this.channel.close();
  }
}
