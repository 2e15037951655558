import {
  type Bot,
  type Budget,
  type Controller,
  inProcessBot,
  type MatchResult,
  runMatch,
} from "@arena/core";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { EchoBot, ThrowingBot } from "../../../core/src/__fixtures__/module-bots.mjs";
import { counterBonus, fixture, fixtureUrl } from "../__fixtures__/helpers";
import { resolveBot } from "../resolve/resolve-bot";
import { isolatedBot, resolveEngineUrl } from "./isolated";

const engineUrl = fixtureUrl("counter-game.mjs");
const modules = fixtureUrl("module-bots.mjs");
const bonus = counterBonus(23, 3, 10);

/** Player 0 in-process Demo, player 1 the isolated bot `exportName`, player 2 an isolated built-in Demo. */
async function play(exportName: string, budget: Budget = {}): Promise<MatchResult> {
  const result = await runMatch(engine, {
    config: { rounds: 10, turnBased: false },
    seed: 23,
    players: [
      { name: "demo", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
      { name: exportName, controller: isolatedBot({ engineUrl, moduleUrl: modules, exportName }) },
      { name: "iso-demo", controller: isolatedBot({ engineUrl, builtin: "Demo" }) },
    ],
    budget,
  });
  expect(result.players[0]!.frozen).toBe(false);
  expect(result.players[2]!.frozen).toBe(false);
  expect(result.scores[0]).toBe(270 + bonus[0]!);
  expect(result.scores[2]).toBe(270 + bonus[2]!);
  return result;
}

describe("isolatedBot", () => {
  it.each([
    ["ThrowingBot", {}, /^threw Error: boom at round 3$/, 3],
    [
      "LoopingBot",
      // The wall-clock safety net far away: on a busy machine the loop gets little CPU per second.
      { turnMs: 300, wallMs: 120_000 },
      /^used \d+ ms of CPU time for its turn, over the limit of 300 ms by \d+ ms \(grace 20 ms\)$/,
      3,
    ],
    ["FloodingBot", {}, /^gave 1001 orders in one step \(more than 1000\)$/, 3],
    [
      "SlowSetupBot",
      { startMs: 300, wallMs: 120_000 },
      /^used \d+ ms of CPU time for its start, over the limit of 300 ms by \d+ ms \(grace 20 ms\)$/,
      0,
    ],
  ] as const)("freezes only the faulty bot: %s", async (exportName, budget, fault, round) => {
    const result = await play(exportName, budget);
    const player = result.players[1]!;
    expect(player.frozen).toBe(true);
    expect(player.fault).toMatch(fault);
    expect(player.frozenAtRound).toBe(round);
    expect(player.score).toBe(27 * round + bonus[1]!);
  });

  it("rejects a malformed order alone: BadOrderBot loses only its order of round 3", async () => {
    const result = await play("BadOrderBot");
    expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 1 });
    expect(result.players[1]!.score).toBe(270 - 27 + bonus[1]!);
  });

  it("cuts an endless loop off at the total budget too", async () => {
    // 600 ms: under the 10 s turn limit, so the total is what stops the loop (at round 3, where it
    // starts: rounds 0–2 take next to no CPU time); each ms here is a ms of CPU the loop burns.
    const result = await play("LoopingBot", { totalMs: 600, wallMs: 120_000 });
    expect(result.players[1]!.fault).toMatch(
      /^used \d+ ms of CPU time in the match, over its total budget of 600 ms by \d+ ms \(grace 20 ms\)$/,
    );
    expect(result.players[1]!.frozenAtRound).toBe(3);
  });

  it("keeps a replica that sees exactly what the in-process bot sees", async () => {
    const run = (make: (p: number) => Controller) =>
      runMatch(engine, {
        config: { rounds: 10, turnBased: false },
        seed: 5,
        players: [0, 1, 2].map((p) => ({ name: `p${p}`, controller: make(p) })),
      });
    const inProcess = await run((p) =>
      inProcessBot(() => (p === 1 ? new ThrowingBot() : new EchoBot()) as Bot),
    );
    const isolated = await run((p) =>
      isolatedBot({
        engineUrl,
        moduleUrl: modules,
        exportName: p === 1 ? "ThrowingBot" : "EchoBot",
      }),
    );
    expect(isolated.scores).toEqual(inProcess.scores);
    expect(isolated.players[1]!.fault).toBe(inProcess.players[1]!.fault);
    // The echo bots' orders depend on the state, so equal scores mean equal views at every step.
    expect(inProcess.scores[0]).not.toBe(inProcess.scores[2]);
  });

  it("captures what the bot prints", async () => {
    const result = await play("ChattyBot");
    expect(result.players[1]!.stderr).toBe("hello from the worker\n");
    expect(result.players[1]!.frozen).toBe(false);
  });

  it("comes from resolveBot --isolated for built-in and module bots", async () => {
    const cwd = fixture(".");
    const demo = await resolveBot(engine, "Demo", { isolated: true, cwd });
    const counting = await resolveBot(engine, "./counting-bot.mjs", { isolated: true, cwd });
    const result = await runMatch(engine, {
      config: { rounds: 10, turnBased: false },
      seed: 4,
      players: [
        { name: "d", controller: demo },
        { name: "c", controller: counting },
      ],
    });
    const b = counterBonus(4, 2, 10);
    expect(result.scores).toEqual([270 + b[0]!, 54 + b[1]!]);
    expect(result.players.every((p) => !p.frozen)).toBe(true);
  });
});

describe("resolveEngineUrl", () => {
  it("keeps file URLs and names what it cannot resolve", () => {
    expect(resolveEngineUrl(engine)).toBe(engine.module);
    const error = (() => {
      try {
        resolveEngineUrl({ ...engine, module: "@arena/no-such-game" }, "/");
      } catch (e) {
        return e as Error & { code: string };
      }
      return undefined;
    })();
    expect(error?.code).toBe("BAD_BOT");
    expect(error?.message).toMatch(
      /^cannot resolve the engine module '@arena\/no-such-game' from \/ for an isolated bot \(Cannot find module '@arena\/no-such-game'.*\); pass its file URL as engineUrl$/,
    );
  });

  it("resolves a package name from cwd", () => {
    // vitest itself is resolvable from this package.
    const url = resolveEngineUrl({ ...engine, module: "vitest" }, fixture("."));
    expect(url).toMatch(/^file:\/\/.*vitest.*\.(c?js|mjs)$/);
  });
});
