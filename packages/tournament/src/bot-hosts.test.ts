import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterEngine, crashingBot, statefulBot } from "./__fixtures__/bots";
import { BotHosts } from "./bot-hosts";
import { type MatchTask, playTask, type TaskResult } from "./play-task";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-bot-hosts-"));
  statefulBot(dir);
  crashingBot(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = { rounds: 10, turnBased: false };
const task = (seed: number, seats: string[]): MatchTask => ({
  engineUrl: "",
  config,
  seed,
  seats: seats.map((spec, k) => ({ name: `p${k}`, spec })),
  cwd: dir,
});
const outcome = ({ durationMs: _, ...rest }: TaskResult) => rest;

/** Processes whose command line names a file of the test directory (bot hosts). */
function hostProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      if (/^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3))) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "latin1").includes(dir)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe("BotHosts", () => {
  it("serves a bot file match after match from the same processes, one per seat, with the outcome of fresh processes", async () => {
    const seats = ["stateful.mjs", "Demo", "stateful.mjs"];
    const fresh: TaskResult[] = [];
    for (const seed of [1, 2, 3]) fresh.push(await playTask(counterEngine, task(seed, seats)));
    const hosts = new BotHosts(counterEngine, "");
    try {
      const kept: TaskResult[] = [];
      const pids: number[][] = [];
      for (const seed of [1, 2, 3]) {
        kept.push(await playTask(counterEngine, task(seed, seats), undefined, hosts));
        pids.push(hosts.pids.sort());
      }
      // Two seats, two processes, the same ones in every match.
      expect(pids[0]).toHaveLength(2);
      expect(pids[1]).toEqual(pids[0]);
      expect(pids[2]).toEqual(pids[0]);
      expect(kept.map(outcome)).toEqual(fresh.map(outcome));
      // A module-level count of turns restarting at 0: 1 + … + 9 + 9 per unit over 10 rounds.
      for (const result of kept) expect(result.scores[0]! - (result.scores[0]! % 10)).toBe(160);
    } finally {
      await hosts.close();
    }
    expect(hostProcesses()).toEqual([]);
  });

  it("never reuses the process of a bot frozen in its match", async () => {
    const hosts = new BotHosts(counterEngine, "");
    try {
      const result = await playTask(
        counterEngine,
        task(1, ["crash.mjs", "Demo"]),
        undefined,
        hosts,
      );
      expect(result.players[0]).toEqual({
        frozen: true,
        fault: "threw Error: boom at round 3",
        frozenAtRound: 3,
      });
      expect(hosts.pids).toEqual([]);
      const again = await playTask(counterEngine, task(1, ["crash.mjs", "Demo"]), undefined, hosts);
      expect(outcome(again)).toEqual(outcome(result));
    } finally {
      await hosts.close();
    }
    expect(hostProcesses()).toEqual([]);
  });
});
