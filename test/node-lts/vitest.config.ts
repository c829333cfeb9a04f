import { defineConfig } from "vitest/config";

/**
 * What can differ by Node version, run by the test command under the newest Node LTS
 * (scripts/test-all.sh) after the machine's Node built every tenant into dist/: the same build
 * under the LTS, byte for byte, and each CLI command once. The rest of the unit tests run once,
 * under the machine's Node.
 */
export default defineConfig({
  test: {
    include: ["test/node-lts/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // One file at a time: the bundles' test empties the core's cache that the commands' builds
    // use (each build uses both cores anyway).
    fileParallelism: false,
    // The core built by this Node into a cache of its own, not taken from the machine's Node's.
    env: { STOREFRONT_CORE_CACHE: ".cache/core-node-lts" },
  },
});
