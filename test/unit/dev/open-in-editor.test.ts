/**
 * `storefront dev --core` serves Vite's dev server, whose "open in editor" starts the engineer's
 * editor on any file the address names. A page of another site (an `<img>` pointing at
 * 127.0.0.1:4173) must not reach it: only a request the browser marks same-origin does, as the
 * links of Vite's error overlay on the dev page are.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type CoreDevServer, startCoreDev } from "../../../cli/dev/core-server.ts";

let work: string;
let server: Server;
let core: CoreDevServer;
let origin: string;
const launched = () => readFile(join(work, "launched"), "utf8").catch(() => "");

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-editor-"));
  // The "editor": writes the file it was asked to open.
  const editor = join(work, "editor.sh");
  await writeFile(editor, `#!/bin/sh\necho "$1" >> "${join(work, "launched")}"\n`);
  await chmod(editor, 0o755);
  process.env.LAUNCH_EDITOR = editor;
  server = createServer((req, res) => {
    core.serve(req, res).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  core = await startCoreDev(process.cwd(), server, () => null);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  delete process.env.LAUNCH_EDITOR;
  await core?.close();
  server?.close();
  await rm(work, { recursive: true, force: true });
});

it("refuses a cross-site or unmarked request to open a file in the editor, and opens it for the dev page", async () => {
  const ask = (file: string, site?: string) =>
    fetch(`${origin}/__open-in-editor?file=${encodeURIComponent(file)}`, {
      headers: site ? { "sec-fetch-site": site } : {},
    });
  for (const site of ["cross-site", "same-site", "none", undefined]) {
    const refused = await ask("package.json", site);
    expect(refused.status, String(site)).toBe(403);
  }
  const opened = await ask("README.md", "same-origin");
  expect(opened.status).toBe(200);
  // The editor ran for the dev page's request, and only for it.
  for (let i = 0; i < 200 && !(await launched()); i++) await new Promise((r) => setTimeout(r, 50));
  expect((await launched()).trim().split("\n")).toEqual([join(process.cwd(), "README.md")]);
}, 60_000);
