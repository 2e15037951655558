// C++ players in a tournament's matches are played on one CPU with the thread that plays them
// (core's keepOnOneCpu); the caller's thread gets its CPUs back after the match, a pool worker's
// stays there. Real g++, real taskset.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freeCpu, keptCpu } from "@arena/bots";
import { discardUnusedPipes } from "@arena/bots/testing";
import { loadScaled } from "@arena/core/testing";
import { engine } from "@arena/moneyheist";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type MatchTask, playTask } from "./play-task";

const threadCpus = () =>
  /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync("/proc/thread-self/status", "latin1"))?.[1];
const multiCpu =
  process.platform === "linux" &&
  spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0 &&
  /[-,]/.test(threadCpus() ?? "");
const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;
if (!multiCpu || !hasCompiler)
  console.warn(
    "tournament one-CPU test skipped: it needs Linux, taskset, at least 2 CPUs allowed and g++",
  );

/** The C++ player that gives no orders (core's test fixture, for any game's kit). */
const nullPlayer = fileURLToPath(
  new URL("../../bots/src/__fixtures__/cpp-players/AINull.cc", import.meta.url),
);

describe.skipIf(!multiCpu || !hasCompiler)(
  "C++ players on one CPU",
  { timeout: loadScaled(300_000) },
  () => {
    // The compile cache the games' C++ tests share (kept between runs).
    process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
    const dir = mkdtempSync(join(tmpdir(), "arena-tournament-cpu-"));
    const task = (seed: number): MatchTask => ({
      engineUrl: "",
      config: engine.defaultConfig() as MatchTask["config"],
      seed,
      seats: [
        { name: "Null", spec: nullPlayer },
        { name: "Demo", spec: "Demo" },
        { name: "Demo2", spec: "Demo" },
        { name: "Demo3", spec: "Demo" },
      ],
      cwd: dir,
    });
    afterEach(() => freeCpu());
    // The players' named pipes made ahead too: the test runner's worker does not end by `exit`.
    afterAll(() => {
      rmSync(dir, { recursive: true, force: true });
      discardUnusedPipes();
    });

    it("the caller's thread gets its CPUs back after the match; a pool worker's stays on one", async () => {
      const before = threadCpus();
      const first = await playTask(engine, task(1));
      expect(first.players.map((player) => player.fault)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(keptCpu()).toBeUndefined();
      expect(threadCpus()).toBe(before);
      // As a pool's worker plays it.
      await playTask(engine, task(2), undefined, undefined, true);
      const cpu = keptCpu();
      expect(cpu).toBeDefined();
      expect(threadCpus()).toBe(String(cpu));
      freeCpu();
      expect(threadCpus()).toBe(before);
    });
  },
);
