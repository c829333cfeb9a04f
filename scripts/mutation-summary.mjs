// The mutation score per folder from a StrykerJS JSON report (npm run mutation prints it).
// Score = (killed + timed out) / (killed + timed out + survived + no coverage), as Stryker counts it.
// Usage: node scripts/mutation-summary.mjs [reports/mutation/mutation.json]
import { readFileSync } from "node:fs";
import { dirname } from "node:path";

const FOLDERS = ["storefront/src/domain", "storefront/src/stores", "cli/config"];
const TARGETS = { "storefront/src/domain": 90, "storefront/src/stores": 80, "cli/config": 90 };

const report = JSON.parse(
  readFileSync(process.argv[2] ?? "reports/mutation/mutation.json", "utf8"),
);
const folders = new Map();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const path = file.replaceAll("\\", "/");
  const folder = FOLDERS.find((root) => path.startsWith(`${root}/`)) ?? dirname(path);
  const row = folders.get(folder) ?? { killed: 0, survived: 0, noCoverage: 0, ignored: 0 };
  for (const { status } of mutants) {
    if (status === "Killed" || status === "Timeout") row.killed += 1;
    else if (status === "Survived") row.survived += 1;
    else if (status === "NoCoverage") row.noCoverage += 1;
    else row.ignored += 1;
  }
  folders.set(folder, row);
}

const lines = [
  "| Folder | Score | Killed | Survived | No coverage | Target |",
  "|---|---|---|---|---|---|",
];
for (const [folder, row] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
  const valid = row.killed + row.survived + row.noCoverage;
  const score = valid === 0 ? "n/a" : `${((100 * row.killed) / valid).toFixed(1)} %`;
  const target = TARGETS[folder] ? `≥ ${TARGETS[folder]} %` : "";
  lines.push(
    `| ${folder} | ${score} | ${row.killed} | ${row.survived} | ${row.noCoverage} | ${target} |`,
  );
}
console.log(lines.join("\n"));
