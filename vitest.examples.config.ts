// The examples' tests in one vitest run, as `pnpm test` runs them (scripts/test.mjs): each
// example's test imports @arena/cli, and one process importing it once instead of once per
// example saves about half their CPU (nine runs 37 s, one run 19 s, side by side under load).
// Each example still has its own `vitest run` for `npm test` in its folder.
import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "./vitest.shared";

export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      include: ["examples/*/*.test.ts"],
      // One process: the modules every example imports are loaded once (the shared config's
      // `isolate: false`); the runner tests other packages beside it.
      maxWorkers: 1,
    },
  }),
);
