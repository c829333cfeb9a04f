/**
 * `storefront new <id>`: writes tenants/<id>.yaml and tenants/<id>/ (logos, favicon) from
 * templates/tenant.yaml.hbs, fresh or copied --from another tenant. Every prompt is also a
 * flag; without a terminal nothing is asked, so CI passes the flags or --yes.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import {
  defaultAnswers,
  type NewTenantAnswers,
  renderTenantYaml,
  scaffoldTenant,
} from "../build/scaffold.ts";
import { formatProblem, loadTenant } from "../config/load.ts";
import { CURRENCIES, LANGUAGES, type Language, TENANT_ID_RE } from "../config/schema.ts";
import type { Printer } from "./print.ts";

export interface NewCommandOptions {
  id: string;
  tenantsDir: string;
  name?: string | undefined;
  currency?: string | undefined;
  languages?: string | undefined;
  color?: string | undefined;
  from?: string | undefined;
  yes: boolean;
  json: boolean;
  print: Printer;
  /** Asks one question on the terminal; absent when there is none to ask on. */
  ask?: ((question: string) => Promise<string>) | undefined;
}

/** A path as the user should see it: relative to the working directory. */
const show = (path: string) => relative(process.cwd(), path) || path;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** How each answer is read from text, whether from a flag or a prompt. */
const PARSERS = {
  name: (s: string): Parsed<string> => {
    const value = s.trim();
    // The name lands in a YAML comment and in SVG text: no control characters.
    return value.length >= 1 && value.length <= 60 && !/\p{Cc}/u.test(value)
      ? { ok: true, value }
      : { ok: false, message: "the brand name must be 1 to 60 characters on one line" };
  },
  currency: (s: string): Parsed<NewTenantAnswers["currencyId"]> => {
    const value = Number(s.trim());
    return CURRENCIES.some((c) => c === value)
      ? { ok: true, value: value as NewTenantAnswers["currencyId"] }
      : { ok: false, message: `the currency must be one of ${CURRENCIES.join(", ")} (ISO 4217)` };
  },
  languages: (s: string): Parsed<Language[]> => {
    const list = s.split(/[\s,]+/).filter(Boolean);
    const bad = list.filter((l) => !(LANGUAGES as readonly string[]).includes(l));
    if (list.length === 0 || bad.length > 0 || new Set(list).size !== list.length) {
      return {
        ok: false,
        message: `languages must be a comma-separated list of distinct ${LANGUAGES.join(", ")}, the default first`,
      };
    }
    return { ok: true, value: list as Language[] };
  },
  color: (s: string): Parsed<string> => {
    const value = s.trim().toLowerCase();
    return /^#[0-9a-f]{6}$/.test(value)
      ? { ok: true, value }
      : { ok: false, message: 'the brand colour must be "#rrggbb"' };
  },
};
type Key = keyof typeof PARSERS;

const QUESTIONS: Record<Key, string> = {
  name: "Brand name",
  currency: "Currency (643 rouble, 840 US dollar, 978 euro)",
  languages: "Languages, the default first",
  color: "Brand colour",
};

const shown = (key: Key, a: NewTenantAnswers): string =>
  key === "name"
    ? a.name
    : key === "currency"
      ? String(a.currencyId)
      : key === "languages"
        ? a.languages.join(",")
        : a.color;

/** Flags first; then, for what is missing, the default (--yes) or a prompt (terminal only). */
async function gather(o: NewCommandOptions, defaults: NewTenantAnswers) {
  const given: Record<Key, string | undefined> = {
    name: o.name,
    currency: o.currency,
    languages: o.languages,
    color: o.color,
  };
  const missing = (Object.keys(given) as Key[]).filter((k) => given[k] === undefined);
  if (missing.length > 0 && !o.yes && !o.ask) {
    const flags = missing.map((k) => `--${k}`).join(", ");
    return `no terminal to ask on: pass ${flags}, or --yes to take the defaults`;
  }
  const answers = { ...defaults };
  const set = (key: Key, text: string): string | undefined => {
    const r = PARSERS[key](text);
    if (!r.ok) return r.message;
    if (key === "name") answers.name = r.value as string;
    if (key === "currency") answers.currencyId = r.value as NewTenantAnswers["currencyId"];
    if (key === "languages") answers.languages = r.value as Language[];
    if (key === "color") answers.color = r.value as string;
    return undefined;
  };
  for (const key of Object.keys(given) as Key[]) {
    const flag = given[key];
    if (flag !== undefined) {
      const problem = set(key, flag);
      if (problem) return `--${key}: ${problem}`;
    } else if (!o.yes && o.ask) {
      // Ask until the answer is usable; Enter takes the default shown in brackets.
      for (;;) {
        const text = (await o.ask(`${QUESTIONS[key]} [${shown(key, defaults)}]: `)).trim();
        const problem = text === "" ? undefined : set(key, text);
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
  try {
    await mkdir(dir, { recursive: true });
    // Not recursive: if another run created it a moment ago, this fails instead of mixing files.
    await mkdir(assetDir);
    for (const [rel, asset] of scaffold.assets) {
      const to = join(dir, rel);
      if ("text" in asset) await writeFile(to, asset.text, { flag: "wx" });
      else await copyFile(asset.copyFrom, to);
    }
    await writeFile(yamlFile, yaml, { flag: "wx" });
  } catch (e) {
    await rm(assetDir, { recursive: true, force: true });
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
