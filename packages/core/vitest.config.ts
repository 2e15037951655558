import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      // Each file's temporary directories removed after it.
      setupFiles: ["src/__fixtures__/temp-dirs-setup.ts"],
    },
  }),
);
