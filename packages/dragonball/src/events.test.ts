// The events the rules report, checked against the states: over every round of the matches
// recorded from the original 2012 engine (whose states the engine reproduces byte for byte, see
// conformance.test.ts), and rule by rule on the small hand-made arena.
import { referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { arena } from "./__fixtures__/arena";
import { engine } from "./engine";
import type { DragonBallEvent } from "./events";
import type { DragonBallMatch } from "./match";
import { BALL, CAPSULE, type DragonBallOrder } from "./state";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/dragonball/", import.meta.url),
  "Bola de Drac",
);

/** What the checks read of a state. */
interface Gokus {
  cols: number;
  pos: number[];
  alive: boolean[];
  ball: boolean[];
  balls: number[];
  cell: Uint8Array;
  /** Present beans and kintons, by cell. */
  beans: Set<number>;
  kintons: Set<number>;
}

function gokusOf(match: DragonBallMatch): Gokus {
  const s = match.state;
  const present = (pos: Int32Array, here: Uint8Array) =>
    new Set(Array.from(pos).filter((_, k) => here[k] === 1));
  return {
    cols: s.cols,
    pos: Array.from(s.gokuPos),
    alive: Array.from(s.gokuAlive, (a) => a === 1),
    ball: Array.from(s.gokuBall, (b) => b === 1),
    balls: Array.from(s.gokuBalls),
    cell: s.cell.slice(),
    beans: present(s.beanPos, s.beanPresent),
    kintons: present(s.kintonPos, s.kintonPresent),
  };
}

const distance = (g: Gokus, from: number, [i, j]: [number, number]) =>
  Math.abs(Math.floor(from / g.cols) - i) + Math.abs((from % g.cols) - j);
const cell = (g: Gokus, [i, j]: [number, number]) => i * g.cols + j;

/** Whether `[i, j]` is on the straight ray from `at` to `to` (both included). */
function onRay(at: [number, number], to: [number, number], [i, j]: [number, number]): boolean {
  const within = (x: number, a: number, b: number) => x >= Math.min(a, b) && x <= Math.max(a, b);
  return (
    within(i, at[0], to[0]) &&
    within(j, at[1], to[1]) &&
    (i === at[0] || j === at[1]) &&
    !(i === at[0] && j === at[1])
  );
}

/**
 * What is wrong with `events` as the account of the round from `before` to `after` (empty: they
 * agree). A goku that dies has one death: on the thrower's ray, or beside the goku it fought;
 * pickups are of what was there, deposits add up to the balls stored.
 */
