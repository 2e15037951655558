// Random and hostile instructions keep the game's invariants.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MadMaxRevisitedMatch } from "./match";
import { parseOrder } from "./orders";
import { EMPTY, GAS, type MadMaxRevisitedOrder, MISSILE_BONUS, WATER } from "./state";

const order: fc.Arbitrary<MadMaxRevisitedOrder> = fc.oneof(
  fc.record({
    car: fc.integer({ min: -2, max: 10 }),
    kind: fc.constant("move" as const),
    dir: fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: 0, max: 2 })),
  }),
  fc.record({ car: fc.integer({ min: -2, max: 10 }), kind: fc.constant("shoot" as const) }),
);

function violation(match: MadMaxRevisitedMatch): string | null {
  const s = match.state;
  let alive = 0;
  for (let car = 0; car < s.numCars; car++) {
    if (s.carAlive[car] !== 1) continue;
    alive++;
    const pos = s.carPos[car]!;
    if (s.carAt[pos] !== car) return `car ${car} is not on its cell`;
    if (!s.withinWindow(pos, s.round)) return `car ${car} is outside the window`;
    if (s.cell[pos] !== EMPTY) return `car ${car} shares its cell with a tyre or bonus`;
    if (s.missileAt[pos] !== -1) return `car ${car} shares its cell with a missile`;
    if (s.carGas[car]! <= 0) return `living car ${car} without gas`;
  }
  let onGrid = 0;
  for (let q = 0; q < s.carAt.length; q++) if (s.carAt[q] !== -1) onGrid++;
  if (onGrid !== alive) return `${onGrid} cars on the grid, ${alive} alive`;
  for (const [mid, m] of s.missiles) {
    if (s.missileAt[m.pos] !== mid) return `missile ${mid} is not on its cell`;
    if (s.cell[m.pos] !== EMPTY) return `missile ${mid} shares its cell with a tyre or bonus`;
  }
  const counts = [0, 0, 0, 0, 0];
  for (let q = 0; q < s.cell.length; q++) counts[s.cell[q]!]!++;
  if (
    counts[MISSILE_BONUS]! > s.p.nb_miss_bonuses ||
    counts[WATER]! > s.p.nb_water_bonuses ||
    counts[GAS]! > s.p.nb_gas_bonuses
  )
    return `too many bonuses: ${counts}`;
  return null;
}

describe("invariants under random and hostile instructions", () => {
  it("hold for 30 matches of 300 rounds on the default universe (9000 rounds)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.array(fc.array(fc.array(order, { maxLength: 6 }), { minLength: 4, maxLength: 4 }), {
          minLength: 300,
          maxLength: 300,
        }),
        (seed, rounds) => {
          const match = engine.create(engine.defaultConfig(), seed, 4) as MadMaxRevisitedMatch;
          expect(violation(match)).toBeNull();
          for (const orders of rounds) {
            match.step(orders);
            const broken = violation(match);
            if (broken !== null) expect.fail(`round ${match.round()}: ${broken}`);
          }
          const again = engine.create(engine.defaultConfig(), seed, 4);
          for (const orders of rounds) again.step(orders);
          expect(again.digest()).toBe(match.digest());
        },
      ),
      { numRuns: 30 },
    );
  });

  it("snapshots restore to identical continuations", () => {
    const match = engine.create(engine.defaultConfig(), 5, 4);
    const demo = engine.bots.Demo!();
    const orders = () =>
      [0, 1, 2, 3].map((p) => {
        const list: MadMaxRevisitedOrder[] = [];
        demo.play(
          match.view(p),
          match.actions(p, {
            add: (_k: number, o: MadMaxRevisitedOrder) => list.push(o) > 0,
          } as never),
        );
        return list;
      });
    for (let r = 0; r < 100; r++) match.step(orders());
    const copy = engine.restore(JSON.parse(JSON.stringify(match.snapshot())));
    expect(copy.digest()).toBe(match.digest());
    for (let r = 0; r < 100; r++) {
      const o = orders();
      match.step(o);
      copy.step(o);
    }
    expect(copy.digest()).toBe(match.digest());
    expect(copy.scores()).toEqual(match.scores());
  });

  it("Demo beats Null in every one of 5 seeds", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const match = engine.create(engine.defaultConfig(), seed, 4);
      const bots = ["Demo", "Null", "Demo", "Null"].map((name) => engine.bots[name]!());
      while (!match.isOver()) {
        const o = bots.map((bot, p) => {
          const list: MadMaxRevisitedOrder[] = [];
          bot.play(
            match.view(p),
            match.actions(p, {
              add: (_k: number, x: MadMaxRevisitedOrder) => list.push(x) > 0,
            } as never),
          );
          return list;
        });
        match.step(o);
      }
      const [d0, n1, d2, n3] = match.scores();
      expect(Math.min(d0!, d2!), `seed ${seed}: ${match.scores()}`).toBeGreaterThan(
        Math.max(n1!, n3!),
      );
    }
  });

  it.each([
    [{ car: 1, kind: "fly" }, /'kind' must be move or shoot/],
    [{ car: "1", kind: "shoot" }, /'car' must be an integer/],
    [{ car: 1, kind: "move", dir: [2, 0] }, /'dir' must be \[di, dj\]/],
    [{ car: 1, kind: "move", dir: [0, 1], speed: 3 }, /unexpected field 'speed'/],
  ])("parseOrder rejects %j", (value, message) => {
    expect(() => parseOrder(value)).toThrow(message);
  });
});
