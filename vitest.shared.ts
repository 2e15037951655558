// Shared vitest settings: tests import every @arena/* package from its source, so a package's
// tests never depend on another package having been built first.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { ViteUserConfig } from "vitest/config";
import { loadScaled } from "./packages/core/src/testing/load-scaled";

const root = fileURLToPath(new URL(".", import.meta.url));
const packages = [
  "core",
  "bots",
  "moneyheist",
  "madmax",
  "madmax-revisited",
  "dragonball",
  "lighthouses",
  "cli",
  "viewer",
  "tournament",
  "queue",
  "server",
];

export const sharedConfig: ViteUserConfig = {
  resolve: {
    alias: [
      ...packages.map((name) => ({
        find: new RegExp(`^@arena/${name}$`),
        replacement: `${root}packages/${name}/src/index.ts`,
      })),
      // The shared test helpers too: from the built one, an error thrown by a game (from core's
      // source) would not be an instance of the helpers' `ArenaError`.
      { find: /^@arena\/core\/testing$/, replacement: `${root}packages/core/src/testing.ts` },
      { find: /^@arena\/bots\/testing$/, replacement: `${root}packages/bots/src/testing.ts` },
    ],
  },
  test: {
    // One fork runs a package's files one after the other and keeps the modules they import
    // (@arena/* from src/, transformed once): a fork per file re-imported them for every file,
    // about 0.7 s of CPU each. Test files are still evaluated afresh; no test relies on a module's
    // state left by another file (each file makes its own temporary directories and matches).
    isolate: false,
    // What vite made of each module (the @arena/* sources, the test files) is kept on disk and
    // reused by the next run of any package while the file is unchanged (vitest hashes its
    // content, the config and the lockfile): about 2 s of CPU less per package on a warm run
    // (madmax-revisited's run 14.3 → 11.8 s), ≈ 1.5 s more on the run that fills it. A folder per
    // package: vitest empties its cache folder when the lockfile changed, and packages whose tests
    // ran side by side in one folder failed at start-up (ENOTEMPTY) as one emptied it while
    // another filled it.
    experimental: {
      fsModuleCache: true,
      fsModuleCachePath: `${root}node_modules/.vitest-module-cache/${relative(root, process.cwd()).replaceAll("/", "-") || "root"}`,
    },
    reporters: ["default", "json"],
    outputFile: { json: "test-results.json" },
    // Hang nets, not speed checks: a test of whole matches of bot processes took over 60 s on a
    // 2-core machine at load 20–30; no test asserts how long anything takes. Stretched by the
    // machine's load when the run starts (core's `loadScaled`: × load per core, 1–10).
    testTimeout: loadScaled(300_000),
    hookTimeout: loadScaled(300_000),
  },
};
