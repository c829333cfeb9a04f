/**
 * The commands for writing tenant files: `schema` (the JSON Schema for editors), `new` (a
 * tenant's first YAML and logos) and `docs` (the reference of every field).
 */
import type { CommandContext } from "./common.ts";

interface NewFlags {
  tenantsDir: string;
  name?: string;
  currency?: string;
  languages?: string;
  color?: string;
  from?: string;
  extends?: string;
  yes?: boolean;
  json?: boolean;
}

export function addAuthoringCommands({ program, print, setExitCode }: CommandContext) {
  program
    .command("schema")
    .description("Print the tenant JSON Schema (for editors), or write it with --out")
    .option("--out <file>", "write the schema to this file")
    .action(async (o: { out?: string }) => {
      const { tenantJsonSchema } = await import("../config/json-schema.ts");
      const text = `${JSON.stringify(tenantJsonSchema(), null, 2)}\n`;
      if (o.out) {
        const { writeFile } = await import("node:fs/promises");
        await writeFile(o.out, text);
      } else process.stdout.write(text);
    });

  program
    .command("new")
    .argument("<id>", "the new tenant's id: lowercase letters, digits and hyphens")
    .description("Create tenants/<id>.yaml and its logos; asks for what the flags leave out")
    .option("--name <name>", "brand name shown to users")
    .option("--currency <code>", "currency: 643 rouble, 840 US dollar, 978 euro")
    .option("--languages <list>", "languages, comma-separated, the default first (e.g. ru,en)")
    .option("--color <hex>", "brand colour as #rrggbb (logos and primary colour)")
    .option("--from <id>", "copy an existing tenant's settings and assets")
    .option("--extends <id>", "write a child of that tenant: only what differs, the rest inherited")
    .option("--yes", "take the default for every value not given; never ask")
    .option("--tenants-dir <dir>", "folder of tenant YAML files", "tenants")
    .option("--json", "print a machine-readable result (for CI)")
    .action(async (id: string, o: NewFlags) => {
      const { runNewOnTerminal } = await import("../commands/new.ts");
      setExitCode(await runNewOnTerminal({ ...o, id, yes: !!o.yes, json: !!o.json, print }));
    });

  program
    .command("docs")
    .description("Print the reference of every tenant field (Markdown), or write it with --out")
    .option("--out <file>", "write the reference to this file")
    .action(async (o: { out?: string }) => {
      const { runDocs } = await import("../commands/docs.ts");
      setExitCode(await runDocs({ out: o.out, print }));
    });
}
