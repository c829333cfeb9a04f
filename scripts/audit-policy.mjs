// The offline half of scripts/audit.mjs: for every production package, the first version free
// of its known advisories, or a written decision why it has no entry. Each minimum names the
// advisory it comes from (GitHub Advisory Database / OSV, read on the dates given); nothing here
// is guessed. A package below its minimum, a known-malicious version, or a production
// dependency of package.json with neither a minimum nor a decision fails the test command
// (test/unit/tooling/audit.test.ts).

import semver from "semver";

/**
 * package → the first fixed version per major line (the one of the installed major applies; a
 * major newer than every listed one counts as fixed), and why.
 */
export const FIXED = {
  // --- direct production dependencies ----------------------------------------------------
  handlebars: {
    versions: ["4.7.9"],
    why: "CVE-2026-33916 (prototype pollution → XSS via partials), GHSA-765h-qjxv-5f44",
  },
  yaml: { versions: ["2.2.2"], why: "CVE-2023-2251 (uncaught exception on crafted input)" },
  zod: { versions: ["3.22.3"], why: "CVE-2023-4316 (ReDoS in the e-mail check)" },
  "react-router": {
    versions: ["7.18.2"],
    why: "GHSA-qwww-vcr4-c8h2 (7.x fix 7.18.2), GHSA-2j2x-hqr9-3h42 (7.14.1), CVE-2026-33244 (7.13.2), CVE-2026-22029 (7.12.0), CVE-2025-59057 (7.9.0)",
  },
  // react-router-dom only re-exports react-router, released in step with it.
  "react-router-dom": { versions: ["7.18.2"], why: "ships react-router: the same advisories" },
  vite: {
    versions: ["6.4.3", "7.3.5", "8.0.16"],
    why: "CVE-2026-53571 (server.fs.deny bypass), CVE-2026-39363/39364/39365 (7.3.2), GHSA-93m4-6634-74q7",
  },
  "jpeg-js": {
    versions: ["0.4.4"],
    why: "CVE-2022-25851 (infinite loop on a crafted JPEG), CVE-2020-8175 (0.4.0) — the demo backend decodes uploaded selfies",
  },
  // --- notable transitive production packages --------------------------------------------
  koa: {
    versions: ["2.16.2", "3.0.1"],
    why: "CVE-2025-8129 (open redirect in ctx.back), CVE-2025-32379 (XSS in redirect), CVE-2025-25200 (ReDoS) — oidc-provider's server",
  },
  jose: {
    versions: ["2.0.7", "4.15.5"],
    why: "CVE-2024-28176 (JWE decompression DoS; v5+ dropped compression) — oidc-provider's JOSE",
  },
  cookie: { versions: ["0.7.0"], why: "CVE-2024-47764 (cookie name/path/domain injection)" },
  "@babel/core": { versions: ["7.29.6"], why: "CVE-2026-49356" },
  "@babel/traverse": {
    versions: ["7.23.2"],
    why: "CVE-2023-45133 (code execution while compiling crafted code)",
  },
  "@babel/helpers": {
    versions: ["7.26.10"],
    why: "CVE-2025-27789 (ReDoS in generated named-group code)",
  },
  "@babel/runtime": { versions: ["7.26.10"], why: "CVE-2025-27789" },
  esbuild: { versions: ["0.25.0"], why: "GHSA-67mh-4wv8-2f99 (dev server answers any origin)" },
  postcss: { versions: ["8.5.14"], why: "CVE-2026-41305; CVE-2023-44270 (8.4.31)" },
  nanoid: { versions: ["3.3.8"], why: "CVE-2024-55565 (predictable ids for non-integer sizes)" },
  braces: { versions: ["3.0.3"], why: "CVE-2024-4068 (memory exhaustion)" },
  micromatch: { versions: ["4.0.8"], why: "CVE-2024-4067 (ReDoS)" },
  "cross-spawn": { versions: ["6.0.6", "7.0.5"], why: "CVE-2024-21538 (ReDoS)" },
  "brace-expansion": {
    versions: ["1.1.12", "2.0.2", "3.0.1", "4.0.1"],
    why: "CVE-2025-5889 (ReDoS)",
  },
  glob: {
    versions: ["10.5.0", "11.1.0"],
    why: "CVE-2025-64756 (command injection in the glob CLI)",
  },
  "js-yaml": {
    versions: ["3.14.2", "4.1.1"],
    why: "CVE-2025-64718 (prototype pollution through merge keys)",
  },
  json5: { versions: ["1.0.2", "2.2.2"], why: "CVE-2022-46175 (prototype pollution)" },
  semver: { versions: ["5.7.2", "6.3.1", "7.5.2"], why: "CVE-2022-25883 (ReDoS)" },
  minimist: { versions: ["1.2.6"], why: "CVE-2021-44906 (prototype pollution)" },
  debug: { versions: ["2.6.9", "3.1.0"], why: "CVE-2017-16137 (ReDoS)" },
};

/**
 * Versions published by the 2025-09-08 npm account takeover (malware in chalk, debug and their
 * neighbours). Exact versions, not ranges: the versions after them are clean.
 */
