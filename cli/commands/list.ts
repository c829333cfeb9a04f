/**
 * `storefront list`: every tenant with its brand name and languages, as a table or JSON.
 * Exit code 1 when a tenant's YAML is invalid (it is still listed, with a pointer to validate).
 */
import { loadTenants } from "../config/load.ts";
import { stdoutLine } from "./validate.ts";

export type ListOptions = {
  tenantsDir: string;
  json: boolean;
  /** Writes one line (no trailing newline); default: stdout. */
  out?: (line: string) => void;
};

export type ListedTenant =
  | {
      id: string;
      file: string;
      ok: true;
      tenantName: string;
      languages: string[];
      defaultLanguage: string;
    }
  | { id: string; file: string; ok: false; problems: number };

export async function runList(opts: ListOptions): Promise<number> {
  const out = opts.out ?? stdoutLine;
  const results = await loadTenants(opts.tenantsDir);
  const rows: ListedTenant[] = results.map((r) =>
    r.ok
      ? {
          id: r.id,
          file: r.file,
          ok: true,
          tenantName: r.config.tenantName,
          languages: [...r.config.languages.available],
          defaultLanguage: r.config.languages.default,
        }
      : { id: r.id, file: r.file, ok: false, problems: r.problems.length },
  );
  const code = rows.every((r) => r.ok) ? 0 : 1;

  if (opts.json) {
    out(JSON.stringify({ tenants: rows }, null, 2));
    return code;
  }
  if (rows.length === 0) {
    out(`no tenants found in ${opts.tenantsDir}`);
    return 0;
  }
  const table = [
    ["ID", "NAME", "LANGUAGES"],
    ...rows.map((r) =>
      r.ok
        ? [
            r.id,
            r.tenantName,
            r.languages.map((l) => (l === r.defaultLanguage ? `${l}*` : l)).join(", "),
          ]
        : [r.id, "(invalid)", `${r.problems} problem(s): run storefront validate ${r.id}`],
    ),
  ];
  const widths = [0, 1].map((c) => Math.max(...table.map((row) => (row[c] ?? "").length)));
  for (const row of table) {
    out(
      row
        .map((cell, c) => (c < 2 ? cell.padEnd(widths[c] ?? 0) : cell))
        .join("  ")
        .trimEnd(),
    );
  }
  out("* default language");
  return code;
}
