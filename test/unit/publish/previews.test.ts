/**
 * Deploy previews on a real nginx (loopback): a tenant's next release published with
 * `--preview pr-7` is served only at pr-7--mysport.<domain> and only with the printed link
 * (nginx's secure_link; the token exchanged for a cookie of that host), every reply noindex,
 * each page with a robots meta and the "not live" banner in the tenant's language, while the
 * live host serves the old release byte for byte. `promote` then makes exactly the previewed
 * release live without uploading a byte; rollback works as before; expired previews are pruned.
 * The secret never leaves its mode-600 file on the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDefaultServerConf } from "../../../cli/build/deploy.ts";
import { previewLink } from "../../../cli/publish/preview.ts";
import {
  listPreviews,
  previewTenant,
  promoteTenant,
  prunePreviews,
} from "../../../cli/publish/previews.ts";
import { publishTenant, rollbackTenant } from "../../../cli/publish/publish.ts";
import { openTarget, type Target } from "../../../cli/publish/target.ts";
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from "../../../scripts/chromium.js";
import { planPort } from "../../ports.ts";
import { nginxMainConf } from "./load-client.ts";
import { buildVersions, type Version } from "./releases.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const ID = "mysport";
const DOMAIN = "preview.test";
const PREVIEW_HOST = `pr-7--${ID}.${DOMAIN}`;
const SECRET = "a".repeat(16) + "0123456789abcdef0123456789";
let work: string;
let www: string;
let prefix: string;
let port: number;
let nginx: ChildProcess | undefined;
let target: Target;
let versions: Record<string, Version>;
let liveHost: string;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET to the nginx under test with the Host (and cookie) a browser would send. */
function get(host: string, path: string, cookie = "", language = "ru"): Promise<Reply> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { Host: host, "Accept-Language": language };
    if (cookie) headers.Cookie = cookie;
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on("error", fail);
    req.end();
  });
}

