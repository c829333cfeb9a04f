// StrykerJS 10 mutation testing (npm run mutation; scripts/mutation.sh runs it from its own tool
// folder, scripts/tools/mutation, under the newest Node LTS). Not part of npm test: it is slow.
// Options: https://stryker-mutator.io/docs/stryker-js/configuration/
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  coverageAnalysis: "perTest",
  mutate: [
    "storefront/src/domain/**/*.ts",
    "storefront/src/stores/**/*.ts",
    "storefront/src/stores/**/*.tsx",
    "cli/config/**/*.ts",
  ],
  // TypeScript 7 has no JS API: a tsconfig Stryker can find crashes its tsconfig preprocessor,
  // so it is pointed at a file that does not exist (types are checked by tsc in npm test).
  tsconfigFile: "stryker-has-no-tsconfig.json",
  ignorePatterns: [
    "dist",
    ".cache",
    "bench-results",
    "test-results",
    "playwright-report",
    "reports",
    "test/e2e",
  ],
  tempDirName: ".cache/stryker-tmp",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The machines have 2 cores shared with other work: at most 2 test runners.
  concurrency: 2,
  timeoutMS: 10000,
  thresholds: { high: 90, low: 80, break: null },
};
