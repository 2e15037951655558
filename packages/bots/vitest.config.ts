import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// Two forks, also on a 2-core machine (vitest's default there is one): a third of the bots' tests' time
// is waiting (bots frozen at a wall-clock limit, sleeping bots), which the other fork fills.
// One C++ compile cache for the run (see the global setup file).
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      maxWorkers: 2,
      globalSetup: ["src/__fixtures__/cpp-cache-setup.ts"],
      // Each file's temporary directories removed after it.
      setupFiles: ["src/__fixtures__/temp-dirs-setup.ts"],
    },
  }),
);
