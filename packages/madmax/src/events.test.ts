// The events the rules report, checked against the states: over every round of the matches
// recorded from the original engine (whose states the engine reproduces byte for byte, see
// conformance.test.ts), and rule by rule on small hand-made positions.
import { referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MadMaxEvent } from "./events";
import type { MadMaxMatch } from "./match";
import { CAR, CITY, type MadMaxOrder, WARRIOR } from "./state";
import { setup } from "./test-board";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/madmax/", import.meta.url),
  "Mad Max",
);

/** What the checks read of a state. */
interface Units {
  player: number[];
  pos: number[];
  car: boolean[];
  /** Each city's owner, in detection order. */
  cities: number[];
  /** Cell types (never change). */
  cell: Uint8Array;
  cols: number;
}

function unitsOf(match: MadMaxMatch): Units {
  const s = match.state;
  return {
    player: Array.from(s.player),
    pos: Array.from(s.pos),
    car: Array.from(s.type, (t) => t === CAR),
    cities: s.cities.map((city) => s.owner[city[0]!]!),
    cell: s.cell,
    cols: s.cols,
  };
}

/** Chebyshev distance between a cell index and a `[row, column]`. */
const reach = (u: Units, from: number, [i, j]: [number, number]) =>
  Math.max(Math.abs(Math.floor(from / u.cols) - i), Math.abs((from % u.cols) - j));

/** Causes where the killer is the unit that moved (and so had not moved before in the round). */
const MOVER_KILLS = new Set(["attack", "run-over"]);

/**
 * What is wrong with `events` as the account of the round from `before` to `after` (empty: they
 * agree). A unit changes team exactly when it is captured (its death), the killer is another
 * unit that could reach it, every captured unit is put back, cities change hands with an event.
 */
function problems(before: Units, after: Units, events: readonly MadMaxEvent[]): string[] {
  const out: string[] = [];
  const units = before.player.length;
  const deaths = new Map<number, number>();
  const respawns = new Set<number>();
  const ok = (unit: number, player: number) =>
    Number.isInteger(unit) && unit >= 0 && unit < units && player >= 0 && player < 4;
  for (const [k, e] of events.entries()) {
    const where = `event ${k} (${JSON.stringify(e)})`;
    if (e.type === "kill" || e.type === "hit") {
      const [a, v] = e.type === "kill" ? [e.killer, e.victim] : [e.attacker, e.victim];
      if (!ok(a.unit, a.player) || !ok(v.unit, v.player)) {
        out.push(`${where}: no such unit`);
        continue;
      }
      // A warrior may attack one of its own team (the rules allow it): only a kill is between teams.
      if (e.type === "kill" && a.player === v.player) out.push(`${where}: within a team`);
      if (before.player[a.unit] !== a.player || before.player[v.unit] !== v.player)
        out.push(`${where}: the teams are not those before the round`);
      if (
        reach(before, before.pos[a.unit]!, e.at) > 2 ||
        reach(before, before.pos[v.unit]!, e.at) > 1
      )
        out.push(`${where}: out of reach`);
      if (
        e.type === "hit" &&
        (before.car[a.unit] || before.car[v.unit] || e.food <= 0 || e.water <= 0)
      )
        out.push(`${where}: a hit is between warriors and leaves food and water`);
      const next = events[k + 1];
      if (
        e.type === "kill" &&
        (next?.type !== "death" || next.unit !== v.unit || next.killer?.unit !== a.unit)
      )
        out.push(`${where}: not followed by the victim's death`);
    } else if (e.type === "death") {
      if (!ok(e.unit, e.player) || !ok(e.unit, e.captor)) {
        out.push(`${where}: no such unit`);
        continue;
      }
      deaths.set(e.unit, (deaths.get(e.unit) ?? 0) + 1);
      if (before.player[e.unit] !== e.player) out.push(`${where}: not that player's unit`);
      if (after.player[e.unit] !== e.captor || e.captor === e.player)
        out.push(`${where}: the captor is not its new team`);
      if (reach(before, before.pos[e.unit]!, e.at) > 1) out.push(`${where}: it was not there`);
      const car = before.car[e.unit];
      const killer = e.killer;
      const killerCar = killer !== undefined && before.car[killer.unit];
      const fits = {
        attack: !car && killer !== undefined && !killerCar,
        thunderdome:
          !car &&
          killer !== undefined &&
          !killerCar &&
          before.cell[e.at[0] * before.cols + e.at[1]] === CITY,
        "run-over": !car && killerCar,
        car: !car && killerCar,
        crash: car && killerCar,
        starvation: !car && killer === undefined,
        thirst: !car && killer === undefined,
      }[e.cause];
      if (!fits) out.push(`${where}: the cause does not fit the units`);
      if (killer !== undefined) {
        if (!ok(killer.unit, killer.player) || before.player[killer.unit] !== killer.player)
          out.push(`${where}: the killer is not that player's`);
        else if (killer.unit === e.unit) out.push(`${where}: its own killer`);
        else if (reach(before, before.pos[killer.unit]!, e.at) > (MOVER_KILLS.has(e.cause) ? 1 : 2))
          out.push(`${where}: the killer could not reach it`);
        if ((killer.player !== e.player) !== (events[k - 1]?.type === "kill"))
          out.push(`${where}: a kill by another team, and only that, comes before the death`);
      }
    } else if (e.type === "respawn") {
      if (!ok(e.unit, e.player) || after.player[e.unit] !== e.player)
        out.push(`${where}: not that player's unit`);
      else if (after.pos[e.unit] !== e.at[0] * after.cols + e.at[1])
        out.push(`${where}: not there`);
      respawns.add(e.unit);
    } else if (e.type === "city") {
      if (before.cities[e.city] !== e.from || after.cities[e.city] !== e.to || e.from === e.to)
        out.push(`${where}: the city's owners do not match`);
    } else out.push(`${where}: unknown type`);
  }
  for (let unit = 0; unit < units; unit++) {
    const captured = before.player[unit] !== after.player[unit];
    const count = deaths.get(unit) ?? 0;
    if (count !== (captured ? 1 : 0))
      out.push(`unit ${unit} ${captured ? "changed team" : "kept its team"} with ${count} deaths`);
    if (respawns.has(unit) !== count > 0)
      out.push(`unit ${unit}: a death without a respawn or the reverse`);
  }
  before.cities.forEach((owner, city) => {
    const changed = owner !== after.cities[city];
    const told = events.some((e) => e.type === "city" && e.city === city);
    if (changed !== told)
      out.push(`city ${city}: ${changed ? "changed hands silently" : "an event without a change"}`);
  });
  return out;
}

