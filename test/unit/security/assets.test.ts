/**
 * The build ships the bytes the loader checked (a file swapped after
 * validation never reaches the bundle), assets have size limits named in the error, and
 * SVGs with script, handlers, javascript: or external references are refused.
 */
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCore, type CoreBuild } from "../../../cli/build/core.ts";
import { renderTenant } from "../../../cli/build/render.ts";
import { formatProblem, loadTenant } from "../../../cli/config/load.ts";
import { svgProblem } from "../../../cli/config/svg-policy.ts";
import { makeScratch, mutate, type Scratch } from "../config/fixture.ts";

/** Bytes the loader read from each file, by path: through an open handle or whole. */
const bytesRead = new Map<string, number>();
const counted = (path: unknown, n: number) =>
  bytesRead.set(String(path), (bytesRead.get(String(path)) ?? 0) + n);

// The real file system, with every read counted: "never reads it whole" is a number of bytes,
// which does not depend on how busy the machine is.
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof fs.open = async (path, ...rest) => {
    const handle = await fs.open(path, ...rest);
    const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
    Object.assign(handle, {
      read: async (...a: unknown[]) => {
        const result = await read(...a);
        counted(path, result.bytesRead);
        return result;
      },
    });
    return handle;
  };
  const readFile = (async (path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    const data = await (fs.readFile as (...a: unknown[]) => Promise<string | Buffer>)(
      path,
      ...rest,
    );
    counted(path, Buffer.byteLength(data));
    return data;
  }) as typeof fs.readFile;
  return { ...fs, default: { ...fs, open, readFile }, open, readFile };
});

// The real core (cached by its inputs): rendering prerenders every page with it.
let CORE: CoreBuild;
beforeAll(async () => {
  CORE = await buildCore();
}, 180_000);

const svg = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

/** SVGs a browser would run script from or fetch something for, in several spellings. */
const HOSTILE_SVGS: [string, string][] = [
  ["script", svg("<script>alert(1)</script>")],
  ["script, upper case", svg("<SCRIPT>alert(1)</SCRIPT>")],
  ["onload", svg("", ' onload="alert(1)"')],
  ["onclick on a shape", svg('<rect onclick = "x()" width="1" height="1"/>')],
  ["javascript: link", svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')],
  ["javascript: with references", svg('<a xlink:href="&#106;ava&#x73;cript:alert(1)"><rect/></a>')],
  ["external href", svg('<use href="https://evil.example/x.svg#a"/>')],
  ["protocol-relative xlink:href", svg("<image xlink:href='//evil.example/x.png'/>")],
  ["data: href", svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
  ["foreignObject", svg("<foreignObject><div>x</div></foreignObject>")],
  ["external url()", svg('<rect style="fill:url(https://evil.example/p)" width="1" height="1"/>')],
  ["external url() in <style>", svg("<style>rect{fill:url('//evil.example/p')}</style>")],
  ["@import", svg("<style>@import 'https://evil.example/x.css';</style>")],
  ["xml-stylesheet", `<?xml-stylesheet href="https://evil.example/x.css"?>${svg("")}`],
  ["DOCTYPE with entities", `<!DOCTYPE svg [<!ENTITY x "y">]>${svg("&x;")}`],
  ["animation rewriting href", svg('<a><set attributeName="href" to="#x"/></a>')],
  ["iframe", svg("<iframe src='https://evil.example'></iframe>")],
  [
    "href under another xlink prefix",
    svg('<use xmlns:x="http://www.w3.org/1999/xlink" x:href="https://evil.example/a.svg#a"/>'),
  ],
  ["CSS escape hiding url()", svg('<rect style="fill:\\75 rl(https://evil.example/p)"/>')],
  ["CSS image-set()", svg("<style>rect{fill:image-set('https://evil.example/p' 1x)}</style>")],
  ["@font-face", svg("<style>@font-face{font-family:x;src:local(x)}</style>")],
  ["not an SVG at all", "root:x:0:0:root:/root:/bin/bash\n"],
];

describe("svgProblem", () => {
  it.each(HOSTILE_SVGS)("refuses %s, naming the line", (_name, text) => {
    expect(svgProblem(Buffer.from(text))?.line).toBeGreaterThanOrEqual(1);
  });

  it("refuses bytes that are not UTF-8", () => {
    expect(
      svgProblem(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e]))?.message,
    ).toMatch(/UTF-8/);
  });

  it("passes clean logos: shapes, text, gradients, in-file references", () => {
    const clean = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect fill="url(#g)" width="10" height="10"/><use href="#g"/><use xlink:href="#g"/>' +
        '<text font-family="Arial" role="img" aria-label="Run on time">On the run</text>',
    );
    expect(svgProblem(Buffer.from(clean))).toBeNull();
  });
});

