/**
 * `storefront new <id>`: writes tenants/<id>.yaml and tenants/<id>/ (logos, favicon) from
 * templates/tenant.yaml.hbs, fresh or copied --from another tenant. Every prompt is also a
 * flag; without a terminal nothing is asked, so CI passes the flags or --yes.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { stringify } from "yaml";
import { onColor } from "../build/brand-svg.ts";
import {
  defaultAnswers,
  type NewTenantAnswers,
  renderTenantYaml,
  scaffoldTenant,
  themeIdFor,
} from "../build/scaffold.ts";
import { formatProblem, loadTenant } from "../config/load.ts";
import { CURRENCIES, LANGUAGES, TENANT_ID_RE, type TenantConfig } from "../config/schema.ts";
import type { Printer } from "./print.ts";

export interface NewCommandOptions {
  id: string;
  tenantsDir: string;
  name?: string | undefined;
  currency?: string | undefined;
  languages?: string | undefined;
  color?: string | undefined;
  from?: string | undefined;
  /** Write a child of this tenant (`extends`) holding only what differs, and no assets. */
  extends?: string | undefined;
  yes: boolean;
  json: boolean;
  print: Printer;
  /** Asks one question on the terminal; absent when there is none to ask on. */
  ask?: ((question: string) => Promise<string>) | undefined;
}

/** A path as the user should see it: relative to the working directory. */
const show = (path: string) => relative(process.cwd(), path) || path;

type Key = "name" | "currency" | "languages" | "color";

/**
 * Each value `new` needs: its prompt, how the default is shown, and how text (a flag or an
 * answer) is read into the answers; `read` returns a problem, or nothing when it took the value.
 */
interface Field {
  question: string;
  shown: (a: NewTenantAnswers) => string;
  read: (text: string, into: NewTenantAnswers) => string | undefined;
}

