#!/usr/bin/env node
// Extracts messages from the storefront and fails when any is missing from ru, en or es.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

execFileSync("npx", ["lingui", "extract", "--clean"], { stdio: ["ignore", "ignore", "inherit"] });

let missing = 0;
// The browser's catalogs and the privacy policy's own (lingui.config.ts).
const catalogs = ["storefront/locales", "storefront/locales/policy"];
for (const [dir, locale] of catalogs.flatMap((d) => ["ru", "en", "es"].map((l) => [d, l]))) {
  const text = readFileSync(`${dir}/${locale}.po`, "utf8");
  // Entries are separated by blank lines; the first one is the header.
  for (const entry of text.split(/\n\n+/).slice(1)) {
    const id = /msgid ((?:".*"\n?)+)/.exec(entry)?.[1];
    const str = /msgstr ((?:".*"\n?)+)/.exec(entry)?.[1];
    if (!id) continue;
    const value = (s) =>
      s
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .join("");
    if (locale !== "en" && value(str ?? '""') === "") {
      console.error(`${locale}.po: no translation for ${value(id)}`);
      missing++;
    }
  }
}
if (missing > 0) {
  console.error(`${missing} translations missing; add them to storefront/locales/*.po`);
  process.exit(1);
}
console.log("catalogs complete: ru, en, es");