export const MALICIOUS = {
  debug: ["4.4.2"],
  chalk: ["5.6.1"],
  "ansi-styles": ["6.2.2"],
  "ansi-regex": ["6.2.1"],
  "strip-ansi": ["7.1.1"],
  "supports-color": ["10.2.1"],
  "color-convert": ["3.1.1"],
  "color-name": ["2.0.1"],
  "error-ex": ["1.3.3"],
  "is-arrayish": ["0.3.3"],
};

/**
 * Production dependencies of package.json without a minimum: no advisory against them was found
 * (GitHub Advisory Database, OSV, 2026-11-22), and what they do here. Review these on every
 * upgrade; an advisory turns the decision into an entry of FIXED.
 */
export const DECISIONS = {
  "@lingui/babel-plugin-lingui-macro": "no advisory; build-time macro over our own sources",
  "@lingui/cli": "no advisory; build-time, reads and compiles our own .po files",
  "@lingui/conf": "no advisory; build-time, reads our own lingui.config.ts",
  "@lingui/core": "no advisory; formats our own catalogs",
  "@lingui/react": "no advisory; renders our own catalogs",
  "@lingui/vite-plugin": "no advisory; build-time, compiles our own .po files",
  "@tanstack/react-virtual": "no advisory; layout math for the photo grid",
  "@vitejs/plugin-react": "no advisory; build-time (its babel, esbuild and vite have entries)",
  "@aws-sdk/client-s3":
    "no advisory for 3.x (GitHub Advisory Database, OSV, 2026-11-26); signs and sends `storefront publish --to s3://` requests to the operator's own store, never at build or in the browser",
  "@capsizecss/metrics": "no advisory; data only (Arial's metrics for the brand font's fallback)",
  "@capsizecss/unpack":
    "no advisory; reads the metrics of the tenant's checked, size-bounded WOFF2 fonts at build time",
  "@csstools/css-tokenizer":
    "no advisory; tokenizes the CSS inside tenant SVGs for the allow-list check (CLI only)",
  "@pdf-lib/fontkit":
    "no advisory; subsets the bundled DejaVu font into the policy PDF at build time",
  "@resvg/resvg-wasm":
    "no advisory; draws the brand's app icons and share card from its checked logo at build time, in a worker with a time limit (CLI only)",
  commander: "no advisory; parses the CLI's own arguments",
  "dejavu-fonts-ttf":
    "no advisory; font data only, embedded (as a subset) in the policy PDF and drawn in the brand images",
  "pdf-lib": "no advisory; writes the policy PDF from our own catalogs at build time",
  pofile: "no advisory; reads our own .po catalogs for the policy PDF at build time",
  saxes: "no advisory; parses tenant SVGs (well-formedness, namespaces) for the allow-list check",
  culori: "no advisory; parses the tenant's palette colours for the contrast check (CLI only)",
  fflate: "no advisory; zips demo archives in the preview",
  mobx: "no advisory; state of the storefront",
  "mobx-react-lite": "no advisory; binds MobX to React",
  "oidc-client-ts": "no advisory; sign-in client (authorization code + PKCE)",
  "oidc-provider":
    "no advisory for 9.x; runs only inside `storefront preview` on loopback (its koa and jose have entries)",
  react: "no advisory for react itself (CVE-2025-55182 is react-server-dom-*, not used here)",
  "react-dom": "no advisory; client rendering only (no server components)",
  sass: "no advisory for dart-sass on npm; compiles only the tenant's validated theme tokens",
  tsx: "no advisory; runs the CLI sources when the bundle is stale",
};

/** a >= b, by semantic versioning: a pre-release comes before its release (8.0.16-beta.1 < 8.0.16). */
export function atLeast(a, b) {
  return semver.gte(a, b);
}

/** The minimum that applies to `installed`: its major's entry; none when a newer major. */
export function minimumFor(installed, versions) {
  const major = semver.major(installed);
  const same = versions.find((v) => semver.major(v) === major);
  if (same) return same;
  const oldest = [...versions].sort(semver.compare)[0];
  // Older than every fixed line: the oldest fix is the way forward; newer than all: fixed.
  return major < semver.major(oldest) ? oldest : null;
}

/** Every problem of a lockfile and package.json, as lines for the console (empty: all good). */
export function offlineProblems(lock, pkg, policy = { FIXED, DECISIONS, MALICIOUS }) {
  const problems = [];
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    if (!policy.FIXED[name] && !policy.DECISIONS[name]) {
      problems.push(
        `${name}: a production dependency with no known-fixed minimum and no decision in scripts/audit-policy.mjs`,
      );
    }
  }
  for (const [path, info] of Object.entries(lock.packages ?? {})) {
    if (!path || info.dev || typeof info.version !== "string") continue;
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    if (policy.MALICIOUS[name]?.includes(info.version)) {
      problems.push(`${path} ${info.version}: a known-malicious release (2025-09-08 npm takeover)`);
    }
    const fix = policy.FIXED[name];
    const minimum = fix && minimumFor(info.version, fix.versions);
    if (minimum && !atLeast(info.version, minimum)) {
      problems.push(`${path} ${info.version} < ${minimum}: ${fix.why}`);
    }
  }
  return problems;
}
