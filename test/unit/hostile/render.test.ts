/**
 * Hostile tenant text through the real load and render steps: whatever a
 * tenant's YAML says in its free-text fields, the built index.html has exactly the elements,
 * attributes and scripts of a clean build, its title shows the text as text, and the settings
 * block parses back to exactly the values written in the YAML.
 *
 * The real core build (cached by its inputs) renders the pages, so the hostile text also goes
 * through the prerender of every page in every language.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { type ParserError, parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { buildCore, type CoreBuild } from "../../../cli/build/core.ts";
import { renderDeployFiles } from "../../../cli/build/deploy.ts";
import { renderTenant } from "../../../cli/build/render.ts";
import { type LoadResult, loadTenant } from "../../../cli/config/load.ts";
import { hostileText, hostileUrl } from "./payloads.ts";

let CORE: CoreBuild;

type Json = Record<string, unknown>;

/** mysport with every optional free-text field present (a back link, a back URL). */
function cleanConfig(): Json {
  const config = YAML.parse(readFileSync("tenants/mysport.yaml", "utf8")) as Json;
  (config.appBar as Json).backLink = {
    url: "https://mysport.example/",
    label: { ru: "Назад", en: "Back", es: "Volver" },
  };
  config.backURL = "https://mysport.example/home";
  (config.auth as Json).authority = "https://id.mysport.example/auth";
  config.api = { origin: "https://api.mysport.example" };
  return config;
}

const fontName = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/),
  fc.stringMatching(/^'[A-Za-z0-9 ,"-]{0,12}'$/),
  fc.stringMatching(/^"[A-Za-z0-9 ,'-]{0,12}"$/),
);
const fontList = fc.array(fontName, { minLength: 1, maxLength: 4 }).map((a) => a.join(", "));

