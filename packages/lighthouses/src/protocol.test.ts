import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as bots from "@arena/bots";
import * as core from "@arena/core";
import { afterAll, describe, expect, it } from "vitest";
import { engine, protocol } from "./engine";
import { matchOn, openMap, place, play } from "./test-helpers";

const lattice = openMap(9, 5, { "1,1": "!", "5,1": "!", "7,3": "!", "3,3": "A", "4,3": "B" });

describe("protocol messages", () => {
  it("start message: player_num, player_count, position, map rows y = 0 first, lighthouses in scan order", () => {
    const match = matchOn(lattice, 2);
    const start = protocol.start(match, 1, engine.settingsJson(match)) as Record<string, unknown>;
    expect(Object.keys(start)).toEqual([
      "player_num",
      "player_count",
      "position",
      "map",
      "lighthouses",
    ]);
    expect(start.player_num).toBe(1);
    expect(start.player_count).toBe(2);
    expect(start.position).toEqual([4, 3]);
    const map = start.map as number[][];
    expect([map.length, map[0]!.length]).toEqual([7, 11]);
    expect(map[0]!.every((v) => v === 0)).toBe(true);
    expect(map[1]![1]).toBe(1);
    expect(start.lighthouses).toEqual([
      [1, 1],
      [5, 1],
      [7, 3],
    ]);
  });

  it("turn message keys and neutral owner null, as the original sends it; result message", () => {
    const match = matchOn(lattice, 2);
    const turn = protocol.turn(match, 0) as Record<string, unknown>;
    expect(Object.keys(turn)).toEqual(["position", "score", "energy", "view", "lighthouses"]);
    expect(JSON.stringify((turn.lighthouses as unknown[])[0])).toBe(
      '{"position":[1,1],"owner":null,"energy":0,"connections":[],"have_key":false}',
    );
    expect(match.view(0).lighthouses[0]!.owner).toBeNull();
    expect(JSON.stringify(match.viewJson(1))).toBe(JSON.stringify(protocol.turn(match, 1)));
    expect(play(match, 0, { command: "attack", energy: 5 })).toEqual({
      success: false,
      message: "Player must be located at target lighthouse",
    });
    expect(protocol.result!(match, 0)).toEqual({
      success: false,
      message: "Player must be located at target lighthouse",
    });
    place(match, 1, 1, 1);
    play(match, 1, { command: "pass" });
    expect(protocol.result!(match, 1)).toEqual({ success: true });
  });

  it("neutralOwner -1 (--neutral-owner -1) sends −1 for neutral lighthouses, owners unchanged", () => {
    for (const neutralOwner of [null, -1] as const) {
      const match = matchOn(lattice, 2, 100, { neutralOwner });
      place(match, 0, 1, 1);
      play(match, 0, { command: "attack", energy: 1 });
      const owners = (m: unknown) =>
        (m as { lighthouses: Array<{ owner: unknown }> }).lighthouses.map((lh) => lh.owner);
      expect(owners(protocol.turn(match, 1))).toEqual([0, neutralOwner, neutralOwner]);
      expect(owners(match.viewJson(0))).toEqual([0, neutralOwner, neutralOwner]);
      expect(match.view(1).lighthouses.map((lh) => lh.owner)).toEqual([
        0,
        neutralOwner,
        neutralOwner,
      ]);
    }
  });

  it("greeting must be an object with a string name", () => {
    expect(protocol.acceptStart!({ name: "TroloBot" })).toBe("TroloBot");
    for (const reply of [{}, { name: 5 }, "TroloBot", null, ["name"]]) {
      expect(() => protocol.acceptStart!(reply)).toThrow("Bot did not greet with name");
    }
  });

  it("a reply must be an object with a command; its single command is the order", () => {
    expect(protocol.orders({ command: "move", x: 1, y: 0 })).toEqual([
      { command: "move", x: 1, y: 0 },
    ]);
    for (const reply of [[{ command: "pass" }], "pass", null, 5, { orders: [] }]) {
      expect(() => protocol.orders(reply)).toThrow("Invalid command structure");
    }
  });

  it("extra fields are ignored, as by the original", () => {
    const match = matchOn(lattice, 2);
    expect(play(match, 0, { command: "move", x: 1, y: 0, speed: 9 })).toEqual({ success: true });
  });

  it("in-process views show the same as the protocol", () => {
    const match = matchOn(lattice, 2);
    const view = match.view(0);
    const turn = protocol.turn(match, 0) as Record<string, unknown>;
    expect(view.position).toEqual(turn.position);
    expect(view.energy).toBe(turn.energy);
    expect(view.score).toBe(turn.score);
    expect(view.view).toEqual(turn.view);
    expect(
      view.lighthouses.map(({ haveKey, ...rest }) => ({ ...rest, have_key: haveKey })),
    ).toEqual(turn.lighthouses);
    const start = protocol.start(match, 0, null) as Record<string, unknown>;
    expect(view.map).toEqual(start.map);
    expect([view.playerNum, view.playerCount]).toEqual([start.player_num, start.player_count]);
  });

  it("readTrace turns a transcript into one step per turn", () => {
    const text = [
      { round: -1, player: 0, dir: "to_bot", msg: {} },
      { round: -1, player: 0, dir: "from_bot", msg: { name: "a" } },
      { round: 0, player: 0, dir: "from_bot", msg: { command: "pass" } },
      { round: 0, player: 1, dir: "from_bot", msg: { command: "move", x: 1, y: 0 } },
    ]
      .map((e) => JSON.stringify(e))
      .join("\n");
    expect(engine.readTrace!(text, "t")).toEqual([
      [[{ command: "pass" }], []],
      [[], [{ command: "move", x: 1, y: 0 }]],
    ]);
    expect(() => engine.readTrace!("{bad", "t.jsonl")).toThrow(/t.jsonl:1/);
  });
});

