import { readdirSync } from "node:fs";
import { engine } from "@arena/madmax-revisited";
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
import { madmaxRevisited } from "./madmax-revisited";

describe("Mad Max Revisited view", () => {
  it("reads every frame of a Demo match like the engine, from the .res and from the replay", () => {
    checkGame(madmaxRevisited, play(engine, 3));
  });

  it("marks a frozen player OUT from the round it was frozen", () => {
    checkFreeze(madmaxRevisited as GameView, engine);
  });

  it.skipIf(!haveReference)("opens the original .res files", () => {
    const files = readdirSync(`${reference}madmax-revisited`).filter((f) => f.endsWith(".res.gz"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = openReference(`madmax-revisited/${file}`);
      expect(source.view.game).toBe("madmax-revisited");
      expect(source.warning, file).toBeUndefined();
      expect(source.length, file).toBe(301);
      for (let i = 0; i < source.length; i++)
        expect(madmaxRevisited.round(source.frame(i) as never), `${file} frame ${i}`).toBe(i);
    }
  });

  it("a replay shows the engine's kills and deaths; a .res only its deaths, inferred, and no kill", () => {
    const counts = checkEvents(madmaxRevisited as GameView, play(engine, 3), (id) => `car ${id}`);
    expect(counts.deaths).toBeGreaterThan(0);
    expect(counts.resKills).toBe(0);
    expect(counts.resDeaths).toBe(counts.deaths);
  });

  it.skipIf(!haveReference)("the original engine's matches: every death, no kill", () => {
    const name = "default_DuDuDuDu_s1";
    const res = readReference(`madmax-revisited/traces/${name}.res.gz`);
    const orders = readReference(`madmax-revisited/traces/${name}.orders.jsonl.gz`);
    const steps = engine.readTrace!(orders, name);
    const config = engine.parseConfig(readReference("madmax-revisited/default.cnf"), "default.cnf");
    const counts = checkEvents(
      madmaxRevisited as GameView,
      tracePlayed(engine, config, 1, steps, res),
      (id) => `car ${id}`,
    );
    expect(counts.kills).toBeGreaterThan(10);
    expect([counts.resKills, counts.resDeaths]).toEqual([0, counts.deaths]);
    expect(
      expectNoKillFromRes(openReference("madmax-revisited/official_sample_seed1.res.gz")),
    ).toBeGreaterThan(0);
  });
});
