// Random and hostile orders for thousands of rounds keep the game's invariants.
import { ArenaError } from "@arena/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MoneyHeistMatch } from "./match";
import { type MoneyHeistOrder, parseOrder, readTrace } from "./orders";
import { HEALTH_KIT, POISON_KIT, PROFESSOR, SOLDIER } from "./state";

const order: fc.Arbitrary<MoneyHeistOrder> = fc.oneof(
  fc.record({
    unit: fc.integer({ min: -3, max: 90 }),
    kind: fc.constant("move" as const),
    dir: fc.constantFrom("d" as const, "r" as const, "u" as const, "l" as const),
  }),
  fc.record({
    unit: fc.integer({ min: -3, max: 90 }),
    kind: fc.constant("open" as const),
    dir: fc.constantFrom("d" as const, "r" as const, "u" as const, "l" as const),
    solution: fc.array(fc.integer({ min: -2, max: 6 }), { maxLength: 16 }),
  }),
  fc.record({
    unit: fc.integer({ min: -3, max: 90 }),
    kind: fc.constantFrom("charge" as const, "heal" as const),
  }),
);

/** The first broken invariant, or null (plain comparisons: this runs after every round). */
function violation(match: MoneyHeistMatch): string | null {
  const s = match.state;
  const { config } = s;
  let soldiers = 0;
  for (let id = 0; id < s.numUnits; id++) {
    const pos = s.unitPos[id]!;
    if (s.unitType[id] === SOLDIER) {
      soldiers++;
      if (s.unitAt[pos] !== id) return `soldier ${id} is not on its cell`;
      if (s.unitPoison[id]! < 0 || s.unitPoison[id]! > config.soldierMaxPoisons)
        return `soldier ${id} has poison ${s.unitPoison[id]}`;
    } else {
      if (s.unitType[id] !== PROFESSOR || s.unitPlayer[id] !== id)
        return `unit ${id} is not player ${id}'s professor`;
      const alive = s.unitRebirth[id] === 0;
      if ((s.unitAt[pos] === id) !== alive) return `professor ${id}: on the board ≠ alive`;
      if (s.unitHealth[id]! > config.professorMaxHealth)
        return `professor ${id} health over the max`;
      if (alive && s.unitHealth[id]! <= 0) return `living professor ${id} with no health`;
    }
  }
  if (soldiers !== config.numPlayers * config.initialSoldiersPerClan) return `${soldiers} soldiers`;
  const counts = [0, 0, 0, 0, 0];
  for (let cell = 0; cell < s.cells; cell++) {
    const unit = s.unitAt[cell]!;
    if (unit >= 0 && s.unitPos[unit] !== cell)
      return `cell ${cell} names unit ${unit} which is elsewhere`;
    if (s.money[cell]! > 0) counts[0]!++;
    if (s.kit[cell] === HEALTH_KIT) counts[1]!++;
    if (s.kit[cell] === POISON_KIT) counts[2]!++;
    if (s.door[cell]! >= 0) counts[3]!++;
    if (s.gold[cell]! >= 0) counts[4]!++;
    if (s.wall[cell] === 1 && (unit !== -1 || s.money[cell] !== 0 || s.kit[cell] !== 0))
      return `something on the wall at cell ${cell}`;
  }
  const want = [
    config.numMoney,
    config.numHealthKits,
    config.numPoisonKits,
    config.numSafetyBoxes,
    config.numSafetyBoxes,
  ];
  if (counts.join() !== want.join())
    return `money/health/poison/doors/gold counts ${counts} ≠ ${want}`;
  for (let p = 0; p < config.numPlayers; p++)
    if (s.potHealth[p]! < 0 || s.potPoison[p]! < 0) return `player ${p} has a negative pot`;
  return null;
}

describe("invariants under random and hostile orders", () => {
  it("hold for 20 matches of 200 rounds (4000 rounds)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.array(fc.array(fc.array(order, { maxLength: 40 }), { minLength: 4, maxLength: 4 }), {
          minLength: 200,
          maxLength: 200,
        }),
        (seed, rounds) => {
          const match = engine.create(engine.defaultConfig(), seed, 4) as MoneyHeistMatch;
          expect(violation(match)).toBeNull();
          for (const orders of rounds) {
            match.step(orders);
            const broken = violation(match);
            if (broken !== null) expect.fail(`round ${match.round()}: ${broken}`);
          }
          expect(match.isOver()).toBe(true);
          // Same seed and orders: same result (determinism).
          const again = engine.create(engine.defaultConfig(), seed, 4);
          for (const orders of rounds) again.step(orders);
          expect(again.digest()).toBe(match.digest());
        },
      ),
      { numRuns: 20 },
    );
  });

  it("hold while Demo bots fight (kills, rebirths, safes) for 4 seeds", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const match = engine.create(engine.defaultConfig(), seed, 4) as MoneyHeistMatch;
      const bots = [0, 1, 2, 3].map(() => engine.bots.Demo!());
      while (!match.isOver()) {
        const orders = bots.map((bot, p) => {
          const list: MoneyHeistOrder[] = [];
          const collector = { add: (_k: number, o: MoneyHeistOrder) => list.push(o) > 0 };
          bot.play(match.view(p), match.actions(p, collector as never));
          return list;
        });
        match.step(orders);
        const broken = violation(match);
        if (broken !== null) expect.fail(`seed ${seed}, round ${match.round()}: ${broken}`);
      }
    }
  });
});

describe("bad orders and traces get clear errors", () => {
  it.each([
    [null, /must be a JSON object/],
    [{ unit: "3", kind: "move", dir: "d" }, /'unit' must be an integer/],
    [{ unit: 3, kind: "fly" }, /'kind' must be one of/],
    [{ unit: 3, kind: "move", dir: "x" }, /'dir' must be one of d, r, u, l/],
    [{ unit: 3, kind: "open", dir: "d", solution: "0 1" }, /'solution' must be a list of integers/],
    [{ unit: 3, kind: "charge", extra: 1 }, /unexpected field 'extra'/],
  ])("parseOrder(%j)", (value, message) => {
    expect(() => parseOrder(value)).toThrow(message);
    expect(() => parseOrder(value)).toThrow(ArenaError);
  });

  it("readTrace names the line", () => {
    expect(() =>
      readTrace('{"round":0,"orders":[[],[],[],[]]}\n{"round":2,"orders":[]}', "t.jsonl"),
    ).toThrow(/t\.jsonl:2: expected round 1/);
    expect(() => readTrace("{oops", "t.jsonl")).toThrow(/t\.jsonl:1: not a JSON line/);
  });
});
