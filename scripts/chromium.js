// Debian's Chromium, as the browser tests and the benchmark launch it. The networking flags
// matter: without them Chromium floods these machines' closed network at every start.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The browser tests drive Debian's headless shell (package chromium-headless-shell): the same
// Blink and V8 as the Chromium above without the desktop browser around them, and 40% less CPU
// for the same specs on a 2-core machine (the whole browser suite: 15 min → 8 min). The
// benchmark keeps the full Chromium, which is what Lighthouse measures a phone with.
export const TEST_BROWSER_PATH =
  process.env.TEST_BROWSER_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
