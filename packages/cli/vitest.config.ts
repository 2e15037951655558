import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// Two forks, also on a 2-core machine (vitest's default there is one): the cli's files, about
// three minutes one after the other, are the suite's longest package, and much of their time is
// waiting (Chromium, a Redis that is not there, a match followed live), which the other fork
// fills.
export default mergeConfig(sharedConfig, defineConfig({ test: { maxWorkers: 2 } }));
