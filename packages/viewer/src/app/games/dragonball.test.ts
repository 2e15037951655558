import { readdirSync } from "node:fs";
import { engine } from "@arena/dragonball";
import { describe, expect, it } from "vitest";
import {
  checkEvents,
  checkFreeze,
  checkGame,
  haveReference,
  openReference,
  play,
  readReference,
  reference,
  tracePlayed,
} from "../testing";
import type { GameView } from "../types";
import { dragonball } from "./dragonball";

describe("Bola de Drac view", () => {
  it("reads every frame of a Demo match like the engine, from the .res and from the replay", () => {
    checkGame(dragonball, play(engine, 3));
  });

  it("marks a frozen player OUT from the round it was frozen", () => {
    checkFreeze(dragonball as GameView, engine);
  });

  it.skipIf(!haveReference)("opens the original .res files (2012)", () => {
    const traces = readdirSync(`${reference}dragonball/traces`)
      .filter((name) => name.endsWith(".res.gz"))
      .map((name) => `traces/${name}`);
    expect(traces.length).toBeGreaterThan(0);
    for (const file of ["sample_demo4_seed1_democnf.res.gz", ...traces]) {
      const source = openReference(`dragonball/${file}`);
      expect(source.view.game, file).toBe("dragonball");
      expect(source.warning, file).toBeUndefined();
      expect(source.names, file).toHaveLength(4);
      expect(source.length, file).toBeGreaterThan(600);
      for (let i = 0; i < source.length; i++) {
        const frame = source.frame(i) as never;
        expect(dragonball.round(frame), file).toBe(i);
        expect(source.players(i), file).toHaveLength(4);
      }
    }
  });

  it("a replay shows the engine's kills and deaths; a .res its deaths, inferred, and only the Kame Hame's kills", () => {
    const counts = checkEvents(dragonball as GameView, play(engine, 3), (id) => `goku ${id}`);
    expect(counts.deaths).toBeGreaterThan(0);
    expect(counts.resDeaths).toBe(counts.deaths);
    expect(counts.resKills).toBeLessThanOrEqual(counts.kills);
  });

  it.skipIf(!haveReference)(
    "the original engine's matches: every death, the Kame Hame's kills, no other",
    () => {
      const name = "demo_seed2.res.gz";
      const res = readReference(`dragonball/traces/${name}`);
      const config = {
        ...engine.parseConfig(readReference("dragonball/demo.cnf"), "demo.cnf"),
        variant: "2012",
      };
      const counts = checkEvents(
        dragonball as GameView,
        tracePlayed(engine, config, 2, engine.readTrace!(res, name), res),
        (id) => `goku ${id}`,
      );
      expect(counts.resDeaths).toBe(counts.deaths);
      expect(counts.resKills).toBeGreaterThan(0);
      expect(counts.resKills).toBeLessThan(counts.kills);
    },
  );
});