function problems(before: Gokus, after: Gokus, events: readonly DragonBallEvent[]): string[] {
  const out: string[] = [];
  const n = before.pos.length;
  const deaths = new Map<number, number>();
  const respawns = new Set<number>();
  const deposits = before.balls.map(() => 0);
  let ray: { unit: number; at: [number, number]; to: [number, number] } | undefined;
  const ok = (unit: number, player: number) =>
    Number.isInteger(unit) && unit >= 0 && unit < n && player === unit;
  for (const [k, e] of events.entries()) {
    const where = `event ${k} (${JSON.stringify(e)})`;
    if (e.type === "kill") {
      if (
        !ok(e.killer.unit, e.killer.player) ||
        !ok(e.victim.unit, e.victim.player) ||
        e.killer.unit === e.victim.unit
      )
        out.push(`${where}: no such pair of gokus`);
      const next = events[k + 1];
      if (
        next?.type !== "death" ||
        next.unit !== e.victim.unit ||
        next.killer?.unit !== e.killer.unit
      )
        out.push(`${where}: not followed by the victim's death`);
    } else if (e.type === "death") {
      if (!ok(e.unit, e.player) || e.killer === undefined || !ok(e.killer.unit, e.killer.player)) {
        out.push(`${where}: no such goku, or no killer`);
        continue;
      }
      deaths.set(e.unit, (deaths.get(e.unit) ?? 0) + 1);
      if (!before.alive[e.unit] || !before.alive[e.killer.unit]) out.push(`${where}: a dead goku`);
      // A dead goku stays where it died (until it comes back, never the same round).
      if (after.pos[e.unit] !== cell(after, e.at)) out.push(`${where}: it did not die there`);
      if (events[k - 1]?.type !== "kill") out.push(`${where}: no kill before it`);
      if (e.cause === "kamehame") {
        // The Kame Hame comes before any move: the victim stood on the ray.
        if (
          ray?.unit !== e.killer.unit ||
          !onRay(ray.at, ray.to, e.at) ||
          before.pos[e.unit] !== cell(before, e.at)
        )
          out.push(`${where}: not on the killer's ray`);
      } else if (e.cause === "combat") {
        // The attacker had not moved (its move is the attack); the defender may have, one cell.
        if (
          distance(before, before.pos[e.killer.unit]!, e.at) > 2 ||
          distance(before, before.pos[e.unit]!, e.at) > 1
        )
          out.push(`${where}: the two could not meet there`);
      } else out.push(`${where}: unknown cause`);
    } else if (e.type === "kamehame") {
      if (
        !ok(e.unit, e.player) ||
        !before.alive[e.unit] ||
        before.pos[e.unit] !== cell(before, e.at) ||
        ray
      )
        out.push(`${where}: not a live goku's only throw`);
      ray = { unit: e.unit, at: e.at, to: e.to };
    } else if (e.type === "pickup") {
      const here = cell(before, e.at);
      const there =
        e.item === "bean"
          ? before.beans.has(here)
          : e.item === "kinton"
            ? before.kintons.has(here)
            : e.from !== undefined
              ? before.ball[e.from] && !before.ball[e.unit]
              : before.cell[here] === BALL;
      if (!ok(e.unit, e.player) || !there) out.push(`${where}: nothing of that to take there`);
      else if (distance(before, before.pos[e.unit]!, e.at) > 1) out.push(`${where}: out of reach`);
    } else if (e.type === "deposit") {
      if (!ok(e.unit, e.player) || before.cell[cell(before, e.at)] !== CAPSULE)
        out.push(`${where}: not a capsule`);
      else deposits[e.unit]!++;
      if (after.balls[e.unit] !== e.balls) out.push(`${where}: not its ball count`);
    } else if (e.type === "respawn") {
      if (!ok(e.unit, e.player) || before.alive[e.unit] || after.pos[e.unit] !== cell(after, e.at))
        out.push(`${where}: not a dead goku back there`);
      respawns.add(e.unit);
    } else out.push(`${where}: unknown type`);
  }
  for (let id = 0; id < n; id++) {
    const died = before.alive[id] && !after.alive[id];
    if ((deaths.get(id) ?? 0) !== (died ? 1 : 0))
      out.push(`goku ${id} ${died ? "died" : "lived"} with ${deaths.get(id) ?? 0} deaths`);
    if (respawns.has(id) !== (!before.alive[id] && after.alive[id]))
      out.push(`goku ${id}: a respawn missing or invented`);
    if (after.balls[id]! - before.balls[id]! !== deposits[id])
      out.push(`goku ${id}: stored balls without a deposit`);
  }
  return out;
}

