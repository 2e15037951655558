// Keeping a thread, and the processes it starts, on one CPU (real `taskset`, real /proc).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { runMatch } from "@arena/core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { engine, kitDir } from "../__fixtures__/cpp-counter-kit";
import { fixture, hasCompiler } from "../__fixtures__/helpers";
import { cppBot } from "./cpp-bot";
import { childrenOf, chooseCpu, freeCpu, keepOnOneCpu, keptCpu, keptCpus } from "./one-cpu";

const cpusOf = (statusText: string) =>
  /^Cpus_allowed_list:\s*(\S+)/m.exec(statusText)?.[1] ?? "(none)";
const threadCpus = () => cpusOf(readFileSync("/proc/thread-self/status", "latin1"));
const expand = (list: string) =>
  list.split(",").flatMap((range) => {
    const [from, to] = range.split("-").map(Number);
    return Array.from({ length: (to ?? from!) - from! + 1 }, (_, k) => from! + k);
  });

const linux = process.platform === "linux";
const hasTaskset = linux && spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;
const allowed = linux ? expand(threadCpus()) : [];
const runnable = hasTaskset && allowed.length >= 2;
if (!runnable)
  console.warn(
    "one-CPU tests skipped: they need Linux, taskset (util-linux) and at least 2 CPUs allowed",
  );

describe("chooseCpu", () => {
  it("takes the CPU the thread runs on when no fewer tasks are kept on another", () => {
    expect(chooseCpu([0, 1, 2, 3], new Map(), 2)).toBe(2);
    expect(chooseCpu([0, 1, 2, 3], new Map([[0, 1]]), 2)).toBe(2);
  });
  it("moves to a free CPU when another task is kept on this one", () => {
    expect(chooseCpu([0, 1, 2, 3], new Map([[2, 1]]), 2)).toBe(0);
    expect(chooseCpu([0, 1], new Map([[0, 1]]), 0)).toBe(1);
    // With every CPU taken, the least taken; the current one when it is among them.
    expect(
      chooseCpu(
        [0, 1],
        new Map([
          [0, 2],
          [1, 1],
        ]),
        0,
      ),
    ).toBe(1);
    expect(
      chooseCpu(
        [0, 1],
        new Map([
          [0, 1],
          [1, 1],
        ]),
        1,
      ),
    ).toBe(1);
    // A CPU outside the allowed ones is never taken.
    expect(chooseCpu([2, 3], new Map([[2, 1]]), 0)).toBe(3);
  });
});

