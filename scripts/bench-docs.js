// Writes the figures of a bench run into docs/benchmarks.md, one table per figure group between
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, so the page always shows what the bench last
// measured and nobody copies numbers by hand. A group that did not run keeps its last table.
import { readFile, writeFile } from "node:fs/promises";

export const BENCH_DOC = "docs/benchmarks.md";

/**
 * @param {string} doc the page's text
 * @param {string} group a figure group (weight, build, …)
 * @param {string} table the group's markdown
 * @returns {string} the page with the group's section replaced, or appended when it is new
 */
export function withGroup(doc, group, table) {
  const open = `<!-- bench:${group} -->`;
  const close = `<!-- /bench:${group} -->`;
  const section = `${open}\n${table.trimEnd()}\n${close}`;
  const from = doc.indexOf(open);
  const to = doc.indexOf(close);
  if (from >= 0 && to > from) return doc.slice(0, from) + section + doc.slice(to + close.length);
  return `${doc.trimEnd()}\n\n${section}\n`;
}

/**
 * @param {{ name: string, shown: string, target: string, met: string }[]} rows
 * @param {{ date: string, node: string, cpus: number, coreCache: string }} run
 */
export function groupTable(rows, run) {
  const cell = (text) => text.replaceAll("|", "\\|");
  const lines = [
    `Measured ${run.date.slice(0, 10)}, Node ${run.node}, ${run.cpus} cores, ${run.coreCache} core cache.`,
    "",
    "| figure | value | target | |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${cell(r.name)} | ${cell(r.shown)} | ${cell(r.target)} | ${r.met} |`),
  ];
  return lines.join("\n");
}

/** Replaces each group that ran with its new table. */
export async function writeBenchDoc(groups, run, file = BENCH_DOC) {
  let doc = await readFile(file, "utf8");
  for (const [group, rows] of groups) doc = withGroup(doc, group, groupTable(rows, run));
  await writeFile(file, doc);
}
