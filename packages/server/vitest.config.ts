import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// Two forks, also on a 2-core machine (vitest's default there is one), as the cli's: most of the
// server's tests' time is waiting (a slow player's sleep, a server or Redis worker starting,
// Chromium, polls of the API), which the other fork fills.
export default mergeConfig(sharedConfig, defineConfig({ test: { maxWorkers: 2 } }));