const faulty = fileURLToPath(new URL("./__fixtures__/faulty-bot.mjs", import.meta.url));
/**
 * The faulty bot writes its pid where the test reads it: it runs without its box (`--trust`),
 * which would hide the test's folder (the box's own tests are @arena/bots').
 */
const trusted = { sandbox: false } as const;
const hasRunner = typeof (core as Record<string, unknown>).runMatch === "function";

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Limits for the fault tests: CPU time, with a wall-clock safety net of 5 s. The faulty bot's slow
// answers sleep 60 s (ten times over the net), its other answers (and Demo's) are immediate, so
// the outcome does not depend on how busy the machine is. Spin never ends: it must reach its 1 s
// of CPU time (limit and grace) before the net, which on a machine at load 20 takes over 5 s of
// wall-clock time, so its net is 10 minutes.
const budget = { startMs: 3000, turnMs: 500, graceMs: 500, wallMs: 5000 };
const spinBudget = { ...budget, wallMs: 600_000 };
const safetyNet = (what: string) =>
  new RegExp(
    `^did not answer its ${what} within 5000 ms of wall-clock time \\(the safety net; it used \\d+ ms of CPU time: sleeping or blocked\\?\\)$`,
  );

// The fault tests share nothing (each its own bot process, pid file and match) and mostly wait on
// the wall-clock safety net (three sleeping bots, 5 s each): they run concurrently. No outcome
// depends on that: the sleeping bots are far over the net, the other answers immediate, and the
// CPU limits count each bot process's own CPU time, not the wall-clock time others take.
describe.skipIf(!hasRunner)(
  "protocol faults freeze only that bot, with no process left alive",
  { concurrent: true },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "lighthouses-faults-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it.each([
      ["crash", /exited|closed|killed/],
      ["hang", safetyNet("turn")],
      ["junk", /invalid JSON/],
      ["structure", /Invalid command structure/],
      ["slow-start", safetyNet("start reply")],
      ["no-name", /Bot did not greet with name/],
      ["slow-turn", safetyNet("turn")],
      [
        "spin",
        /^used \d+ ms of CPU time for its turn, over the limit of 500 ms by \d+ ms \(grace 500 ms\)$/,
      ],
    ])("%s", async (mode, reason) => {
      const pidFile = join(dir, `${mode}.pid`);
      const config = { ...engine.defaultConfig(), rounds: 20 };
      const result = await core.runMatch(engine, {
        config,
        seed: 1,
        players: [
          { name: "Demo", controller: core.inProcessBot(engine.bots.Demo!, "Demo") },
          {
            name: mode,
            controller: bots.externalBot(`node ${faulty} ${mode} ${pidFile}`, trusted),
          },
        ],
        budget: mode === "spin" ? spinBudget : budget,
      });
      expect(result.rounds).toBe(20);
      expect(result.players[0]!.frozen).toBe(false);
      expect(result.players[1]!.frozen).toBe(true);
      expect(result.players[1]!.fault).toMatch(reason);
      expect(result.scores[0]).toBeGreaterThan(0);
      expect(existsSync(pidFile)).toBe(true);
      const pid = Number(readFileSync(pidFile, "utf8"));
      expect(alive(pid)).toBe(false);
    });

    it("a good bot is not frozen and its process is gone at the end", async ({ expect }) => {
      const pidFile = join(dir, "good.pid");
      const result = await core.runMatch(engine, {
        config: { ...engine.defaultConfig(), rounds: 20 },
        seed: 1,
        players: [
          { name: "good", controller: bots.externalBot(`node ${faulty} good ${pidFile}`, trusted) },
          { name: "Null", controller: core.inProcessBot(engine.bots.Null!, "Null") },
        ],
        budget,
      });
      expect(result.players.map((p) => p.frozen)).toEqual([false, false]);
      expect(alive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    });
  },
);

