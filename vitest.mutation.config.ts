import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The unit tests StrykerJS runs against each mutant (npm run mutation): the ones that exercise
// storefront/src/domain, storefront/src/stores and cli/config. The build, tooling and
// demo-server suites, the preview's security tests and the rendering fuzz start builds and
// servers; they are slow and kill no mutant there.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "test/unit/build/**",
        "test/unit/tooling/**",
        "test/unit/demo/**",
        "test/unit/security/preview.test.ts",
        "test/unit/security/proxy.test.ts",
        "test/unit/security/multipart.test.ts",
        "test/unit/hostile/render.test.ts",
      ],
    },
  }),
);
