/**
 * Each brand installable, and found and shown when shared: over bundles built from tenants/, the
 * web app manifest's PNG icons (192, 512, maskable 512 opaque to its corners with the logo in the
 * 80 % safe circle) and the 180 px apple-touch-icon every page links; every prerendered page's
 * description and Open Graph / Twitter tags in its language with an absolute og:image (the
 * 1200×630 share card) on the tenant's host; the cart noindex. And a tenant's logo that cannot be
 * drawn, or is huge, fails its build naming the file, in bounded time.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import type { BuildManifest } from "../../../cli/build/manifest.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import type { TenantConfig } from "../../../cli/config/schema.ts";
import { PAGE_PATHS, type PageKind } from "../../../storefront/src/domain/pages.ts";
import { TENANT_IDS } from "../fixtures/tenants.ts";
import { pngSize, readPng } from "./png.ts";

let work: string;
let outDir: string;
const configs = new Map<string, TenantConfig>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-brand-images-"));
  outDir = join(work, "dist");
  const results = await buildTenants({ tenantsDir: "tenants", outDir, ids: [] });
  expect(results.map((r) => [r.id, r.ok, r.error])).toEqual(
    TENANT_IDS.map((id) => [id, true, undefined]),
  );
  for (const id of TENANT_IDS) {
    const loaded = await loadTenant("tenants", id);
    if (!loaded.ok) throw new Error(`tenants/${id}.yaml is invalid`);
    configs.set(id, loaded.config);
  }
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const bundleFile = (id: string, path: string) =>
  readFile(join(outDir, id, path.replace(/^\//, "")));
const manifestOf = async (id: string) =>
  JSON.parse(String(await bundleFile(id, "build-manifest.json"))) as BuildManifest;

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe("each brand installable", () => {
  it.each(TENANT_IDS)(
    "%s: the web app manifest names the brand, its colours and PNG icons",
    async (id) => {
      const config = configs.get(id) as TenantConfig;
      const web = JSON.parse(String(await bundleFile(id, "manifest.webmanifest")));
      expect(web).toMatchObject({
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        name: config.tenantName,
        lang: config.languages.default,
        dir: "ltr",
        theme_color: config.theme.palette.primary,
        background_color: config.theme.palette.background,
      });
      expect([...web.short_name].length).toBeLessThanOrEqual(12);
      expect(config.tenantName.startsWith(web.short_name)).toBe(true);
      // The description is a sentence in the default language naming the brand.
      expect(web.description).toContain(config.tenantName);
      expect(/[а-яё]/i.test(web.description)).toBe(config.languages.default === "ru");

      const icons = web.icons as Icon[];
      expect(icons.map((i) => [i.sizes, i.type, i.purpose])).toEqual([
        ["192x192", "image/png", "any"],
        ["512x512", "image/png", "any"],
        ["512x512", "image/png", "maskable"],
      ]);
      // Content-hashed like the other assets, and listed in the build manifest.
      const listed = new Set((await manifestOf(id)).files.map((f) => f.path));
      for (const icon of icons) {
        expect(icon.src).toMatch(/^\/assets\/[a-z0-9-]+-[0-9a-f]{10}\.png$/);
        expect(listed.has(icon.src.slice(1))).toBe(true);
        const size = Number(icon.sizes.split("x")[0]);
        expect(pngSize(await bundleFile(id, icon.src))).toEqual({ width: size, height: size });
      }
    },
  );

  it.each(TENANT_IDS)(
    "%s: the maskable icon is opaque, the logo inside the safe circle (0.8 of the diameter)",
    async (id) => {
      const web = JSON.parse(String(await bundleFile(id, "manifest.webmanifest")));
      const maskable = (web.icons as Icon[]).find((i) => i.purpose === "maskable") as Icon;
      const png = readPng(await bundleFile(id, maskable.src));
      const ground = png.pixel(0, 0);
      // Opaque at its corners and edges: a launcher's mask may show any of it.
      for (const [x, y] of [
        [0, 0],
        [511, 0],
        [0, 511],
        [511, 511],
        [256, 0],
        [0, 256],
      ] as const) {
        expect(png.pixel(x, y)[3], `alpha at ${x},${y}`).toBe(255);
        expect(png.pixel(x, y)).toEqual(ground);
      }
      // Everything outside the central circle of 80 % of the diameter is the plain ground: the
      // logo is all inside the safe zone; and it is there (some pixel inside differs).
      let insideDiffers = false;
      for (let y = 0; y < 512; y += 2) {
        for (let x = 0; x < 512; x += 2) {
          const differs = png.pixel(x, y).some((v, i) => v !== ground[i]);
          const r = Math.hypot(x + 0.5 - 256, y + 0.5 - 256);
          if (r > 0.4 * 512) expect(differs, `pixel ${x},${y} outside the safe zone`).toBe(false);
          else insideDiffers ||= differs;
        }
      }
      expect(insideDiffers).toBe(true);
    },
  );

  it.each(TENANT_IDS)("%s: every page links a 180×180 opaque apple-touch-icon", async (id) => {
    const files = (await manifestOf(id)).files.map((f) => f.path);
    const pages = files.filter((f) => f.endsWith(".html"));
    const links = new Set<string>();
    for (const file of pages) {
      const head = headOf(String(await bundleFile(id, file)));
      const link = head.links.find((l) => l.rel === "apple-touch-icon");
      expect(link?.href, file).toMatch(/^\/assets\/apple-touch-icon-[0-9a-f]{10}\.png$/);
      links.add(link?.href ?? "");
    }
    expect(links.size).toBe(1);
    const png = readPng(await bundleFile(id, [...links][0] as string));
    expect([png.width, png.height]).toEqual([180, 180]);
    for (const [x, y] of [
      [0, 0],
      [179, 0],
      [0, 179],
      [179, 179],
    ] as const) {
      expect(png.pixel(x, y)[3]).toBe(255);
    }
  });
});

interface Head {
  lang: string;
  title: string;
  metas: { name?: string; property?: string; content?: string }[];
  links: { rel?: string; href?: string }[];
}

function headOf(html: string): Head {
  const doc = parse(html);
  const htmlEl = doc.childNodes.find((n): n is T.Element => n.nodeName === "html") as T.Element;
  const head = htmlEl.childNodes.find((n): n is T.Element => n.nodeName === "head") as T.Element;
  const attrs = (el: T.Element) => Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
  const elements = head.childNodes.filter((n): n is T.Element => "tagName" in n);
  const title = elements.find((e) => e.tagName === "title");
  return {
    lang: attrs(htmlEl).lang ?? "",
    title: title?.childNodes.map((n) => ("value" in n ? n.value : "")).join("") ?? "",
    metas: elements.filter((e) => e.tagName === "meta").map(attrs),
    links: elements.filter((e) => e.tagName === "link").map(attrs),
  };
}

const OG_LOCALE = { ru: "ru_RU", en: "en_US", es: "es_ES" } as const;

describe("found, and shown when shared", () => {
  it.each(TENANT_IDS)(
    "%s: every page's description and Open Graph tags, in its language",
    async (id) => {
      const config = configs.get(id) as TenantConfig;
      const files = (await manifestOf(id)).files.map((f) => f.path);
      const pages = files.filter((f) => /^_pages\/(ru|en|es)\/[a-z-]+\.html$/.test(f));
      expect(pages.length).toBeGreaterThanOrEqual(config.languages.available.length * 4);
      const descriptions = new Map<string, string>();
      for (const file of pages) {
        const [, language, kind] = /^_pages\/(ru|en|es)\/([a-z-]+)\.html$/.exec(file) as string[];
        const head = headOf(String(await bundleFile(id, file)));
        const meta = (key: string) =>
          head.metas.filter((m) => m.name === key || m.property === key).map((m) => m.content);
        expect(head.lang).toBe(language);

        const [description] = meta("description");
        expect(description, file).toContain(config.tenantName);
        expect(description?.length ?? 0).toBeGreaterThan(50);
        expect(/[а-яё]/i.test(description ?? ""), file).toBe(language === "ru");
        descriptions.set(`${language}/${kind}`, description ?? "");

        expect(meta("og:title"), file).toEqual([head.title]);
        expect(meta("og:description")).toEqual([description]);
        expect(meta("og:type")).toEqual(["website"]);
        expect(meta("og:site_name")).toEqual([config.tenantName]);
        expect(meta("og:locale")).toEqual([OG_LOCALE[language as keyof typeof OG_LOCALE]]);
        expect(meta("twitter:card")).toEqual(["summary_large_image"]);

        // The share card by an absolute https address on the tenant's own host: the host that
        // forces this language where there is one.
        const host =
          config.hosts.find((h) => h.language === language) ??
          config.hosts.find((h) => !h.language);
        const origin = `https://${host?.host}`;
        const [image] = meta("og:image");
        expect(image, file).toMatch(
          new RegExp(`^${origin.replace(/\./g, "\\.")}/assets/share-card-[0-9a-f]{10}\\.png$`),
        );
        const card = await bundleFile(id, new URL(image as string).pathname);
        expect(pngSize(card)).toEqual({ width: 1200, height: 630 });
        expect(meta("og:image:width")).toEqual(["1200"]);
        expect(meta("og:image:height")).toEqual(["630"]);
        // A full page's own address; a shell answers many (every event) and names none.
        const url = meta("og:url");
        if (kind === "shell" || kind === "cart-shell") expect(url).toEqual([]);
        else expect(url).toEqual([`${origin}${PAGE_PATHS[kind as PageKind]}`]);

        // The cart is one visitor's: never indexed. Every other page is.
        expect(meta("robots"), file).toEqual(kind === "cart-shell" ? ["noindex"] : []);
      }
      // A real sentence per page kind: no two kinds share one, nor two languages.
      expect(new Set(descriptions.values()).size).toBe(descriptions.size);
    },
  );

  it("a tenant with no host a visitor can reach gets no og:image or og:url, and a build warning", async () => {
    const tenantsDir = join(work, "no-host");
    await cp("tenants", tenantsDir, { recursive: true });
    const yaml = await readFile(join(tenantsDir, "timerman.yaml"), "utf8");
    const hosts = /^hosts:\n(?: {2}.*\n)+/m;
    expect(yaml).toMatch(hosts);
    await writeFile(
      join(tenantsDir, "timerman.yaml"),
      yaml.replace(hosts, "hosts:\n  - host: localhost:8080\n"),
    );
    const [result] = await buildTenants({
      tenantsDir,
      outDir: join(work, "no-host-dist"),
      ids: ["timerman"],
    });
    expect(result?.ok).toBe(true);
    expect(result?.warnings?.join("\n")).toMatch(/no host a visitor can reach.*no og:image/);
    const html = await readFile(
      join(work, "no-host-dist", "timerman", "_pages", "ru", "contacts.html"),
      "utf8",
    );
    const head = headOf(html);
    const keys = head.metas.map((m) => m.property ?? m.name);
    expect(keys).toContain("og:title");
    expect(keys).not.toContain("og:image");
    expect(keys).not.toContain("og:url");
    expect(html).not.toMatch(/content="\/assets\/share-card/);
  }, 120_000);
});

describe("a logo that cannot be drawn", () => {
  /** One tenant, mysport, whose small logo is `bytes` saved as `name` (and `also` other fields). */
  async function buildWithLogo(
    name: string,
    bytes: string | Uint8Array,
    env: Record<string, string> = {},
    also: { field: "logo" | "favicon"; name: string }[] = [],
  ) {
    const tenantsDir = await mkdtemp(join(work, "hostile-"));
    await cp("tenants/mysport", join(tenantsDir, "mysport"), { recursive: true });
    await writeFile(join(tenantsDir, "mysport", name), bytes);
    let yaml = (await readFile("tenants/mysport.yaml", "utf8")).replace(
      "logoSmall: mysport/logo-small.svg",
      `logoSmall: mysport/${name}`,
    );
    for (const other of also) {
      yaml = yaml.replace(
        new RegExp(`^  ${other.field}: .*$`, "m"),
        `  ${other.field}: mysport/${other.name}`,
      );
    }
    await writeFile(join(tenantsDir, "mysport.yaml"), yaml);
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const started = performance.now();
    try {
      const [result] = await buildTenants({
        tenantsDir,
        outDir: join(tenantsDir, "dist"),
        ids: ["mysport"],
      });
      return { result, ms: performance.now() - started };
    } finally {
      process.env = saved;
    }
  }

  it("a PNG logo of 100000×100000 pixels is refused before it is decoded, naming the file", async () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), 8 + data.length);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.alloc(4096))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const { result } = await buildWithLogo("huge.png", png);
    expect(result?.ok).toBe(false);
    expect(result?.error).toBe(
      "mysport/huge.png: the logo is 100000×100000 pixels; the app icons are drawn from a logo of at most 4096×4096",
    );
  }, 120_000);

  it("an SVG logo that takes too long to draw fails the build at the time limit, naming the file", async () => {
    // 3,000 full-size shapes, each through a 10-octave turbulence filter: the loader's SVG
    // policy allows every element of it, and drawing it takes minutes.
    const shapes = '<rect width="40" height="40" filter="url(#f)" opacity="0.5"/>'.repeat(3000);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><defs><filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter></defs>${shapes}</svg>`;
    const { result, ms } = await buildWithLogo("slow.svg", svg, {
      STOREFRONT_RASTER_TIMEOUT_MS: "2000",
    });
    expect(result?.ok).toBe(false);
    expect(result?.error).toBe(
      "mysport/slow.svg: drawing the logo into the app icons took more than 2 s; simplify it (fewer shapes, filters or nested <use>)",
    );
    expect(ms).toBeLessThan(30_000);
  }, 120_000);

  it("an SVG logo of nested <use> (a billion shapes) is refused by the renderer, naming the file", async () => {
    const levels = ['<path id="l0" d="M0 0h1v1z"/>'];
    for (let i = 1; i < 10; i++)
      levels.push(`<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(10)}</g>`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><defs>${levels.join("")}</defs><use href="#l9"/></svg>`;
    const { result } = await buildWithLogo("bomb.svg", svg);
    expect(result?.ok).toBe(false);
    expect(result?.error).toMatch(/^mysport\/bomb\.svg: the logo cannot be drawn: /);
  }, 120_000);

  it("a WebP logo is replaced by the next drawable one; with none, the build says which to give", async () => {
    // A WebP the loader accepts (its signature) but resvg cannot decode.
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([24, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(16),
    ]);
    const drawn = await buildWithLogo("mark.webp", webp);
    expect(drawn.result?.error).toBeUndefined();
    expect(drawn.result?.ok).toBe(true);
    const none = await buildWithLogo("mark.webp", webp, {}, [
      { field: "logo", name: "mark.webp" },
      { field: "favicon", name: "mark.webp" },
    ]);
    expect(none.result?.ok).toBe(false);
    expect(none.result?.error).toBe(
      "mysport/mark.webp: the app icons and share card are drawn from theme.logoSmall, theme.logo or theme.favicon, and none is an SVG or PNG (WebP and ICO cannot be drawn); give one of them as SVG or PNG",
    );
  }, 120_000);
});
