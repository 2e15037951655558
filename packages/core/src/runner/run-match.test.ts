import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CounterActions, CounterView } from "../__fixtures__/counter-game.mjs";
import { Demo, engine, Null } from "../__fixtures__/counter-game.mjs";
import { counterBonus, tempDir } from "../__fixtures__/helpers";
import { FloodingBot, ThrowingBot } from "../__fixtures__/module-bots.mjs";
import type { Bot } from "../engine/engine";
import { REJECTED_MATCH_LIMIT, REJECTED_TURN_LIMIT } from "../replay/rejected-orders";
import { verifyReplay } from "../replay/replay";
import { readReplay } from "../replay/replay-file";
import type { Controller } from "./controller";
import { inProcessBot } from "./in-process-bot";
import { runMatch } from "./run-match";
import { traceController } from "./trace-controller";

type CounterBot = Bot<CounterView, CounterActions>;
const seat = (name: string, make: () => CounterBot) => ({
  name,
  controller: inProcessBot(make as () => Bot, name),
});
const config = { rounds: 10, turnBased: false };

/** Busy-loops until this process has used `ms` more milliseconds of CPU time. */
const spin = (ms: number) => {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const t0 = cpu();
  while (cpu() - t0 < ms) {
    // spin
  }
};

describe("runMatch with in-process bots", () => {
  it("plays the match to its end and reports scores, ranking and time", async () => {
    const steps: number[] = [];
    const result = await runMatch(engine, {
      config,
      seed: 7,
      players: [
        seat("a", () => new Demo()),
        seat("b", () => new Null()),
        seat("c", () => new Demo()),
      ],
      onStep: ({ step }) => steps.push(step),
    });
    const bonus = counterBonus(7, 3, 10);
    // Demo adds 9 to each of its 3 units every round: 10 × 27 = 270, plus the drawn bonus points.
    expect(result.scores).toEqual([270 + bonus[0]!, bonus[1]!, 270 + bonus[2]!]);
    expect(result.rounds).toBe(10);
    expect(result.steps).toBe(10);
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.players.map((p) => p.frozen)).toEqual([false, false, false]);
    expect(result.players[1]!.rank).toBe(3);
    for (const p of result.players) expect(p.timeMs).toBeGreaterThanOrEqual(0);
    expect(result.game).toBe("counter");
  });

  it("keeps the first order per unit and keeps bot fields between rounds", async () => {
    class Twice implements CounterBot {
      calls = 0;
      play(_view: CounterView, actions: CounterActions) {
        this.calls++;
        actions.add(0, 5);
        actions.add(0, 9); // same unit: dropped
        actions.add(1, this.calls === 10 ? 1 : 0);
      }
    }
    const result = await runMatch(engine, {
      config,
      seed: 3,
      players: [seat("t", () => new Twice())],
    });
    const bonus = counterBonus(3, 1, 10);
    expect(result.scores).toEqual([10 * 5 + 1 + bonus[0]!]);
  });

  it("freezes a bot that throws; the others play on", async () => {
    const result = await runMatch(engine, {
      config,
      seed: 11,
      players: [
        seat("a", () => new Demo()),
        seat("x", () => new ThrowingBot()),
        seat("c", () => new Demo()),
      ],
    });
    const bonus = counterBonus(11, 3, 10);
    const x = result.players[1]!;
    expect(x.frozen).toBe(true);
    expect(x.fault).toBe("threw Error: boom at round 3");
    expect(x.frozenAtRound).toBe(3);
    // It played rounds 0, 1, 2; bonus points still come to a frozen player.
    expect(result.scores).toEqual([270 + bonus[0]!, 81 + bonus[1]!, 270 + bonus[2]!]);
    expect(result.players[0]!.frozen).toBe(false);
  });

  it("freezes a player giving more than 1000 orders and discards that step's orders", async () => {
    const result = await runMatch(engine, {
      config,
      seed: 5,
      players: [seat("f", () => new FloodingBot()), seat("d", () => new Demo())],
    });
    const bonus = counterBonus(5, 2, 10);
    expect(result.players[0]!.fault).toBe("gave 1001 orders in one step (more than 1000)");
    expect(result.players[0]!.frozenAtRound).toBe(3);
    expect(result.scores).toEqual([81 + bonus[0]!, 270 + bonus[1]!]);
  });

  /** A CPU clock the bots below advance by what they "use": the tests hold on any machine. */
  const fakeClock = () => {
    let now = 0;
    return { cpuClock: () => now, use: (ms: number) => (now += ms) };
  };

  it("applies a total CPU budget (Jutge style) and a per-turn limit", async () => {
    const clock = fakeClock();
    class Slow implements CounterBot {
      play(_view: CounterView, actions: CounterActions) {
        clock.use(30);
        actions.add(0, 9);
      }
    }
    class SlowAtFive implements CounterBot {
      play(view: CounterView, actions: CounterActions) {
        if (view.round() === 5) clock.use(60);
        actions.add(0, 9);
      }
    }
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [seat("slow", () => new Slow()), seat("d", () => new Demo())],
      budget: { totalMs: 100, graceMs: 0 },
      cpuClock: clock.cpuClock,
    });
    const bonus = counterBonus(1, 2, 10);
    const slow = result.players[0]!;
    // 3 turns of 30 ms fit in 100 ms and the 4th (round 3) does not: its orders are discarded.
    expect(slow.fault).toBe(
      "used 120 ms of CPU time in the match, over its total budget of 100 ms by 20 ms",
    );
    expect(slow.frozenAtRound).toBe(3);
    expect(slow.timeMs).toBe(120);
    expect(result.scores).toEqual([27 + bonus[0]!, 270 + bonus[1]!]);

    const turn2 = await runMatch(engine, {
      config,
      seed: 1,
      players: [seat("s5", () => new SlowAtFive()), seat("d", () => new Demo())],
      budget: { turnMs: 30 },
      cpuClock: clock.cpuClock,
    });
    expect(turn2.players[0]!.fault).toBe(
      "used 60 ms of CPU time for its turn, over the limit of 30 ms by 30 ms (grace 20 ms)",
    );
    expect(turn2.players[0]!.frozenAtRound).toBe(5);
    expect(turn2.scores).toEqual([45 + bonus[0]!, 270 + bonus[1]!]);
  });

  it("measures in-process bots with this process's CPU time: a spinning bot is over, an idle one is not", async () => {
    class Spinner implements CounterBot {
      play(view: CounterView, actions: CounterActions) {
        // Ten times the limit: over it on any machine.
        if (view.round() === 2) spin(500);
        actions.add(0, 9);
      }
    }
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [seat("spin", () => new Spinner()), seat("n", () => new Null())],
      budget: { turnMs: 50 },
    });
    expect(result.players[0]!.fault).toMatch(
      /^used \d+ ms of CPU time for its turn, over the limit of 50 ms by \d+ ms \(grace 20 ms\)$/,
    );
    expect(result.players[0]!.frozenAtRound).toBe(2);
    expect(result.players[1]!.frozen).toBe(false);
  });

  it("warns about a turn over the limit but within its grace, and freezes only past the grace", async () => {
    const clock = fakeClock();
    class LateAtThree implements CounterBot {
      round = 0;
      play(view: CounterView, actions: CounterActions) {
        if (++this.round === 3) clock.use(40);
        new Demo().play(view, actions);
      }
    }
    const warnings: Array<{ round: number; player: number; message: string }> = [];
    const result = await runMatch(engine, {
      config,
      seed: 1,
      players: [seat("late", () => new LateAtThree()), seat("d", () => new Demo())],
      budget: { turnMs: 20, graceMs: 400 },
      cpuClock: clock.cpuClock,
      onWarning: ({ round, player, message }) => warnings.push({ round, player, message }),
    });
    expect(result.players.map((p) => p.frozen)).toEqual([false, false]);
    expect(result.players.map((p) => p.lateTurns)).toEqual([1, 0]);
    expect(warnings).toEqual([
      {
        round: 2,
        player: 0,
        message:
          "used 40 ms of CPU time for its turn, over the limit of 20 ms by 20 ms (within the grace of 400 ms)",
      },
    ]);
    const bonus = counterBonus(1, 2, 10);
    expect(result.scores).toEqual([270 + bonus[0]!, 270 + bonus[1]!]);

    const frozen = await runMatch(engine, {
      config,
      seed: 1,
      players: [seat("late", () => new LateAtThree()), seat("d", () => new Demo())],
      budget: { turnMs: 20, graceMs: 10 },
      cpuClock: clock.cpuClock,
    });
    expect(frozen.players[0]!.fault).toBe(
      "used 40 ms of CPU time for its turn, over the limit of 20 ms by 20 ms (grace 10 ms)",
    );
    expect(frozen.players[0]!.frozenAtRound).toBe(2);
  });

  it("cuts off an asynchronous controller that never answers (the wall-clock safety net)", async () => {
    const hanging: Controller = { label: "hang", play: () => new Promise<void>(() => {}) };
    const result = await runMatch(engine, {
      config: { rounds: 3, turnBased: false },
      seed: 2,
      players: [{ name: "h", controller: hanging }, seat("d", () => new Demo())],
      budget: { turnMs: 50, wallMs: 100 },
    });
    expect(result.players[0]!.fault).toBe(
      "did not answer its turn within 100 ms of wall-clock time (the safety net)",
    );
    expect(result.players[0]!.frozenAtRound).toBe(0);
    expect(result.scores[1]).toBe(81 + counterBonus(2, 2, 3)[1]!);
  });

  it("sets the wall-clock safety net at twice a call's CPU limit, at least 1 s, not counting what the start left (issue 40, item 14)", async () => {
    const seen: Array<[string, number | undefined]> = [];
    const recorder = (): Controller => ({
      label: "recorder",
      // An out-of-process bot's defaults: start 10 s, turn 10 s.
      defaultBudget: { startMs: 10_000, turnMs: 10_000 },
      start: (ctx) => {
        seen.push(["start", ctx.wallLimitMs]);
      },
      play: (ctx) => {
        seen.push(["turn", ctx.wallLimitMs]);
      },
    });
    const play = async (budget: object) => {
      seen.length = 0;
      await runMatch(engine, {
        config: { rounds: 2, turnBased: false },
        seed: 1,
        players: [{ name: "r", controller: recorder() }],
        budget,
      });
      return [...seen];
    };
    // Defaults: 2 × (10 000 + 20 ms of grace); the first turn's net is the turn's, whatever the
    // start left of its 10 s.
    expect(await play({})).toEqual([
      ["start", 20_040],
      ["turn", 20_040],
      ["turn", 20_040],
    ]);
    expect(await play({ turnMs: 1000, startMs: 300 })).toEqual([
      ["start", 1000],
      ["turn", 2040],
      ["turn", 2040],
    ]);
    // A total budget caps it: 2 × (what is left + grace); an explicit wallMs wins.
    expect((await play({ totalMs: 3000 }))[0]).toEqual(["start", 6040]);
    expect(await play({ turnMs: 50, wallMs: 6000 })).toEqual([
      ["start", 6000],
      ["turn", 6000],
      ["turn", 6000],
    ]);
  });

  it("validates every order of an in-process bot with Engine.parseOrder: a malformed one is rejected alone", async () => {
    class Cheater implements CounterBot {
      seen: unknown[] = [];
      play(view: CounterView, actions: CounterActions) {
        this.seen.push(view.rejected());
        // The actions object does not check; the runner does, before anything is applied.
        actions.add(0, view.round() === 4 ? 42 : 9);
      }
    }
    const cheater = new Cheater();
    const dir = tempDir();
    const path = join(dir, "cheat.arena");
    const result = await runMatch(engine, {
      config,
      seed: 6,
      players: [seat("x", () => cheater), seat("d", () => new Demo())],
      replay: path,
    });
    // Not frozen: only the order of round 4 is lost (9 points), and the bot is told at round 5.
    expect(result.players[0]).toMatchObject({ frozen: false, rejectedOrders: 1 });
    expect(result.players[0]!.fault).toBeUndefined();
    const bonus = counterBonus(6, 2, 10);
    expect(result.scores).toEqual([81 + bonus[0]!, 270 + bonus[1]!]);
    expect(cheater.seen[5]).toEqual([
      {
        index: 0,
        reason: "malformed",
        message: `{"unit":0,"add":42}: field 'add' must be an integer 0..9`,
      },
    ]);
    expect(cheater.seen.filter((list) => (list as unknown[]).length > 0)).toHaveLength(1);
    expect(verifyReplay(engine, readReplay(path)).finalScores).toEqual(result.scores);
  });

  it("records each turn's rejected orders in the replay: which order, why, with the turn that gave them", async () => {
    class Sloppy implements CounterBot {
      play(view: CounterView, actions: CounterActions) {
        const round = view.round();
        if (round === 2) {
          actions.add(0, 42); // malformed (the runner's check)
          actions.add(1, 3);
          actions.add(1, 4); // duplicate (the collector's)
          actions.add(7, 1); // unknown-unit (the engine's rules)
        }
        if (round === 5) actions.add(9, 2);
      }
    }
    const dir = tempDir();
    const path = join(dir, "sloppy.arena");
    const result = await runMatch(engine, {
      config,
      seed: 3,
      players: [seat("d", () => new Demo()), seat("s", () => new Sloppy())],
      replay: path,
    });
    expect(result.players[1]!.rejectedOrders).toBe(4);
    const replay = readReplay(path);
    // Listed at the step its turn played (the notes' convention), by the index the bot gave.
    expect(replay.rejected).toEqual([
      {
        step: 2,
        players: [
          null,
          {
            orders: [
              {
                index: 0,
                order: { unit: 0, add: 42 },
                reason: "malformed",
                message: `{"unit":0,"add":42}: field 'add' must be an integer 0..9`,
              },
              {
                index: 2,
                order: { unit: 1, add: 4 },
                reason: "duplicate",
                message: expect.stringContaining("order 1 came first"),
              },
              {
                index: 3,
                order: { unit: 7, add: 1 },
                reason: "unknown-unit",
                message: "no unit 7 (units are 0..2)",
              },
            ],
          },
        ],
      },
      {
        step: 5,
        players: [
          null,
          {
            orders: [
              {
                index: 0,
                order: { unit: 9, add: 2 },
                reason: "unknown-unit",
                message: expect.any(String),
              },
            ],
          },
        ],
      },
    ]);
    // The record never reaches the engine: the replay verifies, also stripped of it.
    expect(verifyReplay(engine, replay).finalScores).toEqual(result.scores);
    expect(verifyReplay(engine, { ...replay, rejected: [] }).finalScores).toEqual(result.scores);
  });

  it("caps the rejected orders a replay keeps, per turn and per match, counting the rest", async () => {
    class Flood implements CounterBot {
      play(_view: CounterView, actions: CounterActions) {
        for (let k = 0; k < 150; k++) actions.add(5 + k, 1);
      }
    }
    const dir = tempDir();
    const path = join(dir, "flood.arena");
    await runMatch(engine, {
      config: { rounds: 110, turnBased: false },
      seed: 3,
      players: [seat("f", () => new Flood()), seat("n", () => new Null())],
      replay: path,
    });
    const turns = readReplay(path).rejected!.map((entry) => entry.players[0]!);
    expect(turns).toHaveLength(110);
    expect(turns[0]!.orders).toHaveLength(REJECTED_TURN_LIMIT);
    expect(turns[0]!.orders[99]).toMatchObject({ index: 99, order: { unit: 104, add: 1 } });
    expect(turns[0]!.dropped).toBe(150 - REJECTED_TURN_LIMIT);
    // 110 turns of 100 would be 11 000: the match keeps 10 000, then only counts.
    expect(REJECTED_MATCH_LIMIT).toBe(10_000);
    const kept = turns.reduce((sum, turn) => sum + turn.orders.length, 0);
    const dropped = turns.reduce((sum, turn) => sum + (turn.dropped ?? 0), 0);
    expect(kept).toBe(REJECTED_MATCH_LIMIT);
    expect(kept + dropped).toBe(110 * 150);
    expect(turns[109]).toEqual({ orders: [], dropped: 150 });
  });

  it("asks only the players to move (turn-based)", async () => {
    const result = await runMatch(engine, {
      config: { rounds: 10, turnBased: true },
      seed: 9,
      players: [
        seat("a", () => new Demo()),
        seat("b", () => new Demo()),
        seat("c", () => new Demo()),
      ],
    });
    const bonus = counterBonus(9, 3, 10);
    // Player p moves at rounds ≡ p (mod 3): 4, 3 and 3 turns.
    expect(result.scores).toEqual([4 * 27 + bonus[0]!, 3 * 27 + bonus[1]!, 3 * 27 + bonus[2]!]);
  });

  it("closes every controller once, also after faults and when the runner fails", async () => {
    const closed: string[] = [];
    const tracked = (label: string, play: Controller["play"]): Controller => ({
      label,
      play,
      close: () => {
        closed.push(label);
      },
    });
    await runMatch(engine, {
      config,
      seed: 1,
      players: [
        {
          name: "bad",
          controller: tracked("bad", () => {
            throw new Error("no");
          }),
        },
        { name: "ok", controller: tracked("ok", () => {}) },
      ],
    });
    expect(closed).toEqual(["bad", "ok"]);

    closed.length = 0;
    const dir = tempDir();
    const path = join(dir, "crash.arena");
    await expect(
      runMatch(engine, {
        config,
        seed: 1,
        players: [{ name: "ok", controller: tracked("ok", () => {}) }],
        replay: path,
        onStep: ({ step }) => {
          if (step === 4) throw new Error("runner failure");
        },
      }),
    ).rejects.toThrow("runner failure");
    expect(closed).toEqual(["ok"]);
    // The crashed match left a readable prefix, beside the path it would have been renamed to.
    const partial = `${path}.partial`;
    expect(() => readReplay(partial)).toThrow(
      expect.objectContaining({ code: "TRUNCATED_REPLAY" }),
    );
    const prefix = readReplay(partial, { allowTruncated: true });
    expect(prefix.complete).toBe(false);
    expect(prefix.steps).toHaveLength(4);
  });

  it("stops on abort, closing the replay as not over", async () => {
    const controller = new AbortController();
    const dir = tempDir();
    const path = join(dir, "aborted.arena");
    await expect(
      runMatch(engine, {
        config,
        seed: 1,
        players: [seat("d", () => new Demo())],
        replay: path,
        signal: controller.signal,
        onStep: ({ step }) => {
          if (step === 2) controller.abort();
        },
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "ABORTED" }));
    const replay = readReplay(`${path}.partial`);
    expect(replay.complete).toBe(true);
    expect(replay.final?.over).toBe(false);
    expect(replay.steps).toHaveLength(2);
    expect(verifyReplay(engine, replay).steps).toBe(2);
  });

  it("reports a replay path it cannot write", async () => {
    await expect(
      runMatch(engine, {
        config,
        seed: 1,
        players: [seat("d", () => new Demo())],
        replay: "/nonexistent-dir/x.arena",
      }),
    ).rejects.toThrow(
      expect.objectContaining({
        code: "CANNOT_WRITE",
        message: "/nonexistent-dir/x.arena: cannot write the replay (ENOENT)",
      }),
    );
  });

  it("stops on abort while waiting for a bot", async () => {
    const controller = new AbortController();
    const hanging: Controller = { label: "hang", play: () => new Promise<void>(() => {}) };
    setTimeout(() => controller.abort(), 50);
    await expect(
      runMatch(engine, {
        config,
        seed: 1,
        players: [{ name: "h", controller: hanging }],
        signal: controller.signal,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "ABORTED" }));
    // The bot never answers: without the abort this test could only time out.
  });

  it("rejects a wrong number of players", async () => {
    await expect(runMatch(engine, { config, seed: 1, players: [] })).rejects.toThrow(
      expect.objectContaining({ code: "BAD_PLAYERS" }),
    );
  });
});

