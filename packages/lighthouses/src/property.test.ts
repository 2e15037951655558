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

// Orders arrive as JSON (or as what JSON can carry): no NaN or ±Infinity, which `parseOrder`
// rightly refuses as a malformed command.
const junk = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
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

/** Throws when `condition` is false (plain checks: `expect` costs too much in these loops). */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Checks every invariant of the state; throws an Error naming the first one broken. */
function checkInvariants(match: LighthousesMatch, singleKey: boolean): void {
  const L = match.numLighthouses;
  for (let i = 0; i < match.energy.length; i++) {
    const e = match.energy[i]!;
    check(
      e >= 0 && e <= 100 && (match.island[i] === 1 || e === 0),
      () => `cell ${i} has energy ${e}`,
    );
  }
  for (let l = 0; l < L; l++) {
    const owner = match.lhOwner[l]!;
    if (owner === -1) {
      check(
        match.lhEnergy[l] === 0,
        () => `neutral lighthouse ${l} has energy ${match.lhEnergy[l]}`,
      );
      check(match.lhConnections[l]!.length === 0, () => `neutral lighthouse ${l} has connections`);
    } else {
      check(match.lhEnergy[l]! > 0, () => `owned lighthouse ${l} has energy ${match.lhEnergy[l]}`);
    }
    for (const o of match.lhConnections[l]!) {
      check(match.conn[l * L + o] === 1, () => `connection ${l}-${o} missing from the matrix`);
      check(match.lhConnections[o]!.includes(l), () => `connection ${l}-${o} is one-sided`);
      check(match.lhOwner[o] === owner, () => `connection ${l}-${o} joins two owners`);
    }
  }
  const ends = match.lhConnections.reduce((sum, list) => sum + list.length, 0);
  check(match.connections.length * 2 === ends, () => "connection list and adjacency differ");
  const pos = (l: number) => [match.lhX[l]!, match.lhY[l]!] as const;
  for (const [a, b] of match.connections) {
    for (let l = 0; l < L; l++) {
      if (l !== a && l !== b)
        check(!onSegment(...pos(a), ...pos(b), ...pos(l)), () => `lighthouse ${l} on ${a}-${b}`);
    }
    for (const [c, d] of match.connections) {
      check(
        !segmentsCross(...pos(a), ...pos(b), ...pos(c), ...pos(d)),
        () => `connections ${a}-${b} and ${c}-${d} cross`,
      );
    }
  }
  for (const t of match.triangles) {
    check(
      match.conn[t.a * L + t.b] === 1 &&
        match.conn[t.b * L + t.t] === 1 &&
        match.conn[t.t * L + t.a] === 1,
      () => `triangle ${t.a}-${t.b}-${t.t} without its connections`,
    );
    check(t.cells === match.countCells(t.a, t.b, t.t), () => `triangle ${t.a}-${t.b}-${t.t} cells`);
  }
  for (let p = 0; p < match.numPlayers; p++) {
    const [x, y] = [match.playerX[p]!, match.playerY[p]!];
    check(match.island[y * match.width + x] === 1, () => `player ${p} off the island at ${x},${y}`);
    check(match.playerEnergy[p]! >= 0, () => `player ${p} has energy ${match.playerEnergy[p]}`);
    if (singleKey) {
      const keys = match.keys.subarray(p * L, p * L + L).reduce((sum, k) => sum + k, 0);
      check(keys <= 1, () => `player ${p} holds ${keys} keys under the single-key rule`);
    }
  }
}

/** Plays `orders` (one per turn; undefined = no command) on the lattice; checks every round. */
function playHostile(
  orders: Array<LighthousesOrder | undefined>,
  numPlayers: number,
  singleKey: boolean,
): { rounds: number; connects: number } {
  const match = matchOn(lattice, numPlayers, 1000, { singleKey });
  let scores = match.scores();
  let rounds = 0;
  let connects = 0;
  for (const o of orders) {
    const p = match.toMove()[0]!;
    match.step(
      Array.from({ length: numPlayers }, (_, q) => (q === p && o ? [engine.parseOrder(o)] : [])),
    );
    const result = match.results[p]!;
    check(typeof result.success === "boolean", () => `no result for player ${p}`);
    if (o?.command === "connect" && result.success) connects++;
    if (match.turn === 0) {
      rounds++;
      checkInvariants(match, singleKey);
      const now = match.scores();
      for (const [q, score] of now.entries())
        check(
          score >= scores[q]!,
          () => `player ${q}'s score dropped from ${scores[q]} to ${score}`,
        );
      scores = now;
    }
  }
  return { rounds, connects };
}

