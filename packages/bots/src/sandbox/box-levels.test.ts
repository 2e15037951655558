// The box's own processes (coreutils' `timeout`, bubblewrap, bubblewrap's init: a few MiB) are not
// the bot's: a memory cap counts the bot's processes only. Seen failing before: a C++ player was
// frozen with "used 65 MiB of memory, over the limit of 64 MiB" while its own process was within
// its cap, the box's ≈ 5.5 MiB counted in.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { startWatchdog, Watch } from "../cpp/watchdog";
import { ProcessUsageReader } from "../process/process-usage";
import { BOX_LEVELS } from "./box";
import { sandboxed, sandboxSupport } from "./sandbox";

const MiB = 1024 * 1024;
/** Above a `sleep`'s own resident size (≈ 2 MiB), below the box's processes' with it (≈ 7 MiB). */
const CAP = 4 * MiB;

const support = sandboxSupport();

describe.skipIf(!support.available)("the box's own processes", () => {
  const started: ChildProcess[] = [];
  /** A boxed `sleep`: the pid of the box's first process (what arena spawns). */
  const boxedSleep = (): number => {
    const [program, ...args] = sandboxed(["sleep", "60"], { cwd: "/tmp", scratchBytes: 4096 });
    const child = spawn(program!, args, { stdio: "ignore" });
    started.push(child);
    return child.pid!;
  };
  /** The command names from `pid` down its first children (one process a level). */
  const chain = (pid: number): string[] => {
    const names: string[] = [];
    for (let p: number | undefined = pid; p !== undefined; ) {
      names.push(readFileSync(`/proc/${p}/comm`, "latin1").trim());
      const children = readFileSync(`/proc/${p}/task/${p}/children`, "latin1").trim();
      p = children === "" ? undefined : Number(children.split(" ")[0]);
    }
    return names;
  };
  /** Waits until the box runs its program (bubblewrap has set it up). */
  const running = async (pid: number): Promise<void> => {
    for (let k = 0; k < 600 && chain(pid).length <= BOX_LEVELS; k++) await sleep(50);
  };
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
  });

  it(`are the ${BOX_LEVELS} levels above the program`, async () => {
    const pid = boxedSleep();
    await running(pid);
    expect(chain(pid)).toEqual(["timeout", "bwrap", "bwrap", "sleep"]);
  });

  it("do not count in a C++ player's memory cap (the watchdog)", async () => {
    await startWatchdog();
    const pid = boxedSleep();
    await running(pid);
    const limits = { wallMs: Number.POSITIVE_INFINITY, cpuMs: Number.POSITIVE_INFINITY };
    const player = new Watch(pid, -1, 0, BOX_LEVELS);
    player.begin({ ...limits, memoryBytes: CAP });
    // The worker looks every 20 ms: it has looked many times by then.
    await sleep(1000);
    expect(player.end()).toBe(true);
    player.release();
    // The same tree with every level counted is over the cap: the box's processes are that large.
    const other = boxedSleep();
    await running(other);
    const whole = new Watch(other, -1, 0, 0);
    whole.begin({ ...limits, memoryBytes: CAP });
    const box = started.at(-1)!;
    for (let k = 0; k < 600 && box.exitCode === null && box.signalCode === null; k++)
      await sleep(50);
    expect(whole.end()).toBe(false);
    expect(whole.stopped().reason).toBe("memory");
    whole.release();
  });

  it("do not count in a bot's resident size (module and exec: bots)", async () => {
    const pid = boxedSleep();
    await running(pid);
    const bot = new ProcessUsageReader(pid, true, BOX_LEVELS);
    const whole = new ProcessUsageReader(pid, true);
    const own = bot.read()!;
    expect(own.rssBytes).toBeGreaterThan(0);
    expect(own.rssBytes).toBeLessThan(CAP);
    expect(whole.read()!.rssBytes).toBeGreaterThan(CAP);
    // Their CPU time and their number still count (a cap on processes allows for them).
    expect(own.processes).toBe(BOX_LEVELS + 1);
    bot.close();
    whole.close();
  });
});