describe("replays written by runMatch", () => {
  it("re-simulate to the same scores, including freezes, and replay through traceController", async () => {
    const dir = tempDir();
    const path = join(dir, "match.arena");
    const result = await runMatch(engine, {
      config,
      seed: 21,
      players: [
        seat("a", () => new Demo()),
        seat("x", () => new ThrowingBot()),
        seat("n", () => new Null()),
      ],
      replay: path,
      res: true,
    });
    const replay = readReplay(path);
    expect(replay.complete).toBe(true);
    expect(replay.header).toMatchObject({
      game: "counter",
      engineVersion: "1.0.0",
      seed: 21,
      players: ["a", "x", "n"],
      digestEvery: 100,
    });
    expect(replay.frozen).toEqual([{ step: 3, player: 1 }]);
    expect(replay.digests.map((d) => d.step)).toEqual([10]);
    expect(replay.steps[0]).toEqual([
      [
        { unit: 0, add: 9 },
        { unit: 1, add: 9 },
        { unit: 2, add: 9 },
      ],
      [
        { unit: 0, add: 9 },
        { unit: 1, add: 9 },
        { unit: 2, add: 9 },
      ],
      [],
    ]);
    expect(replay.steps[3]![1]).toEqual([]);
    const verified = verifyReplay(engine, replay, { res: true });
    expect(verified.finalScores).toEqual(result.scores);
    expect(verified.ranking).toEqual(result.ranking);
    expect(verified.scoresByRound).toHaveLength(11);
    expect(verified.scoresByRound[10]).toEqual(result.scores);
    expect(verified.res).toBe(result.res);
    expect(result.res?.split("\n")[0]).toBe("counter a x n");

    // Without the freeze, the frozen flag of player 1 would differ and the digest would not match.
    const unfrozen = { ...replay, frozen: [] };
    expect(() => verifyReplay(engine, unfrozen)).toThrow(
      expect.objectContaining({ code: "REPLAY_MISMATCH" }),
    );

    const steps = replay.steps.map((step) =>
      step.map((list) => list.map((order) => engine.parseOrder(order))),
    );
    const again = await runMatch(engine, {
      config,
      seed: 21,
      players: [0, 1, 2].map((p) => ({ name: `t${p}`, controller: traceController(steps, p) })),
    });
    expect(again.scores).toEqual(result.scores);
  });
});
