import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The unit tests StrykerJS runs against each mutant (npm run mutation): the ones that exercise
// storefront/src/domain, storefront/src/stores and cli/config. The build, tooling, demo-server,
// security and hostile suites start builds and servers; they are slow and kill no mutant there.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "test/unit/build/**",
        "test/unit/tooling/**",
        "test/unit/demo/**",
        "test/unit/security/**",
        "test/unit/hostile/**",
      ],
    },
  }),
);
