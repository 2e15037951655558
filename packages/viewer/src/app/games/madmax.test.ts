import { readdirSync } from "node:fs";
import { engine } from "@arena/madmax";
import { describe, expect, it } from "vitest";
import { checkFreeze, checkGame, haveReference, openReference, play, reference } from "../testing";
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
});
