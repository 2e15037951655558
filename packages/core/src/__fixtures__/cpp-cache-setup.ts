// vitest globalSetup: one compile cache for the run's C++ test players (cpp-bot.test.ts and
// one-cpu.test.ts compile the counter kit's adapter and AICounter.cc once between them, not once
// per file: ≈ 2 s of g++ CPU each time), removed at the end. A compile test that needs an empty
// cache makes its own. Concurrent compiles of one player (two forks) are safe: the cache
// publishes a whole entry by rename and the loser uses the winner's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's C++ compile cache directory (`inject("cppCacheDir")`). */
    cppCacheDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "arena-cpp-core-"));
  project.provide("cppCacheDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
