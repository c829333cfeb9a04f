/**
 * The GitHub Actions recipe in docs/ci-publishing.md publishes with the real command: a dry
 * run on pull requests, a publish on main, a rollback as a manual run, and every option it
 * passes is one the command has.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli } from "../fixtures/cli.ts";

interface Step {
  if?: string;
  run?: string;
  with?: { script?: string };
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; steps: Step[] }>;
}

async function recipe(): Promise<Workflow> {
  const doc = await readFile("docs/ci-publishing.md", "utf8");
  const block = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/ci-publishing.md has no yaml block");
  return parse(block) as Workflow;
}

/** Every `run:` script of every YAML block of the page, wherever it sits in the block. */
async function scripts(): Promise<string[]> {
  const doc = await readFile("docs/ci-publishing.md", "utf8");
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "run" && typeof value === "string") found.push(value);
        else walk(value);
      }
  };
  for (const [, block] of doc.matchAll(/```yaml\n([\s\S]*?)```/g)) walk(parse(block ?? ""));
  return found;
}

/** Every `--option` a command line of the recipe passes to `storefront <command>`. */
function optionsOf(steps: Step[], command: string): string[] {
  const lines = steps.flatMap((s) => (s.run ?? "").replace(/\\\n\s*/g, " ").split("\n"));
  return lines
    .filter((l) => l.includes(`storefront ${command}`))
    .flatMap((l) => l.match(/(?<=\s)--[a-z-]+/g) ?? []);
}

describe("the CI recipe in docs/ci-publishing.md", () => {
  it("dry-runs on pull requests, publishes on main, rolls back as a manual run", async () => {
    const wf = await recipe();
    expect(Object.keys(wf.on)).toEqual(
      expect.arrayContaining(["push", "pull_request", "workflow_dispatch"]),
    );
    const publish = wf.jobs.publish?.steps ?? [];
    const onPr = publish.find(
      (s) => s.if?.includes("pull_request") && s.run?.includes("storefront publish"),
    );
    expect(onPr?.run).toContain("--dry-run");
    const onMain = publish.find(
      (s) => s.if?.includes("'push'") && s.run?.includes("storefront publish"),
    );
    expect(onMain?.run).not.toContain("--dry-run");
    expect(wf.jobs.rollback?.if).toContain("workflow_dispatch");
    expect(wf.jobs.rollback?.steps.some((s) => s.run?.includes("storefront rollback"))).toBe(true);
  });

  it("pastes no expression into a script: inputs, secrets and variables come through env:", async () => {
    const all = await scripts();
    expect(all.length).toBeGreaterThan(8);
    // GitHub's own guidance: `${{ inputs.tenant }}` in `run:` is text the shell parses, so
    // whoever starts a run could inject commands into the job that holds the deploy key.
    expect(all.filter((run) => run.includes("${{"))).toEqual([]);
  });

  it("passes only options the commands have", async () => {
    const wf = await recipe();
    const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
    for (const command of ["build", "publish", "rollback"]) {
      const help = (await cli(command, "--help")).stdout;
      const used = optionsOf(steps, command);
      expect(used.length, command).toBeGreaterThan(0);
      for (const option of used) expect(help, `${command} ${option}`).toContain(option);
    }
  }, 60_000);

  it("previews per pull request: published with --preview, one comment updated, promoted at merge, taken off when closed", async () => {
    const doc = await readFile("docs/ci-publishing.md", "utf8");
    const section = doc.slice(doc.indexOf("## Previews per pull request"));
    const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    const wf = parse(block) as Workflow & { on: { pull_request: { types: string[] } } };
    expect(wf.on.pull_request.types).toEqual(expect.arrayContaining(["synchronize", "closed"]));
    const runs = (job: string) => (wf.jobs[job]?.steps ?? []).map((s) => s.run ?? "").join("\n");
    expect(runs("preview")).toMatch(
      /storefront publish --all .*\\\n.*--preview "\$PREVIEW" --preview-domain "\$PREVIEW_DOMAIN" --json/,
    );
    const comment = wf.jobs.preview?.steps.find((s) => s.with?.script)?.with?.script ?? "";
    expect(comment).toContain("updateComment");
    expect(comment).toContain("createComment");
    // The script is JavaScript github-script can run: an async function of these names.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => unknown;
    const run = new AsyncFunction("require", "context", "github", "process", comment) as (
      ...args: unknown[]
    ) => Promise<void>;
    // Run on what the two commands print, once with no comment yet and once with one.
    const files: Record<string, unknown> = {
      "previews.json": {
        ok: false,
        tenants: [
          {
            tenant: "ironstar",
            url: "https://pr-7--ironstar.p.example/?preview=t&expires=1",
            expires: "2026-12-05T10:00:00.000Z",
            release: "a".repeat(16),
          },
          { tenant: "timerman", status: "failed", error: "timerman: no bundle" },
        ],
      },
      "validate.json": {
        tenants: [
          {
            id: "ironstar",
            problems: [{ message: "text on background has a contrast of 2.65:1 | below 4.5:1" }],
          },
          { id: "timerman", problems: [] },
        ],
      },
    };
    const fs = {
      existsSync: (f: string) => f in files,
      readFileSync: (f: string) => JSON.stringify(files[f]),
    };
    const posted: { kind: string; body: string }[] = [];
    const github = (existing: { id: number; body: string }[]) => ({
      paginate: async () => existing,
      rest: {
        issues: {
          listComments: () => undefined,
          createComment: async (o: { body: string }) =>
            posted.push({ kind: "create", body: o.body }),
          updateComment: async (o: { body: string }) =>
            posted.push({ kind: "update", body: o.body }),
        },
      },
    });
    const context = { repo: { owner: "o", repo: "r" }, payload: { pull_request: { number: 7 } } };
    const env = { env: { PREVIEW: "pr-7" } };
    await run(() => fs, context, github([]), env);
    await run(() => fs, context, github([{ id: 1, body: posted[0]?.body ?? "" }]), env);
    expect(posted.map((p) => p.kind)).toEqual(["create", "update"]);
    expect(posted[0]?.body.split("\n")).toEqual([
      "<!-- storefront-previews -->",
      "Previews of pr-7 (private links, not indexed):",
      "",
      "| brand | preview | open until | validate |",
      "|---|---|---|---|",
      "| ironstar | [open](https://pr-7--ironstar.p.example/?preview=t&expires=1) | 2026-12-05T10:00:00.000Z | 1 ✗ text on background has a contrast of 2.65:1 \\| below 4.5:1 |",
      "| timerman | failed: timerman: no bundle |  | ✓ |",
    ]);
    expect(wf.jobs.promote?.if).toContain("merged");
    expect(runs("promote")).toContain("storefront promote --all");
    expect(wf.jobs["clean-up"]?.if).toContain("!github.event.pull_request.merged");
    expect(runs("clean-up")).toContain('--remove "$PREVIEW"');
    const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
    for (const command of ["publish", "promote", "previews"]) {
      const help = (await cli(command, "--help")).stdout;
      const used = optionsOf(steps, command);
      expect(used.length, command).toBeGreaterThan(0);
      for (const option of used) expect(help, `${command} ${option}`).toContain(option);
    }
  }, 60_000);
});
