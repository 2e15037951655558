import { engine } from "@arena/moneyheist";
import { describe, expect, it } from "vitest";
import {
  checkEvents,
  checkFreeze,
  checkGame,
  expectNoKillFromRes,
  haveReference,
  openReference,
  play,
  readReference,
  tracePlayed,
} from "../testing";
import type { GameView } from "../types";
import { moneyheist } from "./moneyheist";

describe("Money Heist view", () => {
  it("reads every frame of a Demo match like the engine, from the .res and from the replay", () => {
    checkGame(moneyheist, play(engine, 5));
  });

  it("marks a frozen player OUT from the round it was frozen", () => {
    checkFreeze(moneyheist as GameView, engine);
  });

  it.skipIf(!haveReference)("opens the original .res files", () => {
    for (const file of ["engine_demo4_seed1.res.gz", "official_sample_seed34.res.gz"]) {
      const source = openReference(`moneyheist/${file}`);
      expect(source.view.game).toBe("moneyheist");
      expect(source.warning).toBeUndefined();
      for (let i = 0; i < source.length; i++)
        expect(moneyheist.round(source.frame(i) as never)).toBe(i);
      expect(source.length).toBe(201);
    }
  });

  it("a replay shows the engine's kills and deaths; a .res only its deaths, inferred, and no kill", () => {
    const counts = checkEvents(moneyheist as GameView, play(engine, 5), (id) => `unit ${id}`);
    expect(counts.kills).toBeGreaterThan(0);
    expect(counts.resKills).toBe(0);
    expect(counts.resDeaths).toBeGreaterThan(0);
  });

  it.skipIf(!haveReference)("the original engine's matches: no kill that did not happen", () => {
    for (const [name, seed] of [
      ["default_DuDuDuDu_s1", 1],
      ["default_DeDuDeDu_s11", 11],
    ] as const) {
      const res = readReference(`moneyheist/traces/${name}.res.gz`);
      const orders = readReference(`moneyheist/traces/${name}.orders.jsonl.gz`);
      const steps = engine.readTrace!(orders, name);
      const played = tracePlayed(engine, engine.defaultConfig(), seed, steps, res);
      const counts = checkEvents(moneyheist as GameView, played, (id) => `unit ${id}`);
      expect(counts.kills, name).toBeGreaterThan(50);
      expect(counts.resKills, name).toBe(0);
      // A soldier put back next to where it died, for its own team, does not show in the states.
      expect(counts.resDeaths, name).toBeGreaterThan(counts.deaths * 0.9);
    }
    for (const file of ["engine_demo4_seed1.res.gz", "official_sample_seed34.res.gz"])
      expect(expectNoKillFromRes(openReference(`moneyheist/${file}`)), file).toBeGreaterThan(10);
  });
});
