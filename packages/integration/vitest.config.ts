import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// Packing, installing and type-checking whole projects: generous limits that only stop a hang
// (nothing here asserts a duration).
export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000 } }),
);
