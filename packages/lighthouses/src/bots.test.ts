import { readFileSync } from "node:fs";
import { OrderCollector } from "@arena/core";
import { checkOrdersAccepted } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import { available, reference } from "./golden-fixture";
import { LighthousesMatch } from "./match";
import type { LighthousesOrder } from "./types";

/** Plays a whole match at engine level with the named built-in bots; returns the final scores. */
export function playMatch(match: LighthousesMatch, bots: string[]): number[] {
  const players = bots.map((name) => engine.bots[name]!());
  for (const [p, bot] of players.entries()) bot.setup?.(match.view(p));
  const empty: LighthousesOrder[][] = bots.map(() => []);
  while (!match.isOver()) {
    const [p] = match.toMove();
    const collector = new OrderCollector<LighthousesOrder>();
    players[p!]!.play(match.view(p!), match.actions(p!, collector));
    const orders = empty.slice();
    orders[p!] = collector.orders;
    match.step(orders);
  }
  return match.scores();
}

const maps = available
  ? ["original/square.txt", "original/island.txt", "original/grid.txt", "later-editions/ee30.txt"]
  : [];

describe("built-in bots", () => {
  it("Demo beats Null on the default map in both seats, and makes no invalid command", () => {
    for (const seats of [
      ["Demo", "Null"],
      ["Null", "Demo"],
    ]) {
      const match = engine.create(
        { ...engine.defaultConfig(), rounds: 300 },
        1,
        2,
      ) as LighthousesMatch;
      let failures = 0;
      const players = seats.map((n) => engine.bots[n]!());
      while (!match.isOver()) {
        const [p] = match.toMove();
        const collector = new OrderCollector<LighthousesOrder>();
        players[p!]!.play(match.view(p!), match.actions(p!, collector));
        match.step(seats.map((_, q) => (q === p ? collector.orders : [])));
        if (!match.results[p!]!.success) failures++;
      }
      const scores = match.scores();
      const demo = seats.indexOf("Demo");
      expect(scores[demo]).toBeGreaterThan(1000);
      expect(scores[1 - demo]).toBe(0);
      expect(failures).toBe(0);
    }
  });

  it("Demo captures, connects and closes triangles (default map, 4 × Demo)", () => {
    let triangles = 0;
    let connections = 0;
    const match = new LighthousesMatch({ ...engine.defaultConfig(), rounds: 600 }, 4, {
      observer: (phase, _round, m) => {
        if (phase !== "post") return;
        triangles = Math.max(triangles, m.triangles.length);
        connections = Math.max(connections, m.connections.length);
      },
    });
    const scores = playMatch(match, ["Demo", "Demo", "Demo", "Demo"]);
    expect(triangles).toBeGreaterThan(0);
    expect(connections).toBeGreaterThanOrEqual(3);
    expect(Math.min(...scores)).toBeGreaterThan(0);
  });

  it.skipIf(!available).each(maps)(
    "Demo beats Null on %s (1200 rounds, 2 Demo vs 2 Null)",
    (map) => {
      const config = engine.parseConfig(readFileSync(`${reference}maps/${map}`, "utf8"), map);
      const match = engine.create(config, 1, 4) as LighthousesMatch;
      const scores = playMatch(match, ["Demo", "Null", "Demo", "Null"]);
      console.log(`${map}: Demo ${scores[0]} and ${scores[2]}, Null ${scores[1]} and ${scores[3]}`);
      expect(Math.min(scores[0]!, scores[2]!)).toBeGreaterThan(1000);
      expect(Math.max(scores[1]!, scores[3]!)).toBe(0);
    },
  );
});

describe("the Demo bot gives only orders the rules accept (issue 40)", () => {
  const seats = (text: string) =>
    [...text].map((k) => (k === "N" ? engine.bots.Null! : engine.bots.Demo!));
  it.each([
    [1, "DN"],
    [2, "DD"],
    [3, "DD"],
  ])("seed %i, seats %s", (seed, text) => {
    const check = checkOrdersAccepted(engine, engine.defaultConfig(), seed, seats(text));
    expect(check.orders).toBeGreaterThan(100);
    expect(check.own).toEqual([]);
    expect(check.inMatch).toEqual([]);
  });
});