const pageOf = async (v: Version, file = "_pages/ru/home.html") =>
  readFile(join(v.distDir, ID, file));

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: run scripts/ensure-debian.sh nginx`);
  work = await mkdtemp(join(tmpdir(), "storefront-previews-"));
  www = join(work, "www");
  prefix = join(work, "nginx");
  versions = await buildVersions(work, ID, {
    live: () => {},
    next: (doc) => doc.set("tenantName", "MySport Next"),
  });
  port = planPort("unitPreviewNginx");
  await mkdir(prefix, { recursive: true });
  const conf = join(prefix, "nginx.conf");
  // As docs/previews.md has it: the default server (no page for unknown hosts), the tenants'
  // blocks and their previews' blocks.
  await writeFile(
    join(prefix, "default.conf"),
    // (nginxMainConf sizes the variables' hash itself.)
    (await renderDefaultServerConf([`127.0.0.1:${port}`])).replace(
      /^\s*variables_hash_max_size .*$/m,
      "",
    ),
  );
  await writeFile(
    conf,
    nginxMainConf(
      prefix,
      `${join(prefix, "default.conf")};\n  include ${www}/*/nginx.conf;\n  include ${www}/*/previews/*.conf`,
    ),
  );
  const open = (reload: boolean) =>
    openTarget(www, {
      listen: [`127.0.0.1:${port}`],
      sshOptions: [],
      nginx: { binary: NGINX, conf, reload, test: true },
    });
  // The live release is up before nginx starts; then nginx, and a target that reloads it.
  const fresh = await open(false);
  const live = versions.live as Version;
  await publishTenant(
    { target: fresh, distDir: live.distDir, tenantsDir: live.tenantsDir, keep: 5, dryRun: false },
    ID,
  );
  await fresh.close();
  let log = "";
  nginx = spawn(NGINX, ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stderr?.on("data", (d) => (log += d));
  for (let i = 0; i < 200; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  target = await open(true);
  const yaml = await readFile(join(live.tenantsDir, `${ID}.yaml`), "utf8");
  liveHost = /host: ["']?([a-z0-9.-]+)/.exec(yaml)?.[1] ?? "";
}, 180_000);

afterAll(async () => {
  await target?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx?.once("exit", r));
    nginx.kill("SIGQUIT");
    await exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

const cookieOf = (reply: Reply) =>
  ([] as string[])
    .concat(reply.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");

describe("a deploy preview on nginx", () => {
  let link: URL;

  it("is uploaded and served at its own host, while the live host serves the old release byte for byte", async () => {
    const next = versions.next as Version;
    const result = await previewTenant(
      {
        target,
        distDir: next.distDir,
        tenantsDir: next.tenantsDir,
        name: "pr-7",
        domain: DOMAIN,
        expiresAt: Date.now() + 7 * 86_400_000,
        secret: SECRET,
        scheme: "http",
      },
      ID,
    );
    expect(result.status).toBe("previewed");
    link = new URL(result.url ?? "");
    // A second preview, of the live release: its link opens it, and not pr-7.
    const live = versions.live as Version;
    const other = await previewTenant(
      {
        target,
        distDir: live.distDir,
        tenantsDir: live.tenantsDir,
        name: "pr-8",
        domain: DOMAIN,
        expiresAt: Date.now() + 86_400_000,
        secret: SECRET,
        scheme: "http",
      },
      ID,
    );
    expect(other.status).toBe("previewed");
    expect(link.host).toBe(PREVIEW_HOST);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(liveHost).not.toBe("");
    const served = await get(liveHost, "/");
    expect(served.status).toBe(200);
    expect(served.body.equals(await pageOf(live))).toBe(true);
  });

  it("without the link's token: 403 and no page; a token of another host or an expired one: 403", async () => {
    for (const reply of [
      await get(PREVIEW_HOST, "/"),
      await get(PREVIEW_HOST, "/assets/"),
      await get(PREVIEW_HOST, `/?preview=forged&expires=${Math.floor(Date.now() / 1000) + 60}`),
      // The link of pr-7 does not open pr-8 (a preview of the same tenant).
      await get(`pr-8--${ID}.${DOMAIN}`, `${link.pathname}${link.search}`),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.toString()).not.toContain("MySport");
    }
    const expired = new URL(previewLink(SECRET, PREVIEW_HOST, Date.now() - 60_000, "http"));
    const refused = await get(PREVIEW_HOST, `${expired.pathname}${expired.search}`);
    expect(refused.status).toBe(403);
    expect(refused.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("the link is exchanged for a cookie of that host; with it, the new release with noindex and the banner", async () => {
    const enter = await get(PREVIEW_HOST, `/event/1003${link.search}`);
    expect(enter.status).toBe(302);
    expect(enter.headers.location).toBe("/event/1003");
    expect(enter.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const cookies = ([] as string[]).concat(enter.headers["set-cookie"] ?? []);
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = cookieOf(enter);

    const page = await get(PREVIEW_HOST, "/", cookie);
    expect(page.status).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const html = page.body.toString();
    expect(html).toContain("MySport Next");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(
      '<div class="storefront-preview" role="note" lang="ru">Превью pr-7 — ещё не опубликовано</div></body>',
    );
    // Without what nginx adds, the page is the new release's own file.
    const own = html
      .replace(/<meta name="robots" content="noindex, nofollow"><style>[^<]*<\/style>/, "")
      .replace(/<div class="storefront-preview"[^>]*>[^<]*<\/div>/, "");
    expect(own).toBe((await pageOf(versions.next as Version)).toString());
    // An English page gets the banner in English, whether the visitor chose it or the browser.
    const chosen = await get(PREVIEW_HOST, "/", `${cookie}; storefront_lang_mysport=en`);
    expect(chosen.body.toString()).toContain(">Preview pr-7 — not live</div>");
    const browser = await get(PREVIEW_HOST, "/", cookie, "en-US,en;q=0.9");
    expect(browser.body.toString()).toContain('<html lang="en"');
    expect(browser.body.toString()).toContain(">Preview pr-7 — not live</div>");
    // The live host still answers as before; the secret sits in its own file, mode 600.
    expect((await get(liveHost, "/")).body.equals(await pageOf(versions.live as Version))).toBe(
      true,
    );
    const secretFile = join(www, "preview-secret.conf");
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    const block = await readFile(join(www, ID, "previews", "pr-7.conf"), "utf8");
    expect(block).not.toContain(SECRET);
    expect(block).toContain(`include "${secretFile}";`);
  });

  it("in Chromium: the banner in a corner, outside the layout, and the cookie lets the visitor click through", async () => {
    const browser = await chromium.launch({
      executablePath: TEST_BROWSER_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const refused: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`http://${PREVIEW_HOST}:${port}/${link.search}`);
      expect(new URL(page.url()).search).toBe("");
      const banner = page.locator(".storefront-preview");
      // In the page's HTML itself: there once the navigation has loaded it.
      expect(await banner.textContent()).toBe("Превью pr-7 — ещё не опубликовано");
      const style = await banner.evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.position, s.pointerEvents];
      });
      expect(style).toEqual(["fixed", "none"]);
      await page.screenshot({ path: join(work, "..", "storefront-preview-banner.png") });
      await page.goto(`http://${PREVIEW_HOST}:${port}/contacts`);
      expect(await page.locator("h1").first().textContent()).toBeTruthy();
      expect(await banner.isVisible()).toBe(true);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("promote makes exactly the previewed release live, uploading nothing; rollback works as before", async () => {
    const releases = join(www, ID, "releases");
    const before = (await readdir(releases)).toSorted();
    const preview = (await listPreviews(target, ID)).find((p) => p.name === "pr-7");
    const result = await promoteTenant({ target, keep: 5, tenantsDir: "tenants" }, ID, "pr-7");
    expect(result.status).toBe("published");
    expect(result.release).toBe(preview?.release.name);
    expect(result.uploaded).toEqual({ objects: 0, bytes: 0 });
    expect((await readdir(releases)).toSorted()).toEqual(before);
    const live = await get(liveHost, "/");
    expect(live.body.equals(await pageOf(versions.next as Version))).toBe(true);
    expect(live.headers["x-robots-tag"]).toBeUndefined();
    expect(live.body.toString()).not.toContain("storefront-preview");
    const back = await rollbackTenant(target, ID, undefined, "tenants");
    expect(back.status).toBe("rolled-back");
    expect((await get(liveHost, "/")).body.equals(await pageOf(versions.live as Version))).toBe(
      true,
    );
  });

  it("--prune-previews takes expired previews off, never a release that is kept", async () => {
    // A closed pull request's preview goes at once (its release is the live one: kept).
    expect(await prunePreviews(target, ID, Date.now(), ["pr-8"])).toEqual({
      removed: ["pr-8"],
      releases: [],
    });
    expect((await listPreviews(target, ID)).map((p) => p.name)).toEqual(["pr-7"]);
    // A week later pr-7 has expired; its release was promoted, so it is kept.
    const after = Date.now() + 8 * 86_400_000;
    expect(await prunePreviews(target, ID, after)).toEqual({ removed: ["pr-7"], releases: [] });
    expect(await listPreviews(target, ID)).toEqual([]);
    // Its host is no server's now: the default server closes the connection, nothing served.
    await expect(get(PREVIEW_HOST, `/${link.search}`)).rejects.toThrow("socket hang up");
    expect((await get(liveHost, "/")).status).toBe(200);
  });
});
