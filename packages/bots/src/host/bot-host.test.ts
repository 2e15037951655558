import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type Bot,
  type Budget,
  type Controller,
  inProcessBot,
  type MatchResult,
  readReplay,
  runMatch,
  verifyReplay,
} from "@arena/core";
import { afterAll, describe, expect, it } from "vitest";
import type { CounterActions, CounterView } from "../../../core/src/__fixtures__/counter-game.mjs";
import { Demo, engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { counterBonus, fixture, fixtureUrl, tempDir } from "../__fixtures__/helpers";
import { sandboxSupport } from "../sandbox/sandbox";
import { transpileTypeScriptBot } from "../typescript/typescript";
import { BotHost, hostedBot } from "./bot-host";

const engineUrl = fixtureUrl("counter-game.mjs");
const hostile = fixtureUrl("hostile-bots.mjs");
const hostileFile = fixture("hostile-bots.mjs");
const config = { rounds: 10, turnBased: false };
const bonus = counterBonus(29, 3, 10);

/** Plays like Demo until round 3, then nothing: what a bot frozen at round 3 leaves. */
class DemoUntilThree {
  play(view: CounterView, actions: CounterActions) {
    if (view.round() < 3) new Demo().play(view, actions);
  }
}

/**
 * The well-behaved "Fine" seat's hosts, one per set of host options, shared by the duels (their
 * claims are about the hostile seat: "Fine" is only one of the others it must leave untouched).
 * Their processes (and under the sandbox, what runs inside bubblewrap) are not counted as left by
 * a duel; they are closed, and counted, after the duels.
 */
const fineHosts = new Map<string, BotHost>();

/** The pid's parent, from `/proc` (undefined once it is gone). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** Whether the pid is a shared "Fine" host's process or one of its descendants. */
function inFineHost(pid: number): boolean {
  const roots = new Set<number>();
  for (const host of fineHosts.values()) if (host.pid !== undefined) roots.add(host.pid);
  for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf(at)) {
    if (roots.has(at)) return true;
  }
  return false;
}

/**
 * Processes still running that belong to these tests: a bot host (its command line names the
 * hostile bots' file) or what a hostile bot tried to start; not the shared "Fine" hosts'.
 */
