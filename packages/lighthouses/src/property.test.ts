import { OrderCollector } from "@arena/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DemoBot } from "./bots";
import { DEFAULT_MAP } from "./config";
import { engine } from "./engine";
import { onSegment, segmentsCross } from "./geometry";
import { LighthousesMatch } from "./match";
import { matchOn, openMap } from "./test-helpers";
import type { LighthousesOrder } from "./types";

const lattice = openMap(9, 5, {
  "1,1": "!",
  "5,1": "!",
  "9,1": "!",
  "1,5": "!",
  "5,5": "!",
  "9,5": "!",
  "7,3": "!",
  "3,3": "A",
  "4,3": "B",
  "6,2": "C",
});

const junk = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([[1, 1]]),
);
const delta = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -1, max: 1 }) },
  fc.integer({ min: -3, max: 3 }),
  fc.boolean(),
  junk,
);
const amount = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 300 }) },
  fc.integer(),
  fc.constant(1e300),
  fc.constant(-1e300),
  junk,
);
const destination = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom([1, 1], [5, 1], [9, 1], [1, 5], [5, 5], [9, 5], [7, 3]) },
  fc.tuple(fc.integer({ min: -2, max: 12 }), fc.integer({ min: -2, max: 8 })),
  junk,
);
const order: fc.Arbitrary<LighthousesOrder | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ command: fc.constant("move"), x: delta, y: delta }) },
  { weight: 4, arbitrary: fc.record({ command: fc.constant("attack"), energy: amount }) },
  { weight: 4, arbitrary: fc.record({ command: fc.constant("connect"), destination }) },
  fc.record({ command: fc.constant("pass") }),
  fc.record({ command: fc.oneof(fc.constantFrom("foo", "PASS", ""), junk) }),
  fc.record({ command: fc.constantFrom("move", "attack", "connect") }),
  fc.constant(undefined),
) as fc.Arbitrary<LighthousesOrder | undefined>;

/** Checks every invariant of the state. */
function checkInvariants(match: LighthousesMatch, singleKey: boolean): void {
  const L = match.numLighthouses;
  for (let i = 0; i < match.energy.length; i++) {
    const e = match.energy[i]!;
    if (e < 0 || e > 100 || (match.island[i] === 0 && e !== 0))
      throw new Error(`cell ${i} has energy ${e}`);
  }
  for (let l = 0; l < L; l++) {
    const owner = match.lhOwner[l]!;
    if (owner === -1) {
      expect(match.lhEnergy[l]).toBe(0);
      expect(match.lhConnections[l]).toEqual([]);
    } else {
      expect(match.lhEnergy[l]).toBeGreaterThan(0);
    }
    for (const o of match.lhConnections[l]!) {
      expect(match.conn[l * L + o]).toBe(1);
      expect(match.lhConnections[o]).toContain(l);
      expect(match.lhOwner[o]).toBe(owner);
    }
  }
  expect(match.connections.length * 2).toBe(
    match.lhConnections.reduce((s, list) => s + list.length, 0),
  );
  const pos = (l: number) => [match.lhX[l]!, match.lhY[l]!] as const;
  for (const [a, b] of match.connections) {
    for (let l = 0; l < L; l++)
      if (l !== a && l !== b) expect(onSegment(...pos(a), ...pos(b), ...pos(l))).toBe(false);
    for (const [c, d] of match.connections)
      expect(segmentsCross(...pos(a), ...pos(b), ...pos(c), ...pos(d))).toBe(false);
  }
  for (const t of match.triangles) {
    expect(
      match.conn[t.a * L + t.b] && match.conn[t.b * L + t.t] && match.conn[t.t * L + t.a],
    ).toBe(1);
    expect(t.cells).toBe(match.countCells(t.a, t.b, t.t));
  }
  for (let p = 0; p < match.numPlayers; p++) {
    expect(match.island[match.playerY[p]! * match.width + match.playerX[p]!]).toBe(1);
    expect(match.playerEnergy[p]).toBeGreaterThanOrEqual(0);
    if (singleKey)
      expect(match.keys.subarray(p * L, p * L + L).reduce((s, k) => s + k, 0)).toBeLessThanOrEqual(
        1,
      );
  }
}

