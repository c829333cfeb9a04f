// Loaded with `node --import`: appends the URL of every module the process resolves to the file
// named by MODULE_LOG, so a test can say which packages a command loaded (counts, not clocks).
import { register } from "node:module";

const hooks = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(file) { log = file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + "\\n");
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: process.env.MODULE_LOG });
