import { checkOrdersAccepted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

describe("the Demo bot gives only orders the rules accept (issue 40)", () => {
  const seats = (text: string) =>
    [...text].map((k) => (k === "N" ? engine.bots.Null! : engine.bots.Demo!));
  it.each([
    [1, "DDDD"],
    [2, "DDDD"],
    [3, "DDDD"],
  ])("seed %i, seats %s", (seed, text) => {
    const check = checkOrdersAccepted(engine, engine.defaultConfig(), seed, seats(text));
    expect(check.orders).toBeGreaterThan(100);
    expect(check.own).toEqual([]);
    // In the match as played, only orders overtaken by an earlier order of the round: a goku killed by an earlier throw of the round.
    expect(check.inMatch.filter((r) => r.reason !== "dead-unit")).toEqual([]);
  });
});