/** Plays `steps` from `match`, checking every round; returns the rounds and events checked. */
function checkMatch(match: MadMaxMatch, steps: MadMaxOrder[][][]) {
  const counts: Record<string, number> = {};
  let rounds = 0;
  for (const orders of steps) {
    const before = unitsOf(match);
    match.step(orders);
    const events = match.events();
    const found = problems(before, unitsOf(match), events);
    if (found.length > 0) expect.fail(`round ${match.round()}: ${found.join("; ")}`);
    for (const e of events) {
      const key = e.type === "death" ? `death:${e.cause}` : e.type;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    rounds++;
  }
  return { rounds, counts };
}

describe.skipIf(!available)("Mad Max events over the original engine's matches", () => {
  it.each([
    ["fixed1_DuDuDeDe_s21", "fixed1.cnf"],
    ["default_DuDuDuDu_s1", "default.cnf"],
    ["default_DeDuDeDu_s11", "default.cnf"],
  ])("agree with every round of %s", (name, config) => {
    const seed = Number(/_s(\d+)$/.exec(name)![1]);
    const steps = engine.readTrace!(read(`traces/${name}.orders.jsonl.gz`), name);
    const match = engine.create(engine.parseConfig(read(config), config), seed, 4) as MadMaxMatch;
    const { rounds, counts } = checkMatch(match, steps);
    expect(rounds).toBe(500);
    expect(counts.kill).toBeGreaterThan(0);
  });
});

describe("Mad Max events, rule by rule", () => {
  it("a warrior attack: a hit with what the victim keeps; drained, a kill and a death by attack, then its respawn for the captor", () => {
    const t = setup();
    const a = t.firstOf(WARRIOR, 0);
    const b = t.firstOf(WARRIOR, 1);
    t.move(a, 20, 5);
    t.move(b, 20, 6);
    t.play([a, "r"]);
    const attacker = { player: 0, unit: a };
    const victim = { player: 1, unit: b };
    expect(t.match.events()).toEqual([
      { type: "hit", attacker, victim, at: [20, 6], food: 34, water: 34 },
    ]);
    t.s.water[b] = 5;
    t.s.round = 4; // player 0's round again
    t.play([a, "r"]);
    const [i, j] = [Math.floor(t.s.pos[b]! / 60), t.s.pos[b]! % 60];
    expect(t.match.events()).toEqual([
      { type: "kill", killer: attacker, victim, at: [20, 6] },
      {
        type: "death",
        player: 1,
        unit: b,
        cause: "attack",
        killer: attacker,
        at: [20, 6],
        captor: 0,
      },
      { type: "respawn", player: 0, unit: b, at: [i, j] },
    ]);
  });

  it("thunderdome: the loser's death names the survivor, attacker or defender", () => {
    const causes = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const t = setup();
      t.s.rng.setSeed(seed);
      const a = t.firstOf(WARRIOR, 0);
      const b = t.firstOf(WARRIOR, 1);
      t.move(a, 3, 5);
      t.move(b, 3, 6);
      t.s.water[a] = 20;
      t.play([a, "r"]);
      const death = t.match.events().find((e) => e.type === "death")!;
      expect(death).toMatchObject({ type: "death", cause: "thunderdome" });
      const [loser, winner] = death.unit === a ? [a, b] : [b, a];
      expect(death).toMatchObject({
        unit: loser,
        killer: { unit: winner },
        captor: t.s.player[loser],
      });
      causes.add(loser === a ? "attacker lost" : "defender lost");
    }
    expect(causes.size).toBe(2);
  });

  it("cars: a warrior run over, a warrior walking into a car, two cars crashing (each names the other)", () => {
    const t = setup();
    const car = t.firstOf(CAR, 0);
    const w1 = t.firstOf(WARRIOR, 1);
    t.move(car, 29, 10);
    t.move(w1, 29, 11);
    t.play([car, "r"]);
    expect(t.match.events().find((e) => e.type === "death")).toMatchObject({
      unit: w1,
      cause: "run-over",
      killer: { player: 0, unit: car },
      at: [29, 11],
    });
    const u = setup();
    const w0 = u.firstOf(WARRIOR, 0);
    const car0 = u.firstOf(CAR, 0);
    u.move(w0, 20, 5);
    u.move(car0, 20, 6);
    u.play([w0, "r"]);
    // Its own team's car: a death by the car, but no kill (the same team).
    expect(u.match.events().filter((e) => e.type === "kill")).toEqual([]);
    expect(u.match.events().find((e) => e.type === "death")).toMatchObject({
      unit: w0,
      cause: "car",
      killer: { player: 0, unit: car0 },
    });
    const v = setup();
    const c0 = v.firstOf(CAR, 0);
    const c1 = v.firstOf(CAR, 1);
    v.move(c0, 29, 10);
    v.move(c1, 29, 11);
    v.play([c0, "r"]);
    const deaths = v.match.events().filter((e) => e.type === "death");
    expect(deaths).toMatchObject([
      { unit: c1, player: 1, cause: "crash", killer: { player: 0, unit: c0 }, at: [29, 11] },
      { unit: c0, player: 0, cause: "crash", killer: { player: 1, unit: c1 }, at: [29, 10] },
    ]);
    expect(v.match.events().filter((e) => e.type === "kill")).toHaveLength(2);
  });

  it("starvation and thirst: a death without a killer, for another team", () => {
    for (const [food, water, cause] of [
      [1, 30, "starvation"],
      [30, 1, "thirst"],
    ] as const) {
      const t = setup();
      const w = t.firstOf(WARRIOR, 0);
      t.move(w, 20, 5);
      t.s.food[w] = food;
      t.s.water[w] = water;
      t.play();
      const death = t.match.events().find((e) => e.type === "death");
      expect(death).toEqual({
        type: "death",
        player: 0,
        unit: w,
        cause,
        at: [20, 5],
        captor: t.s.player[w],
      });
      expect(t.match.events().filter((e) => e.type === "kill")).toEqual([]);
    }
  });

  it("a city changing hands: its index, old and new owner and first cell", () => {
    const t = setup();
    const city = new Set<number>();
    for (let i = 2; i < 5; i++) for (let j = 2; j < 12; j++) city.add(t.at(i, j));
    let k = 0;
    for (let id = 0; id < t.s.numUnits; id++)
      if (t.s.type[id] === WARRIOR && t.s.player[id] === 0 && city.has(t.s.pos[id]!))
        t.move(id, 15 + Math.floor(k / 10), 2 + (k++ % 10));
    t.move(t.firstOf(WARRIOR, 1), 3, 3);
    t.move(t.firstOf(WARRIOR, 1, 1), 3, 4);
    t.play();
    const index = t.s.cities.findIndex((c) => c[0] === t.at(2, 2));
    expect(t.match.events().filter((e) => e.type === "city")).toEqual([
      { type: "city", city: index, from: 0, to: 1, at: [2, 2] },
    ]);
  });
});

