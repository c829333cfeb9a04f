/**
 * A scratch tenants/ folder for config tests: a valid base tenant (MySport without
 * its comments, so line numbers are easy to read) plus copies of MySport's assets.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, vi } from "vitest";

export const BASE_YAML = `tenantName: MySport
theme:
  id: MySport
  palette:
    primary: "#1565c0"
    onPrimary: "#ffffff"
    secondary: "#b85000"
    background: "#f5f7fa"
    surface: "#ffffff"
    text: "#1a1f2b"
    textMuted: "#4f5b6d"
    error: "#c62828"
  typography:
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
    baseSize: 16
    headingWeight: 700
  radius: 8
  logo: mysport/logo.svg
  logoSmall: mysport/logo-small.svg
  favicon: mysport/favicon.svg
languages:
  available: [ru, en]
  default: ru
  picker: true
currencyId: 643
hosts:
  - host: mysport.ru
  - host: en.mysport.ru
    language: en
usVariant: false
appBar:
  kind: default
backFromHome: false
hideBannerOnHome: false
menu: [participants, photographers, organizers, business, contacts]
footer:
  socialIcons:
    languages: [ru]
  copyright:
    languages: [ru]
    holder: MySport
  supportLink: otherwise
auth:
  realm: mysport
  clientId: storefront
support:
  email: support@mysport.example
  hours:
    from: "08:00"
    to: "18:00"
social:
  - network: vk
    url: https://vk.com/mysport.example
  - network: telegram
    url: https://t.me/mysport_example
  - network: youtube
    url: https://www.youtube.com/@mysport.example
api: {}
analytics:
  enabled: true
requestsEndpoint: /public/requests
`;

/** Applies text edits to the base; each `from` must occur exactly once. */
export function mutate(edits: [from: string, to: string][], base = BASE_YAML): string {
  let text = base;
  for (const [from, to] of edits) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`edit ${JSON.stringify(from)} matches ${count} times`);
    text = text.replace(from, () => to);
  }
  return text;
}

export type Scratch = {
  root: string;
  tenantsDir: string;
  /**
   * Writes tenants/<id>.yaml. A host belongs to one tenant, so the base's hosts (mysport.ru,
   * en.mysport.ru) become the tenant's own (<id>.mysport.ru, en.<id>.mysport.ru): lines and
   * columns above the hosts stay as written.
   */
  write: (id: string, yaml: string) => void;
  dispose: () => void;
};

/** root/tenants/ with mysport's assets; `file` paths are shown relative to root. */
export function makeScratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), "storefront-config-"));
  const tenantsDir = join(root, "tenants");
  mkdirSync(tenantsDir);
  cpSync(resolve("tenants/mysport"), join(tenantsDir, "mysport"), { recursive: true });
  return {
    root,
    tenantsDir,
    write: (id, yaml) =>
      writeFileSync(
        join(tenantsDir, `${id}.yaml`),
        yaml
          .replace("- host: mysport.ru\n", `- host: ${id}.mysport.ru\n`)
          .replace("- host: en.mysport.ru\n", `- host: en.${id}.mysport.ru\n`),
      ),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * One scratch folder for the tests of a file, made before them and removed after; the working
 * directory is its root, so problems name `tenants/<id>.yaml` as an operator would see them.
 */
export function scratchPerFile(): () => Scratch {
  let scratch: Scratch | undefined;
  beforeAll(() => {
    scratch = makeScratch();
    vi.spyOn(process, "cwd").mockReturnValue(scratch.root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    scratch?.dispose();
  });
  return () => {
    if (!scratch) throw new Error("the scratch folder exists only while the tests run");
    return scratch;
  };
}
