import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// Packing, installing and type-checking whole projects: generous limits that only stop a hang
// (nothing here asserts a duration). One fork for both files: the TypeScript lib files and the
// packages' declarations parsed for one file's programs are reused by the other's
// (compiler-host.ts); two forks would each parse them. The README walkthrough test runs in that fork
// too, in turn (its matches run in the cli's own processes).
export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000, maxWorkers: 1 } }),
);