const FIELDS: Record<Key, Field> = {
  name: {
    question: "Brand name",
    shown: (a) => a.name,
    read: (text, into) => {
      const name = text.trim();
      // The name lands in a YAML comment and in SVG text: one line, no control characters.
      if (name.length < 1 || name.length > 60 || /\p{Cc}/u.test(name)) {
        return "the brand name must be 1 to 60 characters on one line";
      }
      into.name = name;
    },
  },
  currency: {
    question: "Currency (643 rouble, 840 US dollar, 978 euro)",
    shown: (a) => String(a.currencyId),
    read: (text, into) => {
      const code = CURRENCIES.find((c) => c === Number(text.trim()));
      if (code === undefined)
        return `the currency must be one of ${CURRENCIES.join(", ")} (ISO 4217)`;
      into.currencyId = code;
    },
  },
  languages: {
    question: "Languages, the default first",
    shown: (a) => a.languages.join(","),
    read: (text, into) => {
      const words = text.split(/[\s,]+/).filter(Boolean);
      const list = LANGUAGES.filter((l) => words.includes(l)).sort(
        (a, b) => words.indexOf(a) - words.indexOf(b),
      );
      if (list.length === 0 || list.length !== words.length) {
        return `languages must be a comma-separated list of distinct ${LANGUAGES.join(", ")}, the default first`;
      }
      into.languages = list;
    },
  },
  color: {
    question: "Brand colour",
    shown: (a) => a.color,
    read: (text, into) => {
      const color = text.trim().toLowerCase();
      if (!/^#[0-9a-f]{6}$/.test(color)) return 'the brand colour must be "#rrggbb"';
      into.color = color;
    },
  },
};

/** Flags first; then, for what is missing, the default (--yes) or a prompt (terminal only). */
async function gather(
  o: NewCommandOptions,
  defaults: NewTenantAnswers,
): Promise<NewTenantAnswers | string> {
  const given: Record<Key, string | undefined> = {
    name: o.name,
    currency: o.currency,
    languages: o.languages,
    color: o.color,
  };
  const keys = Object.keys(FIELDS) as Key[];
  const missing = keys.filter((k) => given[k] === undefined);
  if (missing.length > 0 && !o.yes && !o.ask) {
    const flags = missing.map((k) => `--${k}`).join(", ");
    return `no terminal to ask on: pass ${flags}, or --yes to take the defaults`;
  }
  const answers = { ...defaults, languages: [...defaults.languages] };
  for (const key of keys) {
    const field = FIELDS[key];
    const flag = given[key];
    if (flag !== undefined) {
      const problem = field.read(flag, answers);
      if (problem) return `--${key}: ${problem}`;
    } else if (!o.yes && o.ask) {
      // Ask until the answer is usable; Enter takes the default shown in brackets.
      for (;;) {
        const text = await o.ask(`${field.question} [${field.shown(defaults)}]: `);
        const problem = text.trim() === "" ? undefined : field.read(text, answers);
        if (!problem) break;
        o.print.err(`  ${problem}`);
      }
    }
  }
  return answers;
}

/** Exit codes: 0 created, 1 refused (bad id, existing tenant, invalid result), 2 usage error. */
export async function runNew(o: NewCommandOptions): Promise<number> {
  const { out, err } = o.print;
  if (!TENANT_ID_RE.test(o.id)) {
    err(
      `not a valid tenant id: ${JSON.stringify(o.id)}; expected lowercase letters and digits in words joined by single hyphens, e.g. demo-brand`,
    );
    return 1;
  }
  const dir = resolve(o.tenantsDir);
  const yamlFile = join(dir, `${o.id}.yaml`);
  const assetDir = join(dir, o.id);
  for (const path of [yamlFile, assetDir]) {
    if (existsSync(path)) {
      err(`tenant ${o.id} already exists: ${show(path)}; choose another id, or edit that tenant`);
      return 1;
    }
  }
  if (o.extends !== undefined) {
    if (o.from !== undefined) {
      err("--from copies a tenant and --extends inherits from one: give only one of them");
      return 2;
    }
    return newChild(o, dir, yamlFile);
  }
  let source: Awaited<ReturnType<typeof loadTenant>> | undefined;
  if (o.from !== undefined) {
    source = await loadTenant(dir, o.from);
    if (!source.ok) {
      err(`--from ${o.from}: that tenant is not usable as a model`);
      for (const p of source.problems) err(`  ${formatProblem(p)}`);
      return 1;
    }
  }
  const model = source?.ok ? source.config : undefined;
  const answers = await gather(o, defaultAnswers(o.id, model));
  if (typeof answers === "string") {
    err(answers);
    return 2;
  }

  const scaffold = scaffoldTenant(o.id, answers, model && { tenantsDir: dir, config: model });
  const origin = model
    ? `${answers.name}: created by \`storefront new\` from ${o.from}.`
    : `${answers.name}: created by \`storefront new\`.`;
  const yaml = await renderTenantYaml(scaffold.config, origin);
  let madeAssetDir = false;
  try {
    await mkdir(dir, { recursive: true });
    // Not recursive: if another run created it a moment ago, this fails instead of mixing files.
    await mkdir(assetDir);
    madeAssetDir = true;
    for (const [rel, asset] of scaffold.assets) {
      const to = join(dir, rel);
      if ("text" in asset) await writeFile(to, asset.text, { flag: "wx" });
      else await copyFile(asset.copyFrom, to);
    }
    await writeFile(yamlFile, yaml, { flag: "wx" });
  } catch (e) {
    // Only what this run made: the folder may be another run's that appeared meanwhile.
    if (madeAssetDir) await rm(assetDir, { recursive: true, force: true });
    err(`could not create tenant ${o.id}: ${(e as Error).message}`);
    return 1;
  }

  // What was written must pass the same checks as a build; if not, leave nothing behind.
  const check = await loadTenant(dir, o.id);
  if (!check.ok) {
    await rm(yamlFile, { force: true });
    await rm(assetDir, { recursive: true, force: true });
    err(`the new tenant would not be valid, so nothing was written:`);
    for (const p of check.problems) err(`  ${formatProblem(p)}`);
    return 1;
  }

  const files = [yamlFile, ...[...scaffold.assets.keys()].map((rel) => join(dir, rel))].map(show);
  if (o.json) {
    out(JSON.stringify({ ok: true, id: o.id, files, config: scaffold.config }, null, 2));
    return 0;
  }
  for (const f of files) out(`created ${f}`);
  out(`Next: set hosts and support in ${show(yamlFile)} (see docs/tenant-config.md), then`);
  out(`  npx storefront build ${o.id}`);
  return 0;
}

/**
 * The values a child must set (its name, its theme id and a placeholder host) and those the
 * answers change from the base; everything else it inherits.
 */
export function childConfig(
  id: string,
  base: string,
  model: TenantConfig,
  a: NewTenantAnswers,
): Record<string, unknown> {
  const child: Record<string, unknown> = {
    extends: base,
    tenantName: a.name,
    theme: {
      id: themeIdFor(a.name, id),
      ...(a.color !== model.theme.palette.primary
        ? { palette: { primary: a.color, onPrimary: onColor(a.color) } }
        : {}),
    },
  };
  const [first] = a.languages;
  const sameLanguages =
    a.languages.join() === model.languages.available.join() && first === model.languages.default;
  if (!sameLanguages && first) {
    child.languages = {
      available: a.languages,
      default: first,
      picker: a.languages.length > 1 && model.languages.picker,
    };
  }
  if (a.currencyId !== model.currencyId) child.currencyId = a.currencyId;
  child.hosts = [{ host: `${id}.example` }];
  return child;
}

async function newChild(o: NewCommandOptions, dir: string, yamlFile: string): Promise<number> {
  const { out, err } = o.print;
  const base = o.extends as string;
  const model = await loadTenant(dir, base);
  if (!model.ok) {
    err(`--extends ${base}: that tenant is not usable as a base`);
    for (const p of model.problems) err(`  ${formatProblem(p)}`);
    return 1;
  }
  const answers = await gather(o, defaultAnswers(o.id, model.config));
  if (typeof answers === "string") {
    err(answers);
    return 2;
  }
  const child = childConfig(o.id, base, model.config, answers);
  const header = [
    "# yaml-language-server: $schema=../docs/tenant.schema.json",
    `# ${answers.name.replace(/[\r\n]+/g, " ")}: created by \`storefront new --extends ${base}\`. Every value not set here is`,
    `# ${base}'s (tenants/${base}.yaml); set a field here to change it (docs/brand-families.md).`,
    "# TODO: the host names this brand is served on (a .example name is a placeholder).",
  ];
  const body = stringify(child, { lineWidth: 0, version: "1.1" });
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(yamlFile, `${header.join("\n")}\n${body}`, { flag: "wx" });
  } catch (e) {
    err(`could not create tenant ${o.id}: ${(e as Error).message}`);
    return 1;
  }
  const check = await loadTenant(dir, o.id);
  if (!check.ok) {
    await rm(yamlFile, { force: true });
    err("the new tenant would not be valid, so nothing was written:");
    for (const p of check.problems) err(`  ${formatProblem(p)}`);
    return 1;
  }
  if (o.json) {
    out(
      JSON.stringify(
        { ok: true, id: o.id, files: [show(yamlFile)], config: check.config },
        null,
        2,
      ),
    );
    return 0;
  }
  out(`created ${show(yamlFile)} (extends ${base})`);
  out(`Next: set hosts and what differs from ${base} in ${show(yamlFile)}, then`);
  out(`  npx storefront build ${o.id}`);
  return 0;
}

/** runNew with prompts on the terminal when there is one (stdin and stdout both TTYs). */
export async function runNewOnTerminal(o: Omit<NewCommandOptions, "ask">): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return runNew(o);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await runNew({ ...o, ask: (q) => rl.question(q) });
  } finally {
    rl.close();
  }
}