describe("the events check can fail", () => {
  const round = () => {
    const t = setup();
    const car = t.firstOf(CAR, 0);
    const w1 = t.firstOf(WARRIOR, 1);
    t.move(car, 29, 10);
    t.move(w1, 29, 11);
    const before = unitsOf(t.match);
    t.play([car, "r"]);
    return { before, after: unitsOf(t.match), events: t.match.events(), w1, car };
  };

  it("accepts the engine's events and rejects a wrong cause, a far killer, a missing death or respawn", () => {
    const { before, after, events, w1 } = round();
    expect(problems(before, after, events)).toEqual([]);
    const swap = (f: (e: MadMaxEvent) => MadMaxEvent) =>
      problems(before, after, events.map(f)).join();
    expect(swap((e) => (e.type === "death" ? { ...e, cause: "starvation" } : e))).toMatch(
      /cause does not fit/,
    );
    const far = t0();
    expect(
      swap((e) => (e.type === "death" ? { ...e, killer: { player: 0, unit: far } } : e)),
    ).toMatch(/could not reach/);
    expect(
      problems(
        before,
        after,
        events.filter((e) => e.type !== "death"),
      ).join(),
    ).toMatch(new RegExp(`unit ${w1} changed team with 0 deaths`));
    expect(
      problems(
        before,
        after,
        events.filter((e) => e.type !== "respawn"),
      ).join(),
    ).toMatch(/without a respawn/);
    expect(
      swap((e) => (e.type === "kill" ? { ...e, victim: { player: 1, unit: 999 } } : e)),
    ).toMatch(/no such unit/);
  });

  /** A unit of player 0 far from the fight. */
  const t0 = () => setup().firstOf(WARRIOR, 0, 5);
});
