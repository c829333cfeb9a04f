import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { loadCatalog } from "./i18n.ts";
import { readSettings } from "./settings.ts";
import { RootStore } from "./stores/RootStore.ts";
import { safeStorage } from "./stores/types.ts";
import { whenThemeReady } from "./theme-gate.ts";
import "./styles/main.scss";

const html = document.documentElement;
const touch = window.matchMedia("(pointer: coarse)").matches || "ontouchstart" in window;
html.classList.add(touch ? "touch" : "no-touch");

const store = new RootStore({
  settings: readSettings(document),
  host: window.location.host,
  storage: safeStorage(window.localStorage),
  browserLanguages: navigator.languages ?? [navigator.language],
  width: window.innerWidth,
  touch,
  loadCatalog,
  origin: window.location.origin,
});

window.addEventListener("unhandledrejection", (event) => store.errors.report(event.reason));

const [themeReady] = await Promise.all([whenThemeReady(html), store.language.init()]);
if (!themeReady) store.errors.report("theme stylesheet did not load");
store.settings.markThemeReady();

const root = document.getElementById("root");
if (root) createRoot(root).render(<App store={store} />);