describe.skipIf(!runnable)("keepOnOneCpu (real taskset)", () => {
  // The run's compile cache (the kit's adapter and AICounter compiled once, see cpp-cache-setup.ts).
  const cacheDir = inject("cppCacheDir");
  afterEach(() => freeCpu());

  it("keeps this thread and the processes it starts on one CPU; freeCpu gives the thread its CPUs back", () => {
    const before = threadCpus();
    const cpu = keepOnOneCpu();
    expect(allowed).toContain(cpu);
    expect(threadCpus()).toBe(String(cpu));
    // A process started now inherits it.
    const child = spawnSync("cat", ["/proc/self/status"], { encoding: "latin1" });
    expect(cpusOf(child.stdout)).toBe(String(cpu));
    // Asked again: the same CPU.
    expect(keepOnOneCpu()).toBe(cpu);
    freeCpu();
    expect(threadCpus()).toBe(before);
    const after = spawnSync("cat", ["/proc/self/status"], { encoding: "latin1" });
    expect(cpusOf(after.stdout)).toBe(before);
  });

  it("sees the CPU another thread of this process is kept on, and avoids it", async () => {
    // A thread that says its task id, then waits to be told to end.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const fs = require("node:fs");
       parentPort.postMessage(fs.readlinkSync("/proc/thread-self").split("/").pop());
       Atomics.wait(workerData, 0, 0);`,
      { eval: true, workerData: stop },
    );
    try {
      const task = await new Promise<string>((resolve) => worker.once("message", resolve));
      for (const taken of allowed.slice(0, 2)) {
        expect(spawnSync("taskset", ["-p", "-c", String(taken), task]).status).toBe(0);
        const self = readFileSync("/proc/thread-self/stat", "latin1").split(" ")[0]!;
        expect(keptCpus([String(process.pid)], self).get(taken)).toBe(1);
        const cpu = keepOnOneCpu();
        expect(cpu).not.toBe(taken);
        expect(allowed).toContain(cpu);
        freeCpu();
      }
    } finally {
      Atomics.store(stop, 0, 1);
      Atomics.notify(stop, 0);
      await worker.terminate();
    }
  });

  it("sees the CPU a process beside it is kept on", async () => {
    // Seen from a process whose parent is this one: its siblings are this one's children.
    const taken = allowed[1]!;
    const sibling = spawn("taskset", ["-c", String(taken), "sleep", "60"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => sibling.once("spawn", resolve));
      const pid = String(sibling.pid);
      // `taskset` has exec'd `sleep` once the sibling is kept on the CPU: wait for it.
      for (let k = 0; k < 500; k++) {
        if (readFileSync(`/proc/${pid}/cmdline`, "latin1").startsWith("sleep")) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(childrenOf(process.pid)).toContain(pid);
      expect(keptCpus(childrenOf(process.pid), "").get(taken)).toBe(1);
    } finally {
      sibling.kill("SIGKILL");
    }
  });

  // Compiling the counter kit's player takes a few seconds (much more on a busy machine).
  it.skipIf(!hasCompiler)(
    "a C++ player with oneCpu runs on the CPU the thread that plays it is kept on",
    { timeout: 180_000 },
    async () => {
      const before = threadCpus();
      const controller = await cppBot(engine, join(kitDir, "AICounter.cc"), {
        cacheDir,
        oneCpu: true,
        // The player's process says its CPUs on stderr, then becomes the player.
        wrap: (argv) => [
          "sh",
          "-c",
          'grep Cpus_allowed_list /proc/self/status >&2; exec "$0"',
          ...argv,
        ],
      });
      const result = await runMatch(engine, {
        config: { rounds: 5, turnBased: false },
        seed: 1,
        players: [{ name: "x", controller }],
      });
      expect(result.players[0]!.fault).toBeUndefined();
      const cpu = keepOnOneCpu();
      expect(threadCpus()).toBe(String(cpu));
      expect(cpusOf(controller.stderr?.() ?? "")).toBe(String(cpu));
      freeCpu();
      expect(threadCpus()).toBe(before);
    },
  );

  it.skipIf(!hasCompiler)(
    "a player spinning on the CPU it shares with arena's thread is still stopped at its limit",
    { timeout: 180_000 },
    async () => {
      // The spin mode of the C++ test players (AIModes.cc, compiled once for the run).
      const controller = await cppBot(engine, fixture("cpp-players/AIModes.cc"), {
        cacheDir,
        oneCpu: true,
        wrap: (argv) => ["env", "ARENA_TEST_PLAYER=spin", ...argv],
      });
      const result = await runMatch(engine, {
        config: { rounds: 4, turnBased: false },
        seed: 1,
        players: [{ name: "x", controller }],
        // Generous: a busy machine must not make rounds 0 and 1 late.
        budget: { turnMs: 100, wallMs: 3000 },
      });
      expect(keptCpu()).toBeDefined();
      const spin = result.players[0]!;
      expect(spin.frozen).toBe(true);
      expect(spin.frozenAtRound, spin.fault).toBe(2);
      // Stopped at its CPU limit (read from /proc by the watchdog), long before the wall-clock net.
      expect(spin.fault).toMatch(
        /^used \d+ ms of CPU time for its turn, over the limit of 100 ms by \d+ ms \(grace 20 ms\)$/,
      );
    },
  );
});
