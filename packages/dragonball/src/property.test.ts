import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { DragonBallMatch } from "./match";
import { parseOrder } from "./orders";
import { BALL, type DragonBallOrder } from "./state";

const action: fc.Arbitrary<DragonBallOrder[]> = fc.oneof(
  fc.constant<DragonBallOrder[]>([]),
  fc
    .record({
      kind: fc.constantFrom("move" as const, "throw" as const),
      dir: fc.constantFrom("n" as const, "t" as const, "b" as const, "l" as const, "r" as const),
    })
    .map((o) => [o]),
);

function violation(match: DragonBallMatch): string | null {
  const s = match.state;
  let balls = 0;
  for (let q = 0; q < s.cell.length; q++) if (s.cell[q] === BALL) balls++;
  let onBoard = 0;
  for (let id = 0; id < s.n; id++) {
    balls += s.gokuBall[id]!;
    if (s.gokuStrength[id]! < 0 || s.gokuStrength[id]! > s.p.max_strength)
      return `goku ${id} strength ${s.gokuStrength[id]}`;
    if (s.gokuAlive[id] === 1) {
      onBoard++;
      if (s.gokuAt[s.gokuPos[id]!] !== id) return `goku ${id} is not on its cell`;
    }
  }
  let gokus = 0;
  for (let q = 0; q < s.gokuAt.length; q++) if (s.gokuAt[q] !== -1) gokus++;
  if (gokus !== onBoard) return `${gokus} gokus on cells, ${onBoard} alive`;
  if (balls !== s.p.nb_balls) return `${balls} balls instead of ${s.p.nb_balls}`;
  return null;
}

describe("invariants under random and hostile actions", () => {
  it("hold over 20 matches of 1000 rounds (20 000 rounds): balls constant, one goku per cell, strength in 0..max", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.tuple(action, action, action, action), { minLength: 1000, maxLength: 1000 }),
        (seed, rounds) => {
          const config = {
            ...engine.defaultConfig(),
            params: { ...engine.defaultConfig().params, nb_rounds: 1001 },
          };
          const match = engine.create(config, seed, 4) as DragonBallMatch;
          for (const orders of rounds) {
            match.step(orders);
            const broken = violation(match);
            if (broken !== null) expect.fail(`round ${match.round()}: ${broken}`);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it("hold while Demo bots fight, and Demo beats Null in each of 5 seeds; snapshots restore exactly", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const match = engine.create(engine.defaultConfig(), seed, 4) as DragonBallMatch;
      const bots = ["Demo", "Null", "Demo", "Null"].map((name) => engine.bots[name]!());
      let copy: ReturnType<typeof engine.restore> | undefined;
      while (!match.isOver()) {
        const orders = bots.map((bot, p) => {
          const list: DragonBallOrder[] = [];
          bot.play(
            match.view(p),
            match.actions(p, {
              add: (_k: number, o: DragonBallOrder) => list.push(o) > 0,
            } as never),
          );
          return list;
        });
        match.step(orders);
        copy?.step(orders);
        const broken = violation(match);
        if (broken !== null) expect.fail(`seed ${seed}, round ${match.round()}: ${broken}`);
        if (match.round() === 300)
          copy = engine.restore(JSON.parse(JSON.stringify(match.snapshot())));
      }
      expect(copy!.digest()).toBe(match.digest());
      const [d0, n1, d2, n3] = match.scores();
      expect(Math.min(d0!, d2!), `seed ${seed}: ${match.scores()}`).toBeGreaterThan(
        Math.max(n1!, n3!),
      );
    }
  });

  it.each([
    [{ kind: "fly", dir: "t" }, /'kind' must be move or throw/],
    [{ kind: "move", dir: "up" }, /'dir' must be one of n, t, b, l, r/],
    [{ kind: "move", dir: "t", power: 9 }, /unexpected field 'power'/],
  ])("parseOrder rejects %j", (value, message) => {
    expect(() => parseOrder(value)).toThrow(message);
  });
});
