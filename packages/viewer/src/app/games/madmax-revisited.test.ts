import { readdirSync } from "node:fs";
import { engine } from "@arena/madmax-revisited";
import { describe, expect, it } from "vitest";
import { checkFreeze, checkGame, haveReference, openReference, play, reference } from "../testing";
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
});
