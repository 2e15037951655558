// vitest globalSetup: the compile cache of the run's C++ test players (cpp-bot.test.ts and
// one-cpu.test.ts): the games' persistent one (`arena-cpp-test-cache` under the system's
// temporary directory, as `cppTestbed` sets for the games' C++ tests), content-keyed, so
// that a rerun compiles nothing of the counter kit's adapter, AICounter.cc and the test players
// (≈ 6 s of g++ CPU on a cold cache, the first run after a change of a source, the kit or the
// shared headers). The tests whose claim is about compiling (a second player, a changed shared
// header) compile a source of their own made unique to the run, and remove its entries at the
// end. Concurrent compiles of one player (two forks, other packages) are safe: the cache
// publishes a whole entry by rename and the loser uses the winner's.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The C++ compile cache directory of the tests (`inject("cppCacheDir")`). */
    cppCacheDir: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide("cppCacheDir", join(tmpdir(), "arena-cpp-test-cache"));
}
