import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The unit tests StrykerJS runs against each mutant (npm run mutation): the ones that exercise
// storefront/src/domain, storefront/src/stores and cli/config. The build, tooling, dev-loop,
// publish and demo-server suites, the preview's security tests and the rendering fuzz start
// builds, servers and daemons; they are slow, kill no mutant there, and a build in Stryker's
// sandbox copy of the project is not the one such a test expects.
//
// MUTATION_TESTS=quick (for a run over cli/config while killing its survivors) also leaves out
// the loader's property fuzz (test/unit/hostile/loader-fuzz.test.ts). It covers nearly every
// cli/config mutant and feeds each one hundreds of random files (seconds per mutant, most of a
// run's time), while the config tests pin the same rules with named files; the default
// selection keeps it, so a full run still counts what the fuzz kills.
const quick = process.env.MUTATION_TESTS === "quick";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "test/unit/build/**",
        "test/unit/tooling/**",
        "test/unit/demo/**",
        "test/unit/dev/**",
        "test/unit/publish/**",
        // They read the core build of the sources (instrumented here, so another build) and a
        // table under test/e2e (not copied into the sandbox).
        "test/unit/security/assets.test.ts",
        "test/unit/preview/first-byte-language.test.ts",
        "test/unit/security/preview.test.ts",
        "test/unit/security/proxy.test.ts",
        "test/unit/security/multipart.test.ts",
        "test/unit/hostile/render.test.ts",
        ...(quick ? ["test/unit/hostile/loader-fuzz.test.ts"] : []),
      ],
    },
  }),
);
