import { readdirSync } from "node:fs";
import { engine } from "@arena/madmax";
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
  reference,
  tracePlayed,
} from "../testing";
import type { GameView } from "../types";
import { madmax } from "./madmax";

describe("Mad Max view", () => {
  it("reads every frame of a Demo match like the engine, from the .res and from the replay", () => {
    checkGame(madmax, play(engine, 3, { maxSteps: 250 }));
  });

  it("marks a frozen player OUT from the round it was frozen", () => {
    checkFreeze(madmax as GameView, engine);
  });

  it.skipIf(!haveReference)("opens the original .res files", () => {
    const files = readdirSync(`${reference}madmax`).filter((f) => f.endsWith(".res.gz"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = openReference(`madmax/${file}`);
      expect(source.view.game).toBe("madmax");
      // The "-prefix" official sample (v1.6) is whole too: all 501 states, none cut.
      expect(source.warning, file).toBeUndefined();
      expect(source.length, file).toBe(501);
      for (let i = 0; i < source.length; i++)
        expect(madmax.round(source.frame(i) as never), `${file} frame ${i}`).toBe(i);
    }
  });

  it("a replay shows the engine's kills and deaths; a .res only its captures, inferred, and no kill", () => {
    const counts = checkEvents(
      madmax as GameView,
      play(engine, 3, { maxSteps: 200 }),
      (id) => `unit ${id}`,
    );
    expect(counts.kills).toBeGreaterThan(0);
    expect(counts.resKills).toBe(0);
    // Every capture changes the unit's team: the .res shows them all.
    expect(counts.resDeaths).toBe(counts.deaths);
  });

  it.skipIf(!haveReference)("the original engine's matches: every capture, no kill", () => {
    const name = "fixed1_DuDuDeDe_s21";
    const res = readReference(`madmax/traces/${name}.res.gz`);
    const steps = engine.readTrace!(readReference(`madmax/traces/${name}.orders.jsonl.gz`), name);
    const config = engine.parseConfig(readReference("madmax/fixed1.cnf"), "fixed1.cnf");
    const counts = checkEvents(
      madmax as GameView,
      tracePlayed(engine, config, 21, steps, res),
      (id) => `unit ${id}`,
    );
    expect(counts.kills).toBeGreaterThan(50);
    expect([counts.resKills, counts.resDeaths]).toEqual([0, counts.deaths]);
    expect(
      expectNoKillFromRes(openReference("madmax/final_engine_demo4_seed1.res.gz")),
    ).toBeGreaterThan(10);
  });
});
