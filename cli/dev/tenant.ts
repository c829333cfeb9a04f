/**
 * One tenant in `storefront dev`: its last good build, the problems of its YAML if it is
 * invalid now, and its open pages. A rebuild goes to a new folder (`buildTenants`, the same
 * public build `storefront build` runs, into <out-dir>/.dev/<id>/<n>/); only when that folder
 * is complete does the tenant switch to it and tell its pages to reload, so a page never loads
 * a half-written bundle. A build whose files equal the current one's (the manifest's hashes)
 * is dropped and reloads nothing.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { buildTenants } from "../build/build.ts";
import { type BuildManifest, MANIFEST_FILE } from "../build/manifest.ts";
import { type ConfigProblem, type LoadResult, loadTenant } from "../config/load.ts";
import type { TenantConfig } from "../config/schema.ts";
import { bundleSite, type PreviewSite } from "../preview/hook.ts";
import { DEV_PATH, DevChannel, devScriptTag } from "./channel.ts";
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
  readonly channel = new DevChannel(() => ({
    generation: this.generation,
    problems: this.problems,
  }));

  constructor(
    readonly id: string,
    private readonly tenantsDir: string,
    private readonly devDir: string,
  ) {}

  /** The bundle serving this tenant now (its last good build), or null before the first. */
  current(): PreviewSite | null {
    return this.site;
  }

  /** The dev channel, and the waiting page while there is no good build. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.channel.handle(req, res)) return true;
    const pathname = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
    if (this.site || pathname.startsWith(DEV_PATH) || /\.[a-z0-9]+$/i.test(pathname)) return false;
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
    const next = this.generation + 1;
    const out = resolve(this.devDir, this.id, String(next));
    const [result] = await buildTenants({
      tenantsDir: this.tenantsDir,
      outDir: out,
      ids: [this.id],
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

  close(): void {
    this.channel.close();
  }
}
