import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type MadMaxConfig, parseConfig } from "./config";
import { engine } from "./engine";
import type { MadMaxMatch } from "./match";
import { parseOrder } from "./orders";
import { CAR, DIR_LETTERS, type MadMaxOrder, WALL, WATER } from "./state";

function violation(match: MadMaxMatch): string | null {
  const s = match.state;
  let cars = 0;
  for (let id = 0; id < s.numUnits; id++) {
    const c = s.pos[id]!;
    if (s.unitAt[c] !== id) return `unit ${id} is not on its cell`;
    if (s.cell[c] === WALL || s.cell[c] === WATER) return `unit ${id} on a wall or water`;
    if (s.type[id] === CAR) {
      cars++;
      if (s.food[id]! < 0 || s.food[id]! > s.p.cars_fuel) return `car ${id} fuel ${s.food[id]}`;
    } else if (
      s.food[id]! <= 0 ||
      s.water[id]! <= 0 ||
      s.food[id]! > s.p.warriors_health ||
      s.water[id]! > s.p.warriors_health
    )
      return `warrior ${id} food ${s.food[id]} water ${s.water[id]}`;
  }
  if (cars !== s.p.nb_players * s.p.nb_cars) return `${cars} cars`;
  return null;
}

const order = fc.record({
  unit: fc.integer({ min: -2, max: 95 }),
  dir: fc.constantFrom(...DIR_LETTERS),
});

describe("invariants under random and hostile orders", () => {
  it("hold for 8 matches of 500 rounds (4000 rounds): totals constant, one unit per cell, limits kept", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.array(fc.array(order, { maxLength: 30 }), { minLength: 4, maxLength: 4 }), {
          minLength: 500,
          maxLength: 500,
        }),
        (seed, rounds) => {
          const match = engine.create(engine.defaultConfig(), seed, 4) as MadMaxMatch;
          for (const orders of rounds) {
            match.step(orders as MadMaxOrder[][]);
            const broken = violation(match);
            if (broken !== null) expect.fail(`round ${match.round()}: ${broken}`);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("Demo beats Null in each of 3 seeds, with the invariants kept; snapshots restore exactly", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const match = engine.create(engine.defaultConfig(), seed, 4) as MadMaxMatch;
      const bots = ["Demo", "Null", "Demo", "Null"].map((name) => engine.bots[name]!());
      let copy: ReturnType<typeof engine.restore> | undefined;
      while (!match.isOver()) {
        const orders = bots.map((bot, p) => {
          const list: MadMaxOrder[] = [];
          bot.play(
            match.view(p),
            match.actions(p, { add: (_k: number, o: MadMaxOrder) => list.push(o) > 0 } as never),
          );
          return list;
        });
        match.step(orders);
        copy?.step(orders);
        const broken = violation(match);
        if (broken !== null) expect.fail(`seed ${seed}, round ${match.round()}: ${broken}`);
        if (match.round() === 100)
          copy = engine.restore(JSON.parse(JSON.stringify(match.snapshot())));
      }
      expect(copy!.digest()).toBe(match.digest());
      const [d0, n1, d2, n3] = match.scores();
      expect(Math.min(d0!, d2!), `seed ${seed}: ${match.scores()}`).toBeGreaterThan(
        Math.max(n1!, n3!),
      );
    }
  });
});

describe("config and orders", () => {
  const fixed = (): MadMaxConfig => ({
    ...engine.defaultConfig(),
    board: "FIXED",
    map: Array(60).fill("R".repeat(60)),
  });
  it("reads FIXED maps and rejects malformed configs naming the line", () => {
    const text = `Mad_Max 1.6\nnb_players 4\nnb_rounds 500\nnb_cities 8\nnb_warriors 20\nnb_cars 3\nwarriors_health 40\ncars_fuel 100\ndamage 6\nrows 60\ncols 60\n\nFIXED\n${fixed().map!.join("\n")}\n`;
    const config = parseConfig(text, "f.cnf");
    expect(config.board).toBe("FIXED");
    expect(config.map![0]).toBe("R".repeat(60));
    expect(() => parseConfig(text.replace("nb_cities 8", "nb_cities 7"), "f.cnf")).toThrow(
      /f\.cnf:4: nb_cities must be a multiple of 4/,
    );
    expect(() => parseConfig(text.replace("FIXED", "RANDOM"), "f.cnf")).toThrow(
      /f\.cnf:13: expected GENERATOR or FIXED/,
    );
    expect(() =>
      parseConfig(text.replace(`${"R".repeat(60)}\n`, `${"R".repeat(59)}\n`), "f.cnf"),
    ).toThrow(/map row 0 has 59 cells/);
    expect(() =>
      parseConfig(text.replace(`${"R".repeat(60)}\n`, `Q${"R".repeat(59)}\n`), "f.cnf"),
    ).toThrow(/unknown cell 'Q'/);
  });
  it.each([
    [{ unit: 3, dir: "q" }, /'dir' must be one of/],
    [{ unit: "3", dir: "b" }, /'unit' must be an integer/],
    [{ unit: 3, dir: "b", speed: 2 }, /unexpected field 'speed'/],
  ])("parseOrder rejects %j", (value, message) => {
    expect(() => parseOrder(value)).toThrow(message);
  });
});
