// Weight figures for `npm run bench`: each participant route's initial
// JavaScript (gzip) against the floor, a bare React 19 + Vite app built in the same run, and
// how many scripts each route loads before its first render.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { floorWeight, ROUTES, routeWeight } from "./weight.js";

const run = promisify(execFile);
const KIB = 1024;

/** The core build the CLI uses now (built if stale), as `storefront build --json` names it. */
async function currentCore() {
  const { stdout } = await run(
    process.execPath,
    // --force: an unchanged tenant is otherwise skipped, and its result names no core.
    [
      "cli/bin.js",
      "build",
      "mysport",
      "--force",
      "--out-dir",
      "node_modules/.cache/bench-dist",
      "--json",
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  if (!result.ok || !result.core) throw new Error(`build failed: ${stdout.slice(0, 500)}`);
  return result.core.dir;
}

export async function benchWeight() {
  const coreDir = await currentCore();
  const floor = await floorWeight();
  const rows = [
    { name: "floor: bare React 19 + Vite app, JS gzip", value: floor / KIB, unit: "KiB" },
  ];
  const labels = {
    home: "home route",
    event: "event page route",
    eventPhotos: "event photos route",
    search: "participant's photos route",
    cart: "cart route",
    checkout: "checkout route",
    paidOrder: "paid order route",
    contacts: "contacts route",
  };
  for (const [key, route] of Object.entries(ROUTES)) {
    // The default tenant's first language (ru): its catalog loads before the first render.
    const weight = await routeWeight(coreDir, route.screens, "ru", route.catalog);
    rows.push(
      {
        name: `${labels[key]} initial JS ÷ floor (${route.path})`,
        value: weight.js / floor,
        unit: "×",
        target: 1.6,
      },
      { name: `  ${labels[key]} initial JS, gzip`, value: weight.js / KIB, unit: "KiB" },
      { name: `  ${labels[key]} initial CSS, gzip`, value: weight.css / KIB, unit: "KiB" },
      {
        // Each is a request before the route comes alive: a slow phone's few connections
        // (and an HTTP/1.1 host) queue them.
        name: `${labels[key]} scripts before its first render`,
        value: weight.files.filter((f) => f.endsWith(".js")).length,
        unit: "n",
        target: 10,
      },
    );
  }
  return rows;
}