function ourProcesses(file = hostileFile): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state === "Z" || state === "X") continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "latin1");
      if (
        (cmdline.includes(file) || cmdline.includes("sleep\u0000100")) &&
        !inFineHost(Number(name))
      ) {
        found.push(Number(name));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function processesLeft(file = hostileFile): Promise<number[]> {
  const until = Date.now() + 3000;
  for (;;) {
    const left = ourProcesses(file);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const seatOf = (controller: Controller, name: string) => ({ name, controller });

/**
 * Plays the counter game: player 0 in-process Demo, player 1 the hostile bot `exportName` in
 * its own process (`sandbox` or not), player 2 a well-behaved bot in its own process (a host
 * shared by the duels with the same options, see `fineHosts`); writes the replay. The same match
 * with player 1 as `DemoUntilThree` (Null from round 3) is the reference.
 */
async function duel(
  exportName: string,
  budget: Budget,
  options: { sandbox?: boolean | "auto"; memoryMiB?: number } = {},
): Promise<{ result: MatchResult; reference: MatchResult; replayPath: string }> {
  const replayPath = join(tempDir(), `${exportName}.arena`);
  const host = (name: string) =>
    hostedBot({ engine, engineUrl, moduleUrl: hostile, exportName: name, ...options }, name);
  const key = JSON.stringify(options);
  let fine = fineHosts.get(key);
  if (fine === undefined) {
    fine = new BotHost({ engine, engineUrl, moduleUrl: hostile, exportName: "Fine", ...options });
    fineHosts.set(key, fine);
  }
  const result = await runMatch(engine, {
    config,
    seed: 29,
    players: [
      seatOf(
        inProcessBot(() => new Demo() as Bot, "Demo"),
        "demo",
      ),
      seatOf(host(exportName), exportName),
      seatOf(fine.controller("Fine"), "fine"),
    ],
    budget,
    replay: replayPath,
  });
  const reference = await runMatch(engine, {
    config,
    seed: 29,
    players: [
      seatOf(
        inProcessBot(() => new Demo() as Bot, "Demo"),
        "demo",
      ),
      seatOf(
        inProcessBot(() => new DemoUntilThree() as Bot, "null-from-3"),
        "ref",
      ),
      seatOf(
        inProcessBot(() => new Demo() as Bot, "Demo"),
        "fine",
      ),
    ],
  });
  return { result, reference, replayPath };
}

const memory =
  /^ran out of memory: its process is capped at 256 MiB( \(RangeError: .*\))?$|^used \d+ MiB of memory, over the limit of 256 MiB by \d+ MiB$/;

const attacks: Array<[string, Budget, RegExp]> = [
  [
    "Loop",
    { turnMs: 300, wallMs: 120_000 },
    /^used \d+ ms of CPU time for its turn, over the limit of 300 ms by \d+ ms \(grace 20 ms\)$/,
  ],
  ["Exit", {}, /^its process exited with code 0 \(process\.exit\?\)$/],
  ["KillParent", {}, /^tried to send a signal \(process\.kill\) and was denied$/],
  ["WriteFile", {}, /^tried to write a file \(\/tmp\/arena-hostile-\d+\.txt\) and was denied$/],
  ["Spawn", {}, /^tried to start a process( \(.*\))? and was denied$/],
  ["Allocate", {}, memory],
  ["HeapGrow", {}, memory],
  ["ReadState", {}, /^threw Error: no state reachable from the view$/],
  [
    "Sleep",
    { turnMs: 300, wallMs: 5000 },
    /^did not answer its turn within 5000 ms of wall-clock time \(the safety net; it used \d+ ms of CPU time: sleeping or blocked\?\)$/,
  ],
];

const sandbox = sandboxSupport();

describe.each([
  ["its own process (--trust)", false],
  ["its box (the default)", "auto"],
] as const)("a hostile module bot in %s", (_mode, mode) => {
  const inSandbox = mode !== false;
  const run = inSandbox && !sandbox.available ? it.skip : it;
  // The shared "Fine" hosts are closed after the duels, and nothing is left of them either.
  afterAll(async () => {
    const hosts = [...fineHosts.values()];
    fineHosts.clear();
    await Promise.all(hosts.map((host) => host.close()));
    expect(await processesLeft()).toEqual([]);
  });
  if (inSandbox && !sandbox.available) {
    it("is skipped: the sandbox is not available here", () => {
      console.warn(`sandbox tests skipped: ${(sandbox as { reason: string }).reason}`);
    });
  }

  run.each(attacks)(
    "%s: frozen with the reason, the others untouched",
    async (name, budget, reason) => {
      const { result, reference, replayPath } = await duel(name, budget, {
        memoryMiB: 256,
        sandbox: mode,
      });
      const bot = result.players[1]!;
      expect(bot.fault).toMatch(reason);
      expect(bot.frozenAtRound).toBe(3);
      // The others' results, and the hostile bot's score, are those of a bot Null from round 3.
      expect(result.scores).toEqual(reference.scores);
      expect(result.players.map((p) => p.frozen)).toEqual([false, true, false]);
      const verified = verifyReplay(engine, readReplay(replayPath));
      expect(verified.finalScores).toEqual(result.scores);
      expect(await processesLeft()).toEqual([]);
      expect(readdirSync("/tmp").filter((f) => f.startsWith("arena-hostile-"))).toEqual([]);
    },
  );

  run("InvalidOrder: its malformed order is rejected alone, not frozen", async () => {
    const { result, replayPath } = await duel("InvalidOrder", {}, { sandbox: mode });
    // Round 3: the malformed order for unit 0 takes the unit (its Demo order is a duplicate).
    expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 2 });
    expect(result.scores[1]).toBe(270 - 9 + bonus[1]!);
    expect(verifyReplay(engine, readReplay(replayPath)).finalScores).toEqual(result.scores);
    expect(await processesLeft()).toEqual([]);
  });

  run("Patch: changing globals in its own process changes nothing for the others", async () => {
    const { result, reference, replayPath } = await duel("Patch", {}, { sandbox: mode });
    expect(result.scores[0]).toBe(reference.scores[0]);
    expect(result.scores[2]).toBe(reference.scores[2]);
    expect(verifyReplay(engine, readReplay(replayPath)).finalScores).toEqual(result.scores);
    expect(await processesLeft()).toEqual([]);
  });
});

describe("a hostile module bot with --in-process (trusted code: the documented limits)", () => {
  it.each([["ReadState", /^threw Error: no state reachable from the view$/]] as const)(
    "%s: frozen with the reason, the others untouched",
    async (name, reason) => {
      const module = (await import(hostile)) as Record<string, new () => Bot>;
      const Hostile = module[name]!;
      const result = await runMatch(engine, {
        config,
        seed: 29,
        players: [
          seatOf(
            inProcessBot(() => new Demo() as Bot, "Demo"),
            "demo",
          ),
          seatOf(
            inProcessBot(() => new Hostile(), name),
            name,
          ),
          seatOf(
            inProcessBot(() => new Demo() as Bot, "Demo"),
            "fine",
          ),
        ],
      });
      const reference = await runMatch(engine, {
        config,
        seed: 29,
        players: [
          seatOf(
            inProcessBot(() => new Demo() as Bot, "Demo"),
            "demo",
          ),
          seatOf(
            inProcessBot(() => new DemoUntilThree() as Bot, "ref"),
            "ref",
          ),
          seatOf(
            inProcessBot(() => new Demo() as Bot, "Demo"),
            "fine",
          ),
        ],
      });
      expect(result.players[1]!.fault).toMatch(reason);
      expect(result.players[1]!.frozenAtRound).toBe(3);
      expect(result.scores).toEqual(reference.scores);
    },
  );
  it("InvalidOrder: its malformed order is rejected alone, as out of process", async () => {
    const module = (await import(hostile)) as Record<string, new () => Bot>;
    const Hostile = module.InvalidOrder!;
    const result = await runMatch(engine, {
      config,
      seed: 29,
      players: [
        seatOf(
          inProcessBot(() => new Demo() as Bot, "Demo"),
          "demo",
        ),
        seatOf(
          inProcessBot(() => new Hostile(), "InvalidOrder"),
          "InvalidOrder",
        ),
        seatOf(
          inProcessBot(() => new Demo() as Bot, "Demo"),
          "fine",
        ),
      ],
    });
    expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 2 });
    expect(result.scores[1]).toBe(270 - 9 + bonus[1]!);
  });
  // An endless loop, process.exit, process.kill, file writes, processes, 4 GB and patched globals
  // are not stopped in-process (see the threat model): they would hang or end this test run.
});

