// Rule-by-rule scenarios on a hand-made FIXED board: units are moved where a test needs them.
import { describe, expect, it } from "vitest";
import { CAR, WARRIOR } from "./state";
import { setup } from "./test-board";

describe("Mad Max rules", () => {
  it("a warrior attack takes up to 6 food and water, half of it (capped) goes to the attacker", () => {
    const t = setup();
    const a = t.firstOf(WARRIOR, 0);
    const b = t.firstOf(WARRIOR, 1);
    t.move(a, 20, 5);
    t.move(b, 20, 6);
    t.s.food[a] = 30;
    t.play([a, "r"]);
    expect([t.s.food[b], t.s.water[b]]).toEqual([34, 34]);
    // +3 from the attack, −1 consumption (its player's round), the attacker does not move.
    expect([t.s.food[a], t.s.water[a]]).toEqual([32, 39]);
    expect(t.s.pos[a]).toBe(t.at(20, 5));
    expect(t.s.moves).toEqual([`${a} r\n`]);
  });

  it("a warrior left without food or water is captured by the attacker's team and respawns on the border", () => {
    const t = setup();
    const a = t.firstOf(WARRIOR, 0);
    const b = t.firstOf(WARRIOR, 1);
    t.move(a, 20, 5);
    t.move(b, 20, 6);
    t.s.water[b] = 5;
    t.play([a, "r"]);
    expect(t.s.player[b]).toBe(0);
    expect([t.s.food[b], t.s.water[b]]).toEqual([40, 40]);
    const [i, j] = [Math.floor(t.s.pos[b]! / 60), t.s.pos[b]! % 60];
    expect(i === 0 || j === 0 || i === 59 || j === 59).toBe(true);
  });

  it("thunderdome: between two warriors in cities one is captured and the survivor keeps its stats", () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const t = setup();
      t.s.rng.setSeed(seed);
      const a = t.firstOf(WARRIOR, 0);
      const b = t.firstOf(WARRIOR, 1);
      t.move(a, 3, 5); // a city cell of player 0
      t.move(b, 3, 6);
      t.s.water[a] = 20;
      t.play([a, "r"]);
      const aCaptured = t.s.player[a] !== 0;
      const bCaptured = t.s.player[b] !== 1;
      expect(aCaptured !== bCaptured).toBe(true);
      if (bCaptured) expect(t.s.water[a]).toBe(20 - 1);
      outcomes.add(aCaptured ? "a" : "b");
    }
    expect(outcomes).toEqual(new Set(["a", "b"]));
  });

  it("a car runs an enemy warrior over and moves in; a warrior attacking an enemy car is captured by the car's team", () => {
    const t = setup();
    const car = t.firstOf(CAR, 0);
    const w1 = t.firstOf(WARRIOR, 1);
    t.move(car, 29, 10);
    t.move(w1, 29, 11);
    t.play([car, "r"]);
    expect(t.s.player[w1]).toBe(0);
    expect(t.s.pos[car]).toBe(t.at(29, 11));
    const u = setup();
    const w0 = u.firstOf(WARRIOR, 0);
    const car1 = u.firstOf(CAR, 1);
    u.move(w0, 20, 5);
    u.move(car1, 20, 6);
    u.play([w0, "r"]);
    expect(u.s.player[w0]).toBe(1);
  });

  it("against its own team: a car's warrior goes to another team, a warrior hitting its own car too", () => {
    const t = setup();
    const car = t.firstOf(CAR, 0);
    const w = t.firstOf(WARRIOR, 0);
    t.move(car, 29, 10);
    t.move(w, 29, 11);
    t.play([car, "r"]);
    expect(t.s.player[w]).not.toBe(0);
    expect(t.s.pos[car]).toBe(t.at(29, 11));
    const u = setup();
    const w2 = u.firstOf(WARRIOR, 0);
    const car2 = u.firstOf(CAR, 0);
    u.move(w2, 20, 5);
    u.move(car2, 20, 6);
    u.play([w2, "r"]);
    expect(u.s.player[w2]).not.toBe(0);
    expect(u.s.player[car2]).toBe(0);
  });

  it("two cars colliding are both captured, by two different other teams", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const t = setup();
      t.s.rng.setSeed(seed);
      const c0 = t.firstOf(CAR, 0);
      const c1 = t.firstOf(CAR, 1);
      t.move(c0, 29, 10);
      t.move(c1, 29, 11);
      t.play([c0, "r"]);
      expect([0, 1]).not.toContain(t.s.player[c1]);
      expect([0, 1]).not.toContain(t.s.player[c0]);
      expect(t.s.player[c0]).not.toBe(t.s.player[c1]);
      expect([t.s.food[c0], t.s.food[c1]]).toEqual([100, 100]);
    }
  });

  it("refills: food in any city, water next to water, fuel next to a station", () => {
    const t = setup();
    const w = t.firstOf(WARRIOR, 0);
    const v = t.firstOf(WARRIOR, 0, 1);
    const car = t.firstOf(CAR, 0);
    t.move(w, 3, 42); // a city of player 1: the final engine refills on any city
    t.move(v, 21, 16); // next to water
    t.move(car, 28, 40); // next to the station at (29, 40)
    t.s.food[w] = 10;
    t.s.water[v] = 10;
    t.s.food[car] = 50;
    t.play();
    expect(t.s.food[w]).toBe(40);
    expect(t.s.water[v]).toBe(40);
    expect(t.s.food[car]).toBe(100);
  });

  it("a city goes to the team with the unique largest number of warriors in it, and scores accumulate", () => {
    const t = setup();
    // Empty player 0's city at rows 2–4, columns 2–11 of its own warriors, then put two of player 1's in.
    const city = new Set<number>();
    for (let i = 2; i < 5; i++) for (let j = 2; j < 12; j++) city.add(t.at(i, j));
    let k = 0;
    for (let id = 0; id < t.s.numUnits; id++) {
      if (t.s.type[id] === WARRIOR && t.s.player[id] === 0 && city.has(t.s.pos[id]!))
        t.move(id, 15 + Math.floor(k / 10), 2 + (k++ % 10));
    }
    t.move(t.firstOf(WARRIOR, 1), 3, 3);
    t.move(t.firstOf(WARRIOR, 1, 1), 3, 4);
    const before = Array.from(t.s.totalScore);
    t.play();
    expect(Array.from(t.s.numCities)).toEqual([1, 3, 2, 2]);
    expect(Array.from(t.s.totalScore)).toEqual([
      before[0]! + 1,
      before[1]! + 3,
      before[2]! + 2,
      before[3]! + 2,
    ]);
    expect(t.s.owner[t.at(2, 2)]).toBe(1);
  });
});
