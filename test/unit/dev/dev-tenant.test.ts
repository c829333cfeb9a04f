/**
 * `storefront dev`'s rebuild of one tenant: a valid change becomes a new complete build and one
 * reload; a change that does not alter the output reloads nothing; an invalid YAML keeps the
 * last good build serving and shows its problems (file:line:col) to the open pages; fixing it
 * removes them. The reload script exists only in dev builds, never in `storefront build`'s.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenants } from "../../../cli/build/build.ts";
import { DEV_PATH, type DevState } from "../../../cli/dev/channel.ts";
import { DevTenant } from "../../../cli/dev/tenant.ts";

let work: string;
let tenantsDir: string;
let yaml: string;
let original: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "storefront-dev-"));
  tenantsDir = join(work, "tenants");
  await cp("tenants", tenantsDir, { recursive: true });
  yaml = join(tenantsDir, "mysport.yaml");
  original = await readFile(yaml, "utf8");
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** An open page's event stream, as the channel writes to it. */
function openPage(tenant: DevTenant): { states: DevState[] } {
  const states: DevState[] = [];
  const req = { url: `${DEV_PATH}/events`, on: () => req } as unknown as IncomingMessage;
  const res = {
    writeHead: () => res,
    write(chunk: string) {
      const data = /^event: state\ndata: (.*)$/m.exec(chunk)?.[1];
      if (data) states.push(JSON.parse(data) as DevState);
      return true;
    },
    end: () => res,
  } as unknown as ServerResponse;
  expect(tenant.handle(req, res)).toBe(true);
  return { states };
}

const pageText = async (tenant: DevTenant) =>
  readFile(join(tenant.current()?.root ?? "", "index.html"), "utf8");

describe("storefront dev: one tenant's rebuilds", () => {
  it("builds, reloads on a new colour, ignores an edit that changes no output, shows and clears problems", async () => {
    const tenant = new DevTenant("mysport", tenantsDir, join(work, "dev"));
    const first = await tenant.rebuild();
    expect(first.kind).toBe("reloaded");
    expect(tenant.inputs).toContain(yaml);
    expect(tenant.inputs.some((f) => f.endsWith(".svg"))).toBe(true);
    expect(await pageText(tenant)).toContain(`${DEV_PATH}/client.js?g=1`);
    // No compressed copy of a page without the tag is left for the server to prefer.
    const root = tenant.current()?.root ?? "";
    const pages = (await readdir(root, { recursive: true })).filter((f) => /\.html\./.test(f));
    expect(pages).toEqual([]);
    const page = openPage(tenant);
    expect(page.states.at(-1)).toEqual({ generation: 1, problems: [] });

    // A comment changes no file of the bundle: nothing reloads.
    await writeFile(yaml, `# tuning the palette\n${original}`);
    expect((await tenant.rebuild()).kind).toBe("unchanged");
    expect(tenant.generation).toBe(1);
    expect(page.states).toHaveLength(1);

    // A new primary colour: a new complete build, served, and one reload.
    await writeFile(yaml, original.replace(/primary: "#[0-9a-fA-F]{6}"/, 'primary: "#123456"'));
    expect((await tenant.rebuild()).kind).toBe("reloaded");
    expect(page.states.at(-1)).toEqual({ generation: 2, problems: [] });
    expect(await pageText(tenant)).toContain('content="#123456"');
    const good = tenant.current()?.root;

    // A broken colour: the problems go to the page, the last good build keeps serving.
    const broken = original.replace(/primary: "#[0-9a-fA-F]{6}"/, 'primary: "#12345"');
    await writeFile(yaml, broken);
    const line = broken.split("\n").findIndex((l) => l.includes('"#12345"')) + 1;
    const outcome = await tenant.rebuild();
    expect(outcome.kind).toBe("invalid");
    const shown = page.states.at(-1);
    expect(shown?.generation).toBe(2);
    expect(shown?.problems[0]).toMatchObject({ line, path: "theme.palette.primary" });
    expect(shown?.problems[0]?.file).toMatch(/mysport\.yaml$/);
    expect(tenant.current()?.root).toBe(good);
    expect(await pageText(tenant)).toContain('content="#123456"');

    // Fixed back to the colour on the page: the problems go, the page stays.
    await writeFile(yaml, original.replace(/primary: "#[0-9a-fA-F]{6}"/, 'primary: "#123456"'));
    expect((await tenant.rebuild()).kind).toBe("unchanged");
    expect(page.states.at(-1)).toEqual({ generation: 2, problems: [] });
    tenant.close();
    await writeFile(yaml, original);
  }, 180_000);

  it("leaves no trace of the reload channel in a bundle `storefront build` writes", async () => {
    const outDir = join(work, "dist");
    const [result] = await buildTenants({ tenantsDir, outDir, ids: ["mysport"] });
    expect(result?.ok).toBe(true);
    const entries = await readdir(join(outDir, "mysport"), {
      recursive: true,
      withFileTypes: true,
    });
    const files = entries.filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(10);
    for (const entry of files) {
      const text = await readFile(join(entry.parentPath, entry.name), "latin1");
      expect(text.includes(DEV_PATH), entry.name).toBe(false);
      expect(text.includes("EventSource"), entry.name).toBe(false);
    }
  }, 180_000);
});