describe("properties under random and hostile commands", () => {
  it("invariants hold, scores never drop, no command throws (thousands of rounds)", () => {
    let rounds = 0;
    let connects = 0;
    let triangles = 0;
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 300, maxLength: 900 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (orders, numPlayers, singleKey) => {
          const match = matchOn(lattice, numPlayers, 1000, { singleKey });
          let scores = match.scores();
          for (const o of orders) {
            const p = match.toMove()[0]!;
            const all = Array.from({ length: numPlayers }, (_, q) =>
              q === p && o ? [engine.parseOrder(o)] : [],
            );
            match.step(all);
            const result = match.results[p]!;
            expect(typeof result.success).toBe("boolean");
            if (o?.command === "connect" && result.success) connects++;
            triangles = Math.max(triangles, match.triangles.length);
            if (match.turn === 0) {
              rounds++;
              checkInvariants(match, singleKey);
              const now = match.scores();
              for (const [q, s] of now.entries()) expect(s).toBeGreaterThanOrEqual(scores[q]!);
              scores = now;
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(rounds).toBeGreaterThan(4000);
    console.log(
      `property run: ${rounds} rounds, ${connects} connections made, up to ${triangles} triangles at once`,
    );
    // Random commands seldom build connections; the next test mixes in Demo bots for that.
  });

  it("invariants hold when Demo bots (which connect and close triangles) mix with hostile commands", () => {
    let connections = 0;
    let triangles = 0;
    let neutralised = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 6, arbitrary: fc.constant("demo" as const) }, order), {
          minLength: 600,
          maxLength: 1500,
        }),
        fc.integer({ min: 2, max: 4 }),
        fc.boolean(),
        (plan, numPlayers, singleKey) => {
          const match = new LighthousesMatch(
            { map: [...DEFAULT_MAP], rounds: 1000, singleKey, neutralOwner: null },
            numPlayers,
          );
          const bots = Array.from({ length: numPlayers }, () => new DemoBot());
          let owned = 0;
          for (const item of plan) {
            const p = match.toMove()[0]!;
            const collector = new OrderCollector<LighthousesOrder>();
            if (item === "demo") bots[p]!.play(match.view(p), match.actions(p, collector));
            else if (item) collector.add(0, engine.parseOrder(item));
            match.step(
              Array.from({ length: numPlayers }, (_, q) => (q === p ? collector.orders : [])),
            );
            connections = Math.max(connections, match.connections.length);
            triangles = Math.max(triangles, match.triangles.length);
            const nowOwned = Array.from(match.lhOwner).filter((o) => o >= 0).length;
            if (nowOwned < owned) neutralised++;
            owned = nowOwned;
            if (match.turn === 0) checkInvariants(match, singleKey);
          }
        },
      ),
      { numRuns: 15 },
    );
    console.log(
      `mixed run: up to ${connections} connections and ${triangles} triangles at once, ${neutralised} losses of lighthouses`,
    );
    expect(triangles).toBeGreaterThan(0);
    expect(neutralised).toBeGreaterThan(0);
  });

  it("parseOrder rejects exactly the replies that are not an object with a command", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const ok =
          typeof value === "object" &&
          value !== null &&
          !Array.isArray(value) &&
          "command" in value;
        if (ok) expect(engine.parseOrder(value)).toBe(value);
        else expect(() => engine.parseOrder(value)).toThrow(/Invalid command structure/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("snapshot and restore", () => {
  it("restoring mid-match and playing on gives the same digests as the original", () => {
    const config = { map: [...DEFAULT_MAP], rounds: 200, singleKey: false, neutralOwner: null };
    const run = (match: LighthousesMatch, bots: DemoBot[], steps: number, digests: number[]) => {
      for (let s = 0; s < steps && !match.isOver(); s++) {
        const p = match.toMove()[0]!;
        const collector = new OrderCollector<LighthousesOrder>();
        bots[p]!.play(match.view(p), match.actions(p, collector));
        match.step(Array.from({ length: 4 }, (_, q) => (q === p ? collector.orders : [])));
        digests.push(match.digest());
      }
    };
    const original = engine.create(config, 1, 4) as LighthousesMatch;
    const bots = [0, 1, 2, 3].map(() => new DemoBot());
    run(original, bots, 301, []);
    original.freeze(2);
    const snapshot = JSON.parse(JSON.stringify(original.snapshot()));
    const copy = engine.restore(snapshot) as LighthousesMatch;
    expect(copy.digest()).toBe(original.digest());
    expect(copy.snapshot()).toEqual(original.snapshot());
    const a: number[] = [];
    const b: number[] = [];
    // The bots keep no state that matters beyond their map tables, so fresh ones play the same.
    run(original, bots, 10_000, a);
    run(
      copy,
      [0, 1, 2, 3].map(() => new DemoBot()),
      10_000,
      b,
    );
    expect(a.length).toBe(4 * 200 - 301);
    expect(b).toEqual(a);
    expect(copy.scores()).toEqual(original.scores());
    expect(original.connections.length + original.triangles.length).toBeGreaterThanOrEqual(0);
  });

  it("the digest changes when the state changes", () => {
    const match = matchOn(lattice, 2);
    const d0 = match.digest();
    match.playerEnergy[0]! += 1;
    expect(match.digest()).not.toBe(d0);
    match.playerEnergy[0]! -= 1;
    expect(match.digest()).toBe(d0);
    match.playerEnergy[0]! += 2 ** 33;
    expect(match.digest()).not.toBe(d0);
  });
});