/** Plays `steps` from `match`, checking every round; returns the rounds and events checked. */
function checkMatch(match: DragonBallMatch, steps: DragonBallOrder[][][]) {
  const counts: Record<string, number> = {};
  let rounds = 0;
  for (const orders of steps) {
    const before = gokusOf(match);
    match.step(orders);
    const events = match.events();
    const found = problems(before, gokusOf(match), events);
    if (found.length > 0) expect.fail(`round ${match.round()}: ${found.join("; ")}`);
    for (const e of events) {
      const key =
        e.type === "death" ? `death:${e.cause}` : e.type === "pickup" ? `pickup:${e.item}` : e.type;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    rounds++;
  }
  return { rounds, counts };
}

/** The recorded matches listed in `traces/README.md`: file, map and seed. */
function recorded(): Array<[string, string, number]> {
  if (!available) return [];
  const out: Array<[string, string, number]> = [];
  for (const line of read("traces/README.md").split("\n")) {
    const cols = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.replace(/`/g, "").trim());
    if (cols.length >= 4 && cols[0]!.endsWith(".res.gz"))
      out.push([cols[0]!, cols[1]!.split(/\s+/)[0]!, Number(cols[2])]);
  }
  return out;
}

describe.skipIf(!available)("Bola de Drac events over the original engine's matches", () => {
  it("finds the 4 recorded matches", () => {
    expect(recorded()).toHaveLength(4);
  });

  it.each(recorded())("agree with every round of %s", (file, map, seed) => {
    const config = { ...engine.parseConfig(read(map), map), variant: "2012" as const };
    const match = engine.create(config, seed, 4) as DragonBallMatch;
    const steps = engine.readTrace!(read(`traces/${file}`), file);
    const { rounds, counts } = checkMatch(match, steps);
    expect(rounds).toBe(config.params.nb_rounds - 1);
    expect(counts.kill).toBeGreaterThan(0);
  });
});

describe("Bola de Drac events, rule by rule", () => {
  it("a Kame Hame: the throw with its ray, then a kill and a death for every goku on it", () => {
    const t = arena((c) => {
      c.gokus[0] = { ...c.gokus[0]!, strength: 999 };
      c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 5 };
      c.gokus[3] = { ...c.gokus[3]!, i: 1, j: 7 };
    });
    t.play({ kind: "throw", dir: "r" });
    const thrower = { player: 0, unit: 0 };
    expect(t.match.events()).toEqual([
      { type: "kamehame", player: 0, unit: 0, dir: "r", at: [1, 1], to: [1, 7] },
      { type: "kill", killer: thrower, victim: { player: 1, unit: 1 }, at: [1, 5] },
      { type: "death", player: 1, unit: 1, cause: "kamehame", killer: thrower, at: [1, 5] },
      { type: "kill", killer: thrower, victim: { player: 3, unit: 3 }, at: [1, 7] },
      { type: "death", player: 3, unit: 3, cause: "kamehame", killer: thrower, at: [1, 7] },
    ]);
  });

  it("combat: the loser's death names the winner, and the winner takes its ball", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const t = arena((c) => {
        c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 2, ball: true };
        c.map = c.map.map((row) => row.replace("B", "."));
      });
      t.s.rng.setSeed(seed);
      t.play({ kind: "move", dir: "r" });
      const winner = t.s.gokuAlive[0] === 1 ? 0 : 1;
      const loser = 1 - winner;
      const at: [number, number] = winner === 0 ? [1, 2] : [1, 1];
      const killer = { player: winner, unit: winner };
      expect(t.match.events()).toEqual([
        { type: "kill", killer, victim: { player: loser, unit: loser }, at },
        { type: "death", player: loser, unit: loser, cause: "combat", killer, at },
        ...(winner === 0
          ? [{ type: "pickup", player: 0, unit: 0, at: [1, 2], item: "ball", from: 1 }]
          : []),
      ]);
      seen.add(winner === 0 ? "attacker" : "defender");
    }
    expect(seen.size).toBe(2);
  });

  it("pickups of a bean, a Kinton cloud and a ball, and a deposit in a capsule", () => {
    const t = arena((c) => {
      c.gokus[0] = { ...c.gokus[0]!, i: 1, j: 6 };
      c.gokus[1] = { ...c.gokus[1]!, i: 6, j: 1 };
      c.gokus[2] = { ...c.gokus[2]!, i: 7, j: 5 };
      c.gokus[3] = { ...c.gokus[3]!, i: 4, j: 3, ball: true };
      c.params = { ...c.params, nb_balls: 2 };
    });
    t.play(
      { kind: "move", dir: "r" },
      { kind: "move", dir: "b" },
      { kind: "move", dir: "r" },
      { kind: "move", dir: "r" },
    );
    const byUnit = [...t.match.events()].sort((a, b) =>
      "unit" in a && "unit" in b ? a.unit - b.unit : 0,
    );
    expect(byUnit).toEqual([
      { type: "pickup", player: 0, unit: 0, at: [1, 7], item: "bean" },
      { type: "pickup", player: 1, unit: 1, at: [7, 1], item: "kinton" },
      { type: "pickup", player: 2, unit: 2, at: [7, 6], item: "ball" },
      { type: "deposit", player: 3, unit: 3, at: [4, 4], balls: 1 },
    ]);
  });

  it("a dead goku's respawn on an odd round", () => {
    const t = arena((c) => {
      c.gokus[1] = { ...c.gokus[1]!, alive: false, time: 1, strength: 0 };
    });
    t.play();
    expect(t.match.events()).toEqual([]);
    t.play();
    const pos = t.s.gokuPos[1]!;
    expect(t.match.events()).toEqual([
      { type: "respawn", player: 1, unit: 1, at: [Math.floor(pos / 9), pos % 9] },
    ]);
  });
});

describe("the events check can fail", () => {
  const round = () => {
    const t = arena((c) => {
      c.gokus[0] = { ...c.gokus[0]!, strength: 999 };
      c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 5 };
    });
    const before = gokusOf(t.match);
    t.play({ kind: "throw", dir: "r" });
    return { before, after: gokusOf(t.match), events: t.match.events() };
  };

  it("accepts the engine's events and rejects a victim off the ray, a death without a kill, a missing death", () => {
    const { before, after, events } = round();
    expect(problems(before, after, events)).toEqual([]);
    const off = events.map((e) =>
      e.type === "kamehame" ? { ...e, dir: "b" as const, to: [7, 1] as [number, number] } : e,
    );
    expect(problems(before, after, off).join()).toMatch(/not on the killer's ray/);
    expect(
      problems(
        before,
        after,
        events.filter((e) => e.type !== "kill"),
      ).join(),
    ).toMatch(/no kill before it/);
    expect(
      problems(
        before,
        after,
        events.filter((e) => e.type !== "death"),
      ).join(),
    ).toMatch(/goku 1 died with 0 deaths/);
  });
});