// Concurrent too, for the same reasons (the sleepy bot waits 6 s of wall-clock time).
describe.skipIf(!hasRunner)(
  "the default budget: CPU time per turn, as the other games",
  { concurrent: true },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "lighthouses-budget-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const play = async (mode: string, warnings: core.WarningEvent[] = []) => {
      const pidFile = join(dir, `${mode}.pid`);
      const result = await core.runMatch(engine, {
        config: { ...engine.defaultConfig(), rounds: 6 },
        seed: 1,
        players: [
          {
            name: mode,
            controller: bots.externalBot(`node ${faulty} ${mode} ${pidFile}`, trusted),
          },
          { name: "Demo", controller: core.inProcessBot(engine.bots.Demo!, "Demo") },
        ],
        onWarning: (event) => warnings.push(event),
      });
      expect(alive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
      return result;
    };

    it("is 100 ms of CPU time per turn with a grace of 400 ms, and 2000 ms to start", () => {
      expect(engine.budget).toEqual({ startMs: 2000, turnMs: 100, graceMs: 400 });
      expect((engine.budget as core.Budget).clock).toBeUndefined();
    });

    it("freezes an endless loop at the limit and its grace, naming the CPU time", async () => {
      const result = await play("spin");
      expect(result.players[0]!.fault).toMatch(
        /^used \d+ ms of CPU time for its turn, over the limit of 100 ms by \d+ ms \(grace 400 ms\)$/,
      );
      expect(result.players[0]!.frozenAtRound).toBe(2);
      expect(result.players[1]!.frozen).toBe(false);
    });

    it("warns of a turn over 100 ms of CPU time but within the grace, and applies it", async () => {
      const warnings: core.WarningEvent[] = [];
      const result = await play("late", warnings);
      expect(result.players[0]!.frozen).toBe(false);
      expect(result.players[0]!.lateTurns).toBeGreaterThanOrEqual(1);
      const third = warnings.find((w) => w.round === 2);
      expect(third).toMatchObject({ player: 0, round: 2 });
      expect(third!.message).toMatch(
        /^used \d+ ms of CPU time for its turn, over the limit of 100 ms by \d+ ms \(within the grace of 400 ms\)$/,
      );
    });

    it("does not charge sleeping: 0.5 s of wall-clock time per turn, no CPU time, is no fault", async () => {
      const warnings: core.WarningEvent[] = [];
      const result = await play("sleepy", warnings);
      expect(result.players[0]!.frozen).toBe(false);
      expect(result.players[0]!.lateTurns).toBe(0);
      expect(warnings).toEqual([]);
      expect(result.durationMs).toBeGreaterThan(6 * 500);
    });
  },
);