/** Plays `plan` on the default map: "demo" lets the player to move run Demo, else the order. */
function playMixed(
  plan: Array<"demo" | LighthousesOrder | undefined>,
  numPlayers: number,
  singleKey: boolean,
): { triangles: number; losses: number } {
  const match = new LighthousesMatch(
    { map: [...DEFAULT_MAP], rounds: 1000, singleKey, neutralOwner: null },
    numPlayers,
  );
  const bots = Array.from({ length: numPlayers }, () => new DemoBot());
  let owned = 0;
  let triangles = 0;
  let losses = 0;
  for (const item of plan) {
    const p = match.toMove()[0]!;
    const collector = new OrderCollector<LighthousesOrder>();
    if (item === "demo") bots[p]!.play(match.view(p), match.actions(p, collector));
    else if (item) collector.add(0, engine.parseOrder(item));
    match.step(Array.from({ length: numPlayers }, (_, q) => (q === p ? collector.orders : [])));
    triangles = Math.max(triangles, match.triangles.length);
    const nowOwned = match.lhOwner.filter((o) => o >= 0).length;
    if (nowOwned < owned) losses++;
    owned = nowOwned;
    if (match.turn === 0) checkInvariants(match, singleKey);
  }
  return { triangles, losses };
}

const mixedPlan = fc.array(
  fc.oneof({ weight: 6, arbitrary: fc.constant("demo" as const) }, order),
  {
    minLength: 300,
    maxLength: 700,
  },
);

// Each property test is small (well under a second on an idle machine), so that a busy machine
// stays far within the timeout; together they cover as many rounds as one big test would.
// fast-check draws a new seed every run and prints it with the shrunk counterexample on failure.
const settings = [1, 2, 3].flatMap((numPlayers) =>
  [false, true].map((singleKey) => ({ numPlayers, singleKey })),
);

describe("properties under random and hostile commands", () => {
  it.each(settings)(
    "invariants hold, scores never drop, no command throws ($numPlayers players, singleKey $singleKey)",
    ({ numPlayers, singleKey }) => {
      const numRuns = 12;
      const minLength = 200;
      let rounds = 0;
      fc.assert(
        fc.property(fc.array(order, { minLength, maxLength: 500 }), (orders) => {
          rounds += playHostile(orders, numPlayers, singleKey).rounds;
        }),
        { numRuns },
      );
      // Every run played its whole list: at least this many complete rounds were checked.
      expect(rounds).toBeGreaterThanOrEqual(numRuns * Math.floor(minLength / numPlayers));
    },
  );

  it.each(
    [2, 3, 4].flatMap((numPlayers) =>
      [false, true].map((singleKey) => ({ numPlayers, singleKey })),
    ),
  )(
    "invariants hold when Demo bots mix with hostile commands ($numPlayers players, singleKey $singleKey)",
    ({ numPlayers, singleKey }) => {
      fc.assert(
        fc.property(mixedPlan, (plan) => {
          playMixed(plan, numPlayers, singleKey);
        }),
        { numRuns: 5 },
      );
    },
  );

  it("the mixed runs reach what the invariants are about: triangles and lost lighthouses", () => {
    // A fixed sample (seeded), so this does not depend on luck: the plans above do build
    // connections and triangles and lose lighthouses, so their invariant checks are not vacuous.
    let triangles = 0;
    let losses = 0;
    for (const [k, plan] of fc.sample(mixedPlan, { seed: 13, numRuns: 4 }).entries()) {
      const result = playMixed(plan, 2 + (k % 3), k % 2 === 1);
      triangles = Math.max(triangles, result.triangles);
      losses += result.losses;
    }
    expect(triangles).toBeGreaterThan(0);
    expect(losses).toBeGreaterThan(0);
  });

  it("invariant checks catch a broken state", () => {
    const match = matchOn(lattice, 2);
    checkInvariants(match, false);
    match.lhOwner[0] = 1;
    expect(() => checkInvariants(match, false)).toThrow(/owned lighthouse 0 has energy 0/);
    match.lhOwner[0] = -1;
    match.energy[0] = 5;
    expect(() => checkInvariants(match, false)).toThrow(/cell 0 has energy 5/);
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
