// @vitest-environment node
/**
 * `storefront preview` answers an address that is no file as nginx does: with the app's page,
 * so a bib number with a dot is a search, not a missing file; only a missing asset is a 404.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PreviewServer, startPreview } from "../../../cli/preview/server.ts";

let dist: string;
let preview: PreviewServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preview-routes-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>MySport</title>");
  preview = await startPreview({ distDir: dist, port: 0, demo: { faceSearchDelayMs: 0 } });
});
afterAll(async () => {
  await preview.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("preview: app addresses by the route table", () => {
  it("answers a route whose parameter has a dot, or any missing non-asset, with the app; a missing asset with 404", async () => {
    for (const path of [
      "/search/1003/O.Brien",
      "/event/race.2025",
      "/order/A.1",
      "/logo.png",
      "/event/1003/photo.jpg",
    ]) {
      const res = await fetch(`${preview.url}${path}`);
      expect([path, res.status, await res.text()]).toEqual([
        path,
        200,
        "<!doctype html><title>MySport</title>",
      ]);
    }
    for (const path of ["/assets/index-000000.js", "/assets/nope"]) {
      expect([path, (await fetch(`${preview.url}${path}`)).status]).toEqual([path, 404]);
    }
  });
});
