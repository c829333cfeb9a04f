#!/usr/bin/env node
// Reads a bundle's `_redirects` and `_headers` with Netlify's own parsers, exactly as Netlify
// does at deploy time, and prints what they understood as JSON: { redirects, headers, errors }.
// Run under Node >= 22 from the host tools folder (scripts/ensure-host-tools.sh):
//   node scripts/netlify-rules.mjs <tools folder> <bundle folder>
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [tools, bundle] = process.argv.slice(2);
if (!tools || !bundle) {
  console.error("usage: node scripts/netlify-rules.mjs <tools folder> <bundle folder>");
  process.exit(2);
}
const load = (name) =>
  import(pathToFileURL(join(tools, "node_modules", name, "lib", "index.js")).href);
const { parseAllRedirects } = await load("@netlify/redirect-parser");
const { parseAllHeaders } = await load("@netlify/headers-parser");
const redirects = await parseAllRedirects({
  redirectsFiles: [join(bundle, "_redirects")],
  minimal: true,
});
const headers = await parseAllHeaders({
  headersFiles: [join(bundle, "_headers")],
  configHeaders: [],
  minimal: true,
});
const errors = [...redirects.errors, ...headers.errors].map((e) => String(e.message ?? e));
console.log(JSON.stringify({ redirects: redirects.redirects, headers: headers.headers, errors }));