/** Every field whose text a tenant writes freely, by path, with what may go in it. */
const TEXT_FIELDS: [path: (string | number)[], value: fc.Arbitrary<string>][] = [
  [["tenantName"], hostileText(60)],
  [["appBar", "backLink", "label", "ru"], hostileText()],
  [["appBar", "backLink", "label", "en"], hostileText()],
  [["appBar", "backLink", "label", "es"], hostileText()],
  [["appBar", "backLink", "url"], hostileUrl("mysport.example")],
  [["backURL"], hostileUrl("mysport.example")],
  [["footer", "copyright", "holder"], hostileText()],
  [["auth", "realm"], hostileText()],
  [["auth", "clientId"], hostileText()],
  // These two reach the CSP, so the schema holds them to plain https origins.
  [["auth", "authority"], fc.domain().map((d) => `https://${d}/auth/realms/x`)],
  [["api", "origin"], fc.domain().map((d) => `https://${d}`)],
  [["social", 0, "url"], hostileUrl("vk.com")],
  [["social", 1, "url"], hostileUrl("t.me")],
  [["support", "email"], fc.constantFrom("o'brien@mysport.example", "a+b_c-d@x.mysport.example")],
  // Quotes are allowed in a font list; an unbalanced one must not reach the stylesheet.
  [
    ["theme", "typography", "fontFamily"],
    fc.oneof(fontList, fc.stringMatching(/^[ ,'"a-z-]{1,20}$/)),
  ],
];

/** Sets a value at a path; a path the target does not have (theme tokens in settings) is left. */
function setAt(target: Json, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string | number, unknown>;
  if (node) node[path.at(-1)!] = value;
}

const hostileEdits = fc.tuple(...TEXT_FIELDS.map(([, arb]) => fc.option(arb, { freq: 4 })));

// --- the built page, reduced to what must not change -------------------------------------

type Node = T.Node;
const isElement = (n: Node): n is T.Element => "tagName" in n;
const isText = (n: Node): n is T.TextNode => n.nodeName === "#text";

interface Page {
  /** Every node in document order: elements with all attributes, texts, comments. */
  skeleton: string[];
  scripts: string[];
  title: string;
  settings: string;
  noscript: string;
  /** The text of each <style> element (the inline theme and first-screen CSS). */
  styles: string[];
  /** The content of each description, Open Graph and Twitter <meta>, by its name or property. */
  metas: Record<string, string>;
  /** The alt text of the logo in the app bar shown before the app starts (the brand name). */
  /** The text of the prerendered home page's heading: the brand name. */
  h1: string;
  errors: string[];
}

function readPage(html: string): Page {
  const errors: string[] = [];
  const doc = parse(html, { onParseError: (e: ParserError) => errors.push(e.code) });
  const page: Page = {
    skeleton: [],
    scripts: [],
    title: "",
    settings: "",
    noscript: "",
    styles: [],
    metas: {},
    h1: "",
    errors,
  };
  // The prerendered app (#root) shows tenant text in its text and in attributes (aria-label):
  // there the shape is the elements and their attribute names; its h1 is checked on its own.
  const walk = (node: Node, parent: T.Element | null, inRoot = false) => {
    const isRoot = isElement(node) && node.attrs.some((a) => a.name === "id" && a.value === "root");
    if (inRoot) {
      if (isElement(node)) {
        page.skeleton.push(`<${node.tagName} ${node.attrs.map((a) => a.name).join(" ")}>`);
        if (node.tagName === "script") page.scripts.push("(in #root)");
      } else if (isText(node) && parent?.tagName === "h1") {
        page.h1 += node.value;
      }
      if ("childNodes" in node) {
        for (const child of node.childNodes) walk(child, isElement(node) ? node : parent, true);
      }
      return;
    }
    // A page's description and share tags carry the brand name in their content: there the
    // shape is the tag and its key; the content is checked on its own.
    const key = isElement(node) && node.tagName === "meta" ? metaKey(node) : undefined;
    if (isElement(node) && key) {
      page.metas[key] = node.attrs.find((a) => a.name === "content")?.value ?? "";
      page.skeleton.push(
        `<meta ${node.attrs.map((a) => (a.name === "content" ? a.name : `${a.name}=${JSON.stringify(a.value)}`)).join(" ")}>`,
      );
    } else if (isElement(node)) {
      const attrs = node.attrs.map((a) => `${a.name}=${JSON.stringify(a.value)}`).join(" ");
      page.skeleton.push(`<${node.tagName} ${attrs}>`);
      if (node.tagName === "script") page.scripts.push(attrs);
    } else if (isText(node)) {
      const text = node.value;
      const inSettings = parent?.attrs.some(
        (a) => a.name === "id" && a.value === "tenant-settings",
      );
      if (parent?.tagName === "title") page.title += text;
      else if (parent?.tagName === "script" && inSettings) page.settings += text;
      else if (parent?.tagName === "noscript") page.noscript += text;
      else if (parent?.tagName === "style") page.styles.push(text);
      else page.skeleton.push(`#text ${JSON.stringify(text)}`);
    } else if (node.nodeName === "#comment") {
      page.skeleton.push(`#comment ${JSON.stringify((node as T.CommentNode).data)}`);
    }
    if ("childNodes" in node) {
      for (const child of node.childNodes) walk(child, isElement(node) ? node : parent, isRoot);
    }
  };
  walk(doc, null);
  return page;
}

/** The name or property of a description, Open Graph or Twitter card <meta>. */
function metaKey(el: T.Element): string | undefined {
  const key = el.attrs.find((a) => a.name === "name" || a.name === "property")?.value;
  return key && /^(description|og:.*|twitter:.*)$/.test(key) ? key : undefined;
}

/** Text as an HTML parser hands it back from a title (input stream preprocessing, §13.2.3.5). */
const asHtmlText = (s: string) => s.replace(/\r\n?/g, "\n").replaceAll("\u0000", "\ufffd");

/** A font list as Sass writes it: runs of spaces outside quotes become one. */
const asCss = (font: string) =>
  font
    .split(/('[^']*'|"[^"]*")/)
    .map((part, i) => (i % 2 ? part : part.replace(/ +/g, " ")))
    .join("")
    .trim();

/** Parse errors about single characters in text, which change nothing in the tree. */
const CHARACTER_ERRORS = new Set([
  "control-character-in-input-stream",
  "noncharacter-in-input-stream",
  "unexpected-null-character",
]);

// --- the property -----------------------------------------------------------------------

let root: string;
let tenantsDir: string;
let seq = 0;

/** Loads one case, the only tenant of its folder (a host belongs to one tenant). */
async function load(config: Json): Promise<LoadResult> {
  const id = `hostile-${seq++}`;
  const file = join(tenantsDir, `${id}.yaml`);
  writeFileSync(file, YAML.stringify(config, { defaultStringType: "QUOTE_DOUBLE", lineWidth: 0 }));
  return loadTenant(tenantsDir, id).finally(() => rmSync(file));
}

/** Fields whose allowed characters are limited: the loader may refuse a generated value. */
const LIMITED = new Set(["theme.typography.fontFamily"]);

async function build(config: Json) {
  const loaded = await load(config);
  if (!loaded.ok) {
    // Refused by the loader's own rules, with its own problem lines: fine, nothing is built.
    for (const p of loaded.problems) {
      expect(LIMITED.has(p.path), `${p.path} ${p.message}`).toBe(true);
      expect(p.message).toMatch(/^expected /);
    }
    return null;
  }
  const { files, styleHashes } = await renderTenant(loaded.id, loaded.config, loaded.assets, CORE);
  const deploy = await renderDeployFiles(loaded.id, { ...loaded.config, styleHashes });
  const html = String(files.get("index.html"));
  return { loaded, files, deploy, html, page: readPage(html) };
}

/** The id differs from case to case by design; everything else is compared as is. */
const withoutId = (settings: Json) => ({ ...settings, id: "(id)" });

let clean: NonNullable<Awaited<ReturnType<typeof build>>>;
let cleanSettings: Json;

beforeAll(async () => {
  CORE = await buildCore();
  root = mkdtempSync(join(tmpdir(), "storefront-hostile-"));
  tenantsDir = join(root, "tenants");
  mkdirSync(tenantsDir);
  cpSync("tenants/mysport", join(tenantsDir, "mysport"), { recursive: true });
  const built = await build(cleanConfig());
  if (!built) throw new Error("the clean config is refused");
  clean = built;
  cleanSettings = JSON.parse(clean.page.settings) as Json;
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("hostile text in a tenant's YAML", () => {
  it("the clean build is what the template says", () => {
    expect(clean.page.scripts).toEqual([
      expect.stringMatching(/^type="module" src="\/assets\/boot-[0-9a-f]{10}\.js"$/),
      `type="application/json" id="tenant-settings"`,
    ]);
    expect(clean.page.title).toBe("MySport");
    expect(clean.page.errors).toEqual([]);
    expect(cleanSettings).toMatchObject({ id: clean.loaded.id, tenantName: "MySport" });
  });

  it("renders as text: same elements and scripts, title as written, settings round-trip", async () => {
    await fc.assert(
      fc.asyncProperty(hostileEdits, async (values) => {
        const config = cleanConfig();
        const expected = structuredClone(cleanSettings);
        TEXT_FIELDS.forEach(([path], i) => {
          const value = values[i];
          if (value === null || value === undefined) return;
          setAt(config, path, value);
          setAt(expected, path, value);
        });
        const built = await build(config);
        if (!built) return;
        const { page } = built;

        // Not one element, attribute or script more or less than the clean page has.
        expect(page.scripts).toEqual(clean.page.scripts);
        expect(page.skeleton).toEqual(clean.page.skeleton);
        expect(page.noscript).toBe(clean.page.noscript);
        expect(page.errors.filter((e) => !CHARACTER_ERRORS.has(e))).toEqual([]);

        // The title is the brand name as written, and the settings exactly what YAML said.
        expect(page.title).toBe(asHtmlText(String(config.tenantName)));
        // The share tags name the brand as written, and title it as the page does.
        expect(page.metas["og:site_name"]).toBe(asHtmlText(String(config.tenantName)));
        expect(page.metas["og:title"]).toBe(page.title);
        expect(page.metas.description).toContain(asHtmlText(String(config.tenantName)));
        // In body text an HTML parser drops a NUL instead of replacing it (§13.2.5.1).
        expect(page.h1).toBe(asHtmlText(String(config.tenantName)).replaceAll("\ufffd", ""));
        const settings = JSON.parse(page.settings) as Json;
        expect(withoutId(settings)).toEqual(withoutId(expected));
        expect(settings.id).toBe(built.loaded.id);

        // The web app manifest is JSON with the same name; policy and deploy files are made.
        const manifest = JSON.parse(String(built.files.get("manifest.webmanifest"))) as Json;
        expect(manifest.name).toBe(config.tenantName);
        expect(built.files.get("policy.pdf")).toBeInstanceOf(Uint8Array);
        expect(built.deploy.size).toBeGreaterThan(0);
        // The theme is the page's inline style: the font list is in it as CSS reads it (its
        // "</" escaped, so no font name can end the element), and the CSP allows that text.
        const font = (config.theme as { typography: { fontFamily: string } }).typography.fontFamily;
        expect(page.styles).toHaveLength(1);
        const style = String(page.styles[0]);
        const written = /--font-family:([^;]*);--font-size-base:/.exec(
          style.replaceAll("<\\/", "</"),
        );
        expect(written?.[1]?.trim()).toBe(asCss(font));
        const csp = String(built.deploy.get("_headers"));
        const hash = createHash("sha256").update(style, "utf8").digest("base64");
        expect(csp).toContain(`'sha256-${hash}'`);
      }),
      { numRuns: 120 },
    );
    // The work is bounded by the 120 runs; the time limit only turns a hang into a failure, so it
    // sits far above what a busy two-core machine needs (each run renders a tenant and its PDFs).
  }, 600_000);
});
