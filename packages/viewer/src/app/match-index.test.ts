// The match index (the timeline's marks, each piece's moments) against what the engine reported
// and the frames' own events, for every game; the jumps; compare mode's note.
import type { AnyEngine, RejectedTurn } from "@arena/core";
import { describe, expect, it } from "vitest";
import { configDifferences, identityDifferences } from "./compare-note";
import { GAMES } from "./games";
import { jumpFrame, matchIndex } from "./match-index";
import { rejectedUnits } from "./panels/rejected-list";
import { ReplaySource, ResSource } from "./source";
import { play } from "./testing";
import type { GameView } from "./types";

const short: Record<string, number> = { dragonball: 300, madmax: 200, lighthouses: 300 };

describe.each(GAMES.map((view) => [view.game, view] as const))("%s: the match index", (_, view) => {
  const engine = view.engine as AnyEngine;
  const played = play(engine, 3, {
    maxSteps: short[view.game] ?? 200,
    freeze: { step: 15, player: 1 },
  });
  const source = new ReplaySource(view as GameView, played.replay);
  const index = matchIndex(source);

  it("marks every death, kill and capture the frames' own events show, at their frame, by player", () => {
    const expected: Array<[number, string, number | undefined, string]> = [];
    for (let i = 1; i < source.length; i++)
      for (const e of source.events(i))
        if (e.kind === "death" || e.kind === "kill" || e.kind === "capture")
          expected.push([i, e.kind, e.player, (e.units ?? []).join()]);
    const marked = index.marks
      .filter((m) => m.kind !== "fault" && m.kind !== "rejected")
      .map((m) => [m.frame, m.kind, m.player, m.units.join()]);
    expect(marked).toEqual(expected);
    // The freeze is a fault of player 1 at the turn that froze it.
    expect(index.marks.filter((m) => m.kind === "fault")).toEqual([
      { frame: 15, kind: "fault", player: 1, units: [] },
    ]);
  });

  it("gives each piece the frames where the events name it, and jumps through them", () => {
    const [key, moments] = [...index.units].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (key === undefined) return; // a match where nothing happened to any piece
    for (const { frame } of moments!)
      expect(source.events(frame).some((e) => e.units?.includes(key))).toBe(true);
    const frames = moments!.map((m) => m.frame);
    expect(jumpFrame(index, -1, 1, { key })).toBe(frames[0]);
    expect(jumpFrame(index, frames[0]!, 1, { key })).toBe(frames.find((f) => f > frames[0]!));
    expect(jumpFrame(index, source.length, -1, { key })).toBe(frames[frames.length - 1]);
    expect(jumpFrame(index, frames[0]!, -1, { key })).toBeUndefined();
    // A player's marks: only its own.
    const first = index.marks.find((m) => m.player === 0);
    if (first !== undefined)
      expect(jumpFrame(index, first.frame - 1, 1, { player: 0 })).toBe(first.frame);
  });
});

describe("rejected orders in the viewer", () => {
  it("are marked on the timeline and on the units their orders name", () => {
    const view = GAMES.find((g) => g.game === "moneyheist")! as GameView;
    const played = play(view.engine as AnyEngine, 3, { maxSteps: 10 });
    const turn: RejectedTurn = {
      orders: [
        {
          index: 2,
          order: { unit: 7, kind: "move", dir: "u" },
          reason: "not-yours",
          message: "unit 7 is player 1's",
        },
        { index: 3, order: "junk", reason: "malformed", message: "an order must be an object" },
      ],
    };
    const source = new ReplaySource(view, {
      ...played.replay,
      rejected: [{ step: 4, players: [turn, null, null, null] }],
    });
    expect(source.rejected(4)).toEqual([turn, null, null, null]);
    expect(source.rejected(5)).toEqual([]);
    expect([...rejectedUnits(source, 4)]).toEqual(["unit 7"]);
    const marks = matchIndex(source).marks.filter((m) => m.kind === "rejected");
    expect(marks).toEqual([{ frame: 4, kind: "rejected", player: 0, units: ["unit 7"] }]);
    expect(matchIndex(source).units.get("unit 7")).toContainEqual({ frame: 4, kind: "rejected" });
    // A .res has no orders: none, and its faults are read from its OUT players.
    const res = new ResSource(view, played.res!);
    expect(res.rejected(4)).toEqual([]);
    expect(res.orders(4)).toBeUndefined();
  });
});

describe("compare mode's note", () => {
  it("names the seed, the map and the config keys that differ", () => {
    expect(
      identityDifferences(
        { game: "g", seed: 1, config: { a: 1 } },
        { game: "g", seed: 1, config: { a: 1 } },
      ),
    ).toEqual([]);
    expect(identityDifferences({ game: "g", seed: 1 }, { game: "g", seed: 2 })).toEqual([
      "the seed (1 ≠ 2)",
    ]);
    expect(identityDifferences({ game: "g" }, { game: "g", seed: 2 })).toEqual([
      "the seed (a .res does not record it)",
    ]);
    expect(
      configDifferences(
        { params: { nb_rounds: 500, x: 1 }, map: ["..#"], rounds: 3 },
        { params: { nb_rounds: 100, x: 1 }, map: ["#.."], rounds: 3 },
      ),
    ).toEqual(["params.nb_rounds 500 ≠ 100", "the map (map)"]);
    expect(identityDifferences({ game: "a" }, { game: "b" })[0]).toBe("the game (a ≠ b)");
  });
});
