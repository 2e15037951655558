import { engine } from "@arena/lighthouses";
import { describe, expect, it } from "vitest";
import { ReplaySource } from "../source";
import { checkEvents, checkGame, play } from "../testing";
import type { GameView } from "../types";
import { lighthouses } from "./lighthouses";

describe("Lighthouses view", () => {
  it("shows every frame of a Demo match like the engine (replay re-simulation)", () => {
    checkGame(lighthouses, play(engine, 3));
  });

  it("copies the state out of the live match", () => {
    const played = play(engine, 4, { maxSteps: 40 });
    const source = new ReplaySource(lighthouses as GameView, played.replay);
    const early = source.frame(2);
    const copy = JSON.parse(JSON.stringify(early));
    for (let i = 3; i < source.length; i++) source.frame(i);
    expect(source.frame(2)).toEqual(copy);
    expect(lighthouses.label!(source.frame(3) as never)).toBe("Round 1 · player 1");
  });

  it("marks a frozen player OUT from the turn it was frozen", () => {
    const played = play(engine, 2, { maxSteps: 30, freeze: { step: 10, player: 1 } });
    checkGame(lighthouses, played);
    const source = new ReplaySource(lighthouses as GameView, played.replay);
    for (let i = 0; i < source.length; i++)
      expect(source.players(i).map((p) => p.out)).toEqual([false, i > 10]);
  });

  it("shows the engine's events: no unit dies in Lighthouses", () => {
    const played = play(engine, 3, { maxSteps: 200 });
    expect(checkEvents(lighthouses as GameView, played, (id) => `player ${id}`)).toMatchObject({
      deaths: 0,
      kills: 0,
    });
    const source = new ReplaySource(lighthouses as GameView, played.replay);
    const kinds = new Set<string>();
    for (let i = 1; i < source.length; i++) for (const e of source.events(i)) kinds.add(e.kind);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["capture", "move"]));
  });
});