describe("BotHost", () => {
  it("serves the same bot in many matches, a fresh bot object each time, in one process", async () => {
    const host = new BotHost({
      engine,
      engineUrl,
      moduleUrl: fixtureUrl("counting-bot.mjs"),
    });
    try {
      const scores: number[][] = [];
      let pid: number | undefined;
      for (let k = 0; k < 3; k++) {
        const result = await runMatch(engine, {
          config,
          seed: 4,
          players: [seatOf(host.controller("c"), "c"), seatOf(host.controller("c2"), "c2")],
        });
        scores.push(result.scores);
        pid ??= host.pid;
        expect(pid).toBeGreaterThan(0);
        expect(host.pid).toBe(pid);
      }
      // counting-bot gives 1, 2, …, 9, 9: a bot object kept between matches would give 9s.
      expect(scores[1]).toEqual(scores[0]);
      expect(scores[2]).toEqual(scores[0]);
    } finally {
      await host.close();
    }
    expect(await processesLeft()).toEqual([]);
  });

  /** Plays `count` matches of one seat from `host`: each match's scores and the host's pid. */
  async function matchesOn(host: BotHost, count: number) {
    const played: Array<{ scores: number[]; pid: number | undefined; fault?: string }> = [];
    for (let k = 0; k < count; k++) {
      const result = await runMatch(engine, {
        config,
        seed: 4,
        players: [
          seatOf(host.controller("m"), "m"),
          seatOf(
            inProcessBot(() => new Demo()),
            "d",
          ),
        ],
      });
      played.push({
        scores: result.scores,
        pid: host.pid,
        ...(result.players[0]!.fault !== undefined ? { fault: result.players[0]!.fault } : {}),
      });
    }
    return played;
  }

  // With a module-level count of turns, a module instance kept from one match to the next
  // would add 9 every turn of the second match: its score would be higher than the first's.
  for (const file of ["module-state-bot.mjs", "module-state-bot.cjs"]) {
    it(`gives each match a fresh instance of the bot's module (${file}), in one process`, async () => {
      const host = new BotHost({ engine, engineUrl, moduleUrl: fixtureUrl(file) });
      try {
        const played = await matchesOn(host, 3);
        expect(played[0]!.pid).toBeGreaterThan(0);
        expect(played.map((match) => match.pid)).toEqual([
          played[0]!.pid,
          played[0]!.pid,
          played[0]!.pid,
        ]);
        expect(played[1]!.scores).toEqual(played[0]!.scores);
        expect(played[2]!.scores).toEqual(played[0]!.scores);
        // Turn k adds min(k, 9): 1 + 2 + … + 9 + 9 over the 10 rounds, plus the bonus points.
        expect(played[0]!.scores[0]! - counterBonus(4, 2, 10)[0]!).toBe(45 + 9);
      } finally {
        await host.close();
      }
    });
  }

  it("gives each match a fresh instance of a TypeScript bot's entry and bundle", async () => {
    const entry = await transpileTypeScriptBot(fixture("module-state-bot.ts"));
    const host = new BotHost({
      engine,
      engineUrl,
      moduleUrl: pathToFileURL(entry).href,
      allowRead: [dirname(entry)],
    });
    try {
      const played = await matchesOn(host, 2);
      expect(played[0]!.pid).toBeGreaterThan(0);
      expect(played[1]!.pid).toBe(played[0]!.pid);
      expect(played[1]!.scores).toEqual(played[0]!.scores);
      expect(played[0]!.scores[0]! - counterBonus(4, 2, 10)[0]!).toBe(45 + 9);
    } finally {
      await host.close();
    }
  });

  // State kept outside the module (the global object, a built-in, a timer) would outlive it: the
  // host sees it at the end of the match and the next match gets a new process.
  for (const name of ["Global", "Timer"]) {
    it(`does not reuse a process the bot left something in (${name})`, async () => {
      const host = new BotHost({
        engine,
        engineUrl,
        moduleUrl: fixtureUrl("leftover-bots.mjs"),
        exportName: name,
      });
      try {
        const played = await matchesOn(host, 2);
        // Stopped at the end of each match (a reused process is still running: see above).
        expect(played.map((match) => match.pid)).toEqual([undefined, undefined]);
        expect(played[1]!.scores).toEqual(played[0]!.scores);
        expect(played[0]!.scores[0]! - counterBonus(4, 2, 10)[0]!).toBe(45 + 9);
      } finally {
        await host.close();
      }
      expect(await processesLeft(fixture("leftover-bots.mjs"))).toEqual([]);
    });
  }

  // Built-ins are frozen in a bot host (`--frozen-intrinsics`): a bot that patches a prototype or
  // a built-in function fails at that turn and is frozen, and its process is not reused.
  for (const name of ["Prototype", "Builtin"]) {
    it(`freezes a bot that patches a built-in (${name}) and does not reuse its process`, async () => {
      const host = new BotHost({
        engine,
        engineUrl,
        moduleUrl: fixtureUrl("leftover-bots.mjs"),
        exportName: name,
      });
      try {
        const played = await matchesOn(host, 2);
        expect(played.map((match) => match.pid)).toEqual([undefined, undefined]);
        for (const match of played) expect(match.fault).toMatch(/not extensible|read[- ]only/i);
        expect(played[1]!.scores).toEqual(played[0]!.scores);
        // Frozen at its first turn: only the bonus points.
        expect(played[0]!.scores[0]!).toBe(counterBonus(4, 2, 10)[0]!);
      } finally {
        await host.close();
      }
      expect(await processesLeft(fixture("leftover-bots.mjs"))).toEqual([]);
    });
  }

  it("does not reuse a process past half its memory cap (module instances pile up)", async () => {
    // 64 MiB: a Node process alone is past 32 MiB resident.
    const host = new BotHost({
      engine,
      engineUrl,
      moduleUrl: fixtureUrl("module-state-bot.mjs"),
      memoryMiB: 64,
    });
    try {
      const played = await matchesOn(host, 2);
      expect(played.map((match) => match.pid)).toEqual([undefined, undefined]);
      expect(played[1]!.scores).toEqual(played[0]!.scores);
    } finally {
      await host.close();
    }
  });

  it("serves at most 100 matches in one process", async () => {
    const host = new BotHost({ engine, engineUrl, moduleUrl: fixtureUrl("module-state-bot.mjs") });
    try {
      const played = await matchesOn(host, 101);
      const first = played[0]!.pid;
      expect(first).toBeGreaterThan(0);
      expect(played.slice(0, 99).every((match) => match.pid === first)).toBe(true);
      expect(played[99]!.pid).toBeUndefined();
      expect(played[100]!.pid).toBeGreaterThan(0);
      expect(played[100]!.pid).not.toBe(first);
      expect(new Set(played.map((match) => JSON.stringify(match.scores))).size).toBe(1);
    } finally {
      await host.close();
    }
  });

  it("does not reuse the process of a bot frozen in the match (it threw, its process lived)", async () => {
    const host = new BotHost({
      engine,
      engineUrl,
      moduleUrl: fixtureUrl("leftover-bots.mjs"),
      exportName: "Throws",
    });
    try {
      const played = await matchesOn(host, 2);
      expect(played[0]!.fault).toBe("threw Error: boom");
      expect(played[1]!.fault).toBe("threw Error: boom");
      expect(played.map((match) => match.pid)).toEqual([undefined, undefined]);
    } finally {
      await host.close();
    }
    expect(await processesLeft(fixture("leftover-bots.mjs"))).toEqual([]);
  });

  it("starts a new process for the next match when a bot killed its own", async () => {
    const host = new BotHost({ engine, engineUrl, moduleUrl: hostile, exportName: "Exit" });
    try {
      for (let k = 0; k < 2; k++) {
        const result = await runMatch(engine, {
          config,
          seed: 4,
          players: [seatOf(host.controller("x"), "x")],
        });
        expect(result.players[0]!.fault).toBe("its process exited with code 0 (process.exit?)");
        expect(result.players[0]!.frozenAtRound).toBe(3);
      }
    } finally {
      await host.close();
    }
  });
});
