// Route weights: the JavaScript and CSS a route needs before it can render, gzip,
// read from the core build's Vite manifest; and the floor they are compared with, a bare
// React 19 + Vite app built with the same Vite. Used by `npm run bench` and by the size-budget
// test (test/unit/build/size-budget.test.ts), so both count the same bytes.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The routes measured, by the modules they load before their first render beside the entry
 * (keys of the Vite manifest): the view (React, the router, the shell), which main.tsx
 * imports beside the stores, on every route that finds photos the shop's finding stores, and
 * the route's lazy screen; and the catalog they load: home only the first screen's messages
 * (cli/build/message-parts.ts), the event's screens their own part (i18n.ts names the screens
 * that have one), every other screen the whole.
 */
const VIEW = "src/view.tsx";
/** The shop's finding stores, which main.tsx loads at once on every route that finds photos. */
const FIND = "src/stores/find.ts";
/**
 * A route other than home: the view, the finding stores (unless the route table's `shop` is
 * "first-input") and its screen (a module under src/screens/, as the route table names it), with
 * its screen's own part of the catalog when i18n.ts names one, else the whole catalog.
 * @param {string} path
 * @param {string} screen
 * @param {{ ownPart?: boolean, find?: boolean }} [options]
 */
const shopRoute = (path, screen, { ownPart = false, find = true } = {}) => ({
  path,
  screens: [VIEW, ...(find ? [FIND] : []), `src/screens/${screen}.tsx`],
  catalog: ownPart
    ? /** @type {`screen:${string}`} */ (`screen:${screen}`)
    : /** @type {"whole"} */ ("whole"),
});

export const ROUTES = {
  // Home: its screen beside the view, the first part of the catalog, no finding stores.
  home: {
    path: "/",
    screens: [VIEW, "src/screens/home/HomeScreen.tsx"],
    catalog: /** @type {"first"} */ ("first"),
  },
  event: shopRoute("/event/1003", "event/EventScreen", { ownPart: true }),
  eventPhotos: shopRoute("/event/1003/photos", "event/EventPhotosScreen", { ownPart: true }),
  search: shopRoute("/search/1003/101", "search/SearchScreen"),
  cart: shopRoute("/cart", "cart/CartScreen"),
  checkout: shopRoute("/order", "order/CheckoutScreen"),
  paidOrder: shopRoute("/order/900001", "order/OrderPaidScreen"),
  contacts: shopRoute("/contacts", "contacts/ContactsScreen", { ownPart: true, find: false }),
};

/** gzip as servers send it for static files (level 9, as measured in ../shared/STACK.md). */
export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * @param {string} coreDir folder of a core build (assets/ and .vite/manifest.json)
 * @param {string[]} screens manifest keys of the route's lazy screens
 * @param {string | null} language the default language, whose catalog is loaded before the
 *   first render (null: an app without catalogs)
 * @param {"first" | "whole" | `screen:${string}`} [catalog] the first screen's part of the
 *   catalog, a screen's own part ("screen:event/EventScreen") or all of it
 * @returns {Promise<{ js: number, css: number, files: string[] }>} gzip bytes and the files
 */
export async function routeWeight(coreDir, screens, language, catalog = "whole") {
  const manifest = JSON.parse(await readFile(join(coreDir, ".vite/manifest.json"), "utf8"));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith("index.html"));
  if (!entry) throw new Error(`no entry in ${coreDir}/.vite/manifest.json`);
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the core build's manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const screen of screens) visit(screen);
  if (language) visit(`locales/${language}.po${catalogQuery(catalog)}`);
  const sum = async (files) => {
    let total = 0;
    for (const file of files) total += gzipBytes(await readFile(join(coreDir, file)));
    return total;
  };
  return { js: await sum(js), css: await sum(css), files: [...js, ...css] };
}

/** The query of a catalog part's import (cli/build/message-parts.ts). */
function catalogQuery(catalog) {
  if (catalog === "first") return "?first";
  if (catalog.startsWith("screen:")) return `?screen=${catalog.slice("screen:".length)}`;
  return "";
}

const FLOOR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>
`;
const FLOOR_MAIN = `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
);
`;

const FLOOR_ROOT = "node_modules/.cache/bench-floor";
/** The floor app's built files (index.html and assets/), for Lighthouse (bench-lighthouse.js). */
export const FLOOR_OUT = join(FLOOR_ROOT, "out");

/**
 * Builds the floor: React 19 + react-dom rendering one heading, with the same Vite, plugin and
 * target as the core. Lives under node_modules/.cache so it resolves this project's packages.
 * @returns {Promise<number>} gzip bytes of its JavaScript
 */
export async function floorWeight() {
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const root = FLOOR_ROOT;
  await mkdir(root, { recursive: true });
  await writeFile(join(root, "index.html"), FLOOR_HTML);
  await writeFile(join(root, "main.jsx"), FLOOR_MAIN);
  await build({
    root,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir: "out", emptyOutDir: true, manifest: true, target: "es2022" },
  });
  return (await routeWeight(FLOOR_OUT, [], null)).js;
}
