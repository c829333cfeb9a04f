import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { messageParts } from "./cli/build/message-parts.ts";

/**
 * The unit tests in three projects (docs/testing.md, "The unit tests' three projects"):
 * - quick: no process started, no bundle built, no daemon: lint, types and these are
 *   `npm run test:quick`, the inner loop of a minute;
 * - integration: the real CLI as a process, bundles built, the dev loop, real PDF tools;
 * - daemons: what needs a real sshd, nginx or Ceph: the Ceph cluster starts once per run
 *   (test/unit/publish/daemons.setup.ts) and each file works in its own bucket.
 * `test/unit/tooling/test-projects.test.ts` keeps a file that starts a process or builds a
 * bundle out of the quick project.
 */
export const DAEMON_TESTS = [
  "test/unit/publish/previews.test.ts",
  "test/unit/publish/s3-publish.test.ts",
  "test/unit/publish/s3-zero-downtime.test.ts",
  "test/unit/publish/ssh-target.test.ts",
  "test/unit/publish/zero-downtime.test.ts",
];

export const INTEGRATION_TESTS = [
  "test/unit/account/offer-pdf.test.ts",
  "test/unit/account/policy-pdf.test.ts",
  "test/unit/build/brand-font-build.test.ts",
  "test/unit/build/brand-images.test.ts",
  "test/unit/build/build.test.ts",
  "test/unit/build/extends-build.test.ts",
  "test/unit/build/incremental.test.ts",
  "test/unit/build/merge.test.ts",
  "test/unit/build/precompress.test.ts",
  "test/unit/build/shard.test.ts",
  "test/unit/build/size-budget.test.ts",
  "test/unit/build/tenant-pool.test.ts",
  "test/unit/dev/dev-tenant.test.ts",
  "test/unit/dev/open-in-editor.test.ts",
  "test/unit/dev/rebuild-work.test.ts",
  "test/unit/dev/serve-usage.test.ts",
  "test/unit/hostile/render.test.ts",
  "test/unit/publish/ci-recipe.test.ts",
  "test/unit/publish/publish.test.ts",
  "test/unit/routes/route-table.test.ts",
  "test/unit/security/assets.test.ts",
  "test/unit/tooling/build-output.test.ts",
  "test/unit/tooling/check-api-cli.test.ts",
  "test/unit/tooling/cli-freshness.test.ts",
  "test/unit/tooling/cli-usage.test.ts",
  "test/unit/tooling/mutation-summary.test.ts",
  "test/unit/tooling/new.test.ts",
  "test/unit/tooling/no-silent-skips.test.ts",
  "test/unit/tooling/preview-options.test.ts",
  "test/unit/tooling/preview-output.test.ts",
  "test/unit/preview/first-byte-language.test.ts",
];

export default defineConfig({
  plugins: [
    // The first screen's part of a catalog (i18n.ts imports it): in tests, the whole catalog.
    messageParts(import.meta.dirname),
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    lingui(),
  ],
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1); the tests of one file
    // run in order, and two files at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "quick",
          isolate: false,
          include: ["test/unit/**/*.test.{ts,tsx}"],
          exclude: [...DAEMON_TESTS, ...INTEGRATION_TESTS],
        },
      },
      { extends: true, test: { name: "integration", include: INTEGRATION_TESTS } },
      {
        extends: true,
        test: {
          name: "daemons",
          include: DAEMON_TESTS,
          globalSetup: ["test/unit/publish/daemons.setup.ts"],
        },
      },
    ],
  },
});
