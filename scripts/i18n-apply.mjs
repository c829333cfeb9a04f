#!/usr/bin/env node
// Fills msgstr entries of the ru and es catalogs from a JSON file
// { "<English source>": { "ru": "...", "es": "..." } }. Existing translations are overwritten.
// Usage: node scripts/i18n-apply.mjs translations.json
import { readFileSync, writeFileSync } from "node:fs";

const dict = JSON.parse(readFileSync(process.argv[2], "utf8"));
const unquote = (s) => JSON.parse(s);
const quote = (s) => JSON.stringify(s);

// The browser's catalogs and the privacy policy's own (lingui.config.ts).
const files = (locale) => [
  `storefront/locales/${locale}.po`,
  `storefront/locales/policy/${locale}.po`,
];

for (const file of ["ru", "es"].flatMap(files)) {
  const locale = /([a-z]{2})\.po$/.exec(file)[1];
  const lines = readFileSync(file, "utf8").split("\n");
  let applied = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith("msgid ")) continue;
    // msgid may continue on following quoted lines
    let j = i;
    let id = unquote(lines[i].slice(6));
    while (lines[j + 1]?.startsWith('"')) id += unquote(lines[++j]);
    const k = j + 1;
    if (!lines[k]?.startsWith("msgstr ")) continue;
    let end = k;
    while (lines[end + 1]?.startsWith('"')) end++;
    const tr = dict[id]?.[locale];
    if (id && tr) {
      lines.splice(k, end - k + 1, `msgstr ${quote(tr)}`);
      applied++;
    }
  }
  writeFileSync(file, lines.join("\n"));
  console.log(`${file}: ${applied} translations applied`);
}