describe("assets through the loader and the renderer", () => {
  let scratch: Scratch;
  const assetsDir = () => join(scratch.tenantsDir, "mysport");
  beforeAll(() => {
    scratch = makeScratch();
    vi.spyOn(process, "cwd").mockReturnValue(scratch.root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    scratch.dispose();
  });

  it("ships the bytes it checked, even when the file is swapped after validation", async () => {
    const good = readFileSync(join(assetsDir(), "logo.svg"));
    writeFileSync(join(assetsDir(), "good.svg"), good);
    writeFileSync(join(scratch.root, "secret.txt"), "root:x:0:0:SECRET\n");
    symlinkSync("good.svg", join(assetsDir(), "swap.svg"));
    scratch.write("swap", mutate([["logo: mysport/logo.svg", "logo: mysport/swap.svg"]]));
    const loaded = await loadTenant(scratch.tenantsDir, "swap");
    expect(loaded.ok ? [] : loaded.problems.map(formatProblem)).toEqual([]);
    if (!loaded.ok) return;
    // Between validation and rendering, the link is pointed elsewhere (outside, at a secret).
    rmSync(join(assetsDir(), "swap.svg"));
    symlinkSync(join(scratch.root, "secret.txt"), join(assetsDir(), "swap.svg"));
    const { files } = await renderTenant(loaded.id, loaded.config, loaded.assets, CORE);
    const logo = [...files].find(([name]) => /^assets\/swap-[0-9a-f]+\.svg$/.test(name));
    expect(Buffer.from(logo?.[1] ?? "").equals(good)).toBe(true);
    for (const [, data] of files) expect(Buffer.from(data).includes("SECRET")).toBe(false);
  });

  it("refuses an oversized logo without reading it whole, naming the limit", async () => {
    // A sparse 300 MB file: reading it whole would take seconds and 300 MB of memory.
    const fd = openSync(join(assetsDir(), "huge.svg"), "w");
    ftruncateSync(fd, 300 * 1024 * 1024);
    closeSync(fd);
    writeFileSync(join(assetsDir(), "big.svg"), svg(`<!--${"x".repeat(257 * 1024)}-->`));
    scratch.write("huge", mutate([["logo: mysport/logo.svg", "logo: mysport/huge.svg"]]));
    scratch.write("big", mutate([["favicon: mysport/favicon.svg", "favicon: mysport/big.svg"]]));
    bytesRead.clear();
    const huge = await loadTenant(scratch.tenantsDir, "huge");
    const hugeRead = [...bytesRead].filter(([path]) => path.endsWith("huge.svg"));
    // Read through a handle, and at most one byte past the 256 KiB limit: enough to tell.
    expect(hugeRead.length).toBeGreaterThan(0);
    for (const [, n] of hugeRead) expect(n).toBeLessThanOrEqual(256 * 1024 + 1);
    const big = await loadTenant(scratch.tenantsDir, "big");
    expect(huge.ok ? [] : huge.problems.map(formatProblem)).toEqual([
      "tenants/huge.yaml:18:9  theme.logo  tenants/mysport/huge.svg is larger than 256 KiB (262144 bytes), the limit for a logo as an SVG; make the file smaller",
    ]);
    expect(big.ok ? [] : big.problems.map(formatProblem)).toEqual([
      "tenants/big.yaml:20:12  theme.favicon  tenants/mysport/big.svg is larger than 100 KiB (102400 bytes), the limit for a favicon as an SVG; make the file smaller",
    ]);
  });

  it("refuses an SVG with script and a .png that is not a PNG, at the field's line", async () => {
    mkdirSync(join(scratch.tenantsDir, "bad"), { recursive: true });
    writeFileSync(join(scratch.tenantsDir, "bad", "logo.svg"), svg("", ' onload="fetch(1)"'));
    writeFileSync(join(scratch.tenantsDir, "bad", "icon.png"), "<html><script>x</script>");
    scratch.write(
      "bad",
      mutate([
        ["logo: mysport/logo.svg", "logo: bad/logo.svg"],
        ["favicon: mysport/favicon.svg", "favicon: bad/icon.png"],
      ]),
    );
    const bad = await loadTenant(scratch.tenantsDir, "bad");
    expect(bad.ok ? [] : bad.problems.map(formatProblem)).toEqual([
      "tenants/bad.yaml:18:9  theme.logo  tenants/bad/logo.svg:1:104: <svg> attribute onload is an event handler, which runs code; remove it",
      "tenants/bad.yaml:20:12  theme.favicon  tenants/bad/icon.png: not a PNG image (its first bytes say otherwise)",
    ]);
  });

  it("refuses a hero image over 128 KiB or with script, naming the field (the hero)", async () => {
    mkdirSync(join(scratch.tenantsDir, "heroes"), { recursive: true });
    writeFileSync(
      join(scratch.tenantsDir, "heroes", "big.svg"),
      svg(`<!--${"x".repeat(129 * 1024)}-->`),
    );
    writeFileSync(
      join(scratch.tenantsDir, "heroes", "script.svg"),
      svg("<script>alert(1)</script>"),
    );
    scratch.write(
      "bighero",
      mutate([
        ["favicon: mysport/favicon.svg", "favicon: mysport/favicon.svg\n  hero: heroes/big.svg"],
      ]),
    );
    scratch.write(
      "scripthero",
      mutate([
        ["favicon: mysport/favicon.svg", "favicon: mysport/favicon.svg\n  hero: heroes/script.svg"],
      ]),
    );
    const big = await loadTenant(scratch.tenantsDir, "bighero");
    const script = await loadTenant(scratch.tenantsDir, "scripthero");
    expect(big.ok ? [] : big.problems.map((p) => `${p.path}  ${p.message}`)).toEqual([
      "theme.hero  tenants/heroes/big.svg is larger than 128 KiB (131072 bytes), the limit for a hero image as an SVG; make the file smaller",
    ]);
    expect(script.ok ? [] : script.problems.map((p) => p.path)).toEqual(["theme.hero"]);
  });
});
