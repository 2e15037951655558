import { engine } from "@arena/moneyheist";
import { describe, expect, it } from "vitest";
import { checkFreeze, checkGame, haveReference, openReference, play } from "../testing";
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
});
