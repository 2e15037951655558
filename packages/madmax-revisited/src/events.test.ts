// The events the rules report, checked against the states: over every round of the matches
// recorded from the original engine (whose states the engine reproduces byte for byte, see
// conformance.test.ts), and rule by rule on small hand-made universes.
import { referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MadMaxRevisitedEvent } from "./events";
import type { MadMaxRevisitedMatch } from "./match";
import { GAS, type MadMaxRevisitedOrder, MISSILE_BONUS, TYRE, WATER } from "./state";
import { tiny } from "./test-universe";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/madmax-revisited/", import.meta.url),
  "Mad Max Revisited",
);

/** What the checks read of a state. */
interface Cars {
  rows: number;
  cols: number;
  perPlayer: number;
  pos: number[];
  alive: boolean[];
  gas: number[];
  /** Missiles by id: the car that shot it and its cell. */
  missiles: Map<number, { cid: number; pos: number }>;
  cell: Uint8Array;
  score: number[];
  params: { water_pnts: number; kill_pnts: number };
}

function carsOf(match: MadMaxRevisitedMatch): Cars {
  const s = match.state;
  return {
    rows: s.rows,
    cols: s.cols,
    perPlayer: s.p.nb_cars_x_player,
    pos: Array.from(s.carPos),
    alive: Array.from(s.carAlive, (a) => a === 1),
    gas: Array.from(s.carGas),
    missiles: new Map([...s.missiles].map(([mid, m]) => [mid, { ...m }])),
    cell: s.cell.slice(),
    score: Array.from(s.score),
    params: s.p,
  };
}

/** Rows and columns (ahead, on the cylinder) from cell `from` to `[row, column]`. */
function ahead(c: Cars, from: number, [i, j]: [number, number]): [number, number] {
  return [i - Math.floor(from / c.cols), (((j - (from % c.cols)) % c.cols) + c.cols) % c.cols];
}

/** Whether a car at `from` could be at `at` after one move (rows ±1, 0 to 2 columns ahead). */
const drivable = (c: Cars, from: number, at: [number, number]) => {
  const [di, dj] = ahead(c, from, at);
  return Math.abs(di) <= 1 && dj <= 2;
};

/**
 * What is wrong with `events` as the account of the round from `before` to `after` (empty: they
 * agree). A car that dies has one death, a kill's missile was shot by the killer and flew to the
 * victim, crashes and tyres are on the car's way, and the score follows from the events.
 */
function problems(before: Cars, after: Cars, events: readonly MadMaxRevisitedEvent[]): string[] {
  const out: string[] = [];
  const cars = before.pos.length;
  const ownerOf = (car: number) => Math.floor(car / before.perPlayer);
  const deaths = new Map<number, number>();
  const respawns = new Set<number>();
  const shot = new Map<number, number>();
  const score = before.score.map(() => 0);
  const ok = (car: number, player: number) =>
    Number.isInteger(car) && car >= 0 && car < cars && ownerOf(car) === player;
  for (const [k, e] of events.entries()) {
    const where = `event ${k} (${JSON.stringify(e)})`;
    if (e.type === "kill") {
      if (!ok(e.killer.unit, e.killer.player) || !ok(e.victim.unit, e.victim.player)) {
        out.push(`${where}: no such car of that player`);
        continue;
      }
      if (e.killer.player === e.victim.player) out.push(`${where}: within a player`);
      const next = events[k + 1];
      if (
        next?.type !== "death" ||
        next.unit !== e.victim.unit ||
        next.killer?.unit !== e.killer.unit
      )
        out.push(`${where}: not followed by the victim's death`);
      if (e.missile !== undefined) score[e.killer.player]! += before.params.kill_pnts;
    } else if (e.type === "death") {
      if (!ok(e.unit, e.player)) {
        out.push(`${where}: no such car of that player`);
        continue;
      }
      deaths.set(e.unit, (deaths.get(e.unit) ?? 0) + 1);
      if (!before.alive[e.unit] || !drivable(before, before.pos[e.unit]!, e.at))
        out.push(`${where}: the car could not be there`);
      // A dead car stays where it died (it comes back 30 rounds later at the earliest).
      if (after.pos[e.unit] !== e.at[0] * after.cols + e.at[1])
        out.push(`${where}: it did not die there`);
      const killer = e.killer;
      if (killer !== undefined) {
        // A car can drive into its own missile: only a crash needs another car.
        if (!ok(killer.unit, killer.player) || (killer.unit === e.unit && e.cause !== "missile"))
          out.push(`${where}: bad killer`);
        if ((killer.player !== e.player) !== (events[k - 1]?.type === "kill"))
          out.push(`${where}: a kill by another player, and only that, comes before the death`);
      }
      if (e.cause === "missile") {
        // The missile flew from where it was (or from its shooter) 1 or 2 columns along its row.
        const origin =
          before.missiles.get(e.missile!)?.pos ??
          (shot.get(e.missile!) === killer?.unit ? before.pos[killer!.unit] : undefined);
        const [di, dj] = origin === undefined ? [9, 9] : ahead(before, origin, e.at);
        if (killer === undefined || di !== 0 || (dj !== 1 && dj !== 2))
          out.push(`${where}: no missile of the killer could reach it`);
        const missile = before.missiles.get(e.missile!);
        if (missile !== undefined && missile.cid !== killer?.unit)
          out.push(`${where}: not the killer's missile`);
      } else if (e.cause === "crash") {
        if (killer === undefined || !drivable(before, before.pos[killer.unit]!, e.at))
          out.push(`${where}: the other car could not be there`);
      } else if (e.cause === "tyre") {
        if (before.cell[e.at[0] * before.cols + e.at[1]] !== TYRE || killer !== undefined)
          out.push(`${where}: no tyre there`);
      } else if (e.cause === "gas") {
        if (before.gas[e.unit]! > 1 || killer !== undefined) out.push(`${where}: it had gas left`);
      } else out.push(`${where}: unknown cause`);
    } else if (e.type === "shot") {
      if (!ok(e.unit, e.player) || before.pos[e.unit] !== e.at[0] * before.cols + e.at[1])
        out.push(`${where}: not that car's cell`);
      if (before.missiles.has(e.missile) || shot.has(e.missile))
        out.push(`${where}: not a new missile`);
      shot.set(e.missile, e.unit);
    } else if (e.type === "pickup") {
      const letter = { water: WATER, gas: GAS, missiles: MISSILE_BONUS }[e.item];
      if (!ok(e.unit, e.player) || before.cell[e.at[0] * before.cols + e.at[1]] !== letter)
        out.push(`${where}: no such bonus there`);
      else if (!drivable(before, before.pos[e.unit]!, e.at))
        out.push(`${where}: out of the car's way`);
      if (e.item === "water") score[e.player]! += e.amount;
    } else if (e.type === "respawn") {
      if (
        !ok(e.unit, e.player) ||
        after.pos[e.unit] !== e.at[0] * after.cols + e.at[1] ||
        before.alive[e.unit]
      )
        out.push(`${where}: not a dead car put back there`);
      respawns.add(e.unit);
    } else out.push(`${where}: unknown type`);
  }
  for (let car = 0; car < cars; car++) {
    const died = before.alive[car] && !after.alive[car];
    const count = deaths.get(car) ?? 0;
    if (count !== (died ? 1 : 0))
      out.push(`car ${car} ${died ? "died" : "lived"} with ${count} deaths`);
    if (respawns.has(car) !== (!before.alive[car] && after.alive[car]))
      out.push(`car ${car}: came back without a respawn, or the reverse`);
  }
  after.score.forEach((value, p) => {
    if (value - before.score[p]! !== score[p])
      out.push(`player ${p} scored ${value - before.score[p]!}, the events say ${score[p]}`);
  });
  return out;
}

/** Plays `steps` from `match`, checking every round; returns the rounds and events checked. */
function checkMatch(match: MadMaxRevisitedMatch, steps: MadMaxRevisitedOrder[][][]) {
  const counts: Record<string, number> = {};
  let rounds = 0;
  for (const orders of steps) {
    const before = carsOf(match);
    match.step(orders);
    const events = match.events();
    const found = problems(before, carsOf(match), events);
    if (found.length > 0) expect.fail(`round ${match.round()}: ${found.join("; ")}`);
    for (const e of events) {
      const key = e.type === "death" ? `death:${e.cause}` : e.type;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    rounds++;
  }
  return { rounds, counts };
}

/** The recorded matches listed in `traces/README.md`: trace, config and seed. */
function recorded(): Array<[string, string, number]> {
  if (!available) return [];
  const out: Array<[string, string, number]> = [];
  for (const line of read("traces/README.md").split("\n")) {
    const cols = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.replace(/`/g, "").trim());
    if (cols.length >= 5 && cols[0]!.endsWith(".res.gz"))
      out.push([cols[1]!, cols[2]!, Number(cols[4])]);
  }
  return out;
}

describe.skipIf(!available)("Mad Max Revisited events over the original engine's matches", () => {
  it("finds the 8 recorded matches", () => {
    expect(recorded()).toHaveLength(8);
  });

  it.each(recorded())("agree with every round of %s", (trace, config, seed) => {
    const steps = engine.readTrace!(read(`traces/${trace}`), trace);
    const match = engine.create(
      engine.parseConfig(read(config), config),
      seed,
      4,
    ) as MadMaxRevisitedMatch;
    const { rounds, counts } = checkMatch(match, steps);
    expect(rounds).toBe(steps.length);
    expect(counts.kill).toBeGreaterThan(0);
  });
});

const empty = (rows: number, cols: number) => Array.from({ length: rows }, () => ".".repeat(cols));
const withCell = (map: string[], row: number, col: number, letter: string) =>
  map.map((line, r) => (r === row ? line.slice(0, col) + letter + line.slice(col + 1) : line));

describe("Mad Max Revisited events, rule by rule", () => {
  it("missiles: a kill of another player's car names the shooter and the missile; one's own car dies without a kill", () => {
    const t = tiny(empty(6, 20), [
      { row: 1, col: 5 },
      { row: 3, col: 5 },
    ]);
    t.addMissile(0, 0, 3, 3);
    t.play();
    const car0 = { player: 0, unit: 0 };
    const car1 = { player: 1, unit: 1 };
    expect(t.match.events()).toEqual([
      { type: "kill", killer: car0, victim: car1, at: [3, 5], missile: 0 },
      { type: "death", player: 1, unit: 1, cause: "missile", killer: car0, at: [3, 5], missile: 0 },
    ]);
    const u = tiny(empty(6, 20), [{ row: 1, col: 5 }]);
    u.addMissile(0, 0, 1, 4);
    u.play();
    expect(u.match.events()).toEqual([
      { type: "death", player: 0, unit: 0, cause: "missile", killer: car0, at: [1, 5], missile: 0 },
    ]);
  });

  it("a shot, then a car driving into the shooter's missile", () => {
    const t = tiny(empty(6, 20), [
      { row: 2, col: 1 },
      { row: 5, col: 1, missiles: 1 },
    ]);
    t.addMissile(0, 1, 3, 0);
    t.play([{ car: 0, kind: "move", dir: [1, 1] }], [{ car: 1, kind: "shoot" }]);
    const events = t.match.events();
    expect(events).toContainEqual({ type: "shot", player: 1, unit: 1, missile: 1, at: [5, 1] });
    const car1 = { player: 1, unit: 1 };
    expect(events.filter((e) => e.type !== "shot")).toEqual([
      { type: "kill", killer: car1, victim: { player: 0, unit: 0 }, at: [3, 2], missile: 0 },
      { type: "death", player: 0, unit: 0, cause: "missile", killer: car1, at: [3, 2], missile: 0 },
    ]);
  });

  it("a tyre on the way, a crash (each car names the other), running out of gas, and the respawn", () => {
    const t = tiny(withCell(empty(6, 20), 2, 1, "X"), [{ row: 3, col: 1 }]);
    t.play([{ car: 0, kind: "move", dir: [-1, 2] }]);
    expect(t.match.events()).toEqual([
      { type: "death", player: 0, unit: 0, cause: "tyre", at: [2, 1] },
    ]);
    const u = tiny(empty(6, 20), [
      { row: 2, col: 1 },
      { row: 2, col: 3 },
    ]);
    u.play([{ car: 0, kind: "move", dir: [0, 2] }], [{ car: 1, kind: "move", dir: [0, 0] }]);
    expect(u.match.events().filter((e) => e.type === "death")).toEqual([
      expect.objectContaining({ unit: 1, cause: "crash", killer: { player: 0, unit: 0 } }),
      expect.objectContaining({ unit: 0, cause: "crash", killer: { player: 1, unit: 1 } }),
    ]);
    const v = tiny(empty(8, 60), [{ row: 2, col: 1, gas: 1 }], { nb_win_cols: 20 });
    v.play();
    expect(v.match.events()).toEqual([
      { type: "death", player: 0, unit: 0, cause: "gas", at: [2, 2] },
    ]);
    while (v.s.carAlive[0] === 0) v.play();
    const back = v.car(0);
    expect(v.match.events()).toEqual([
      { type: "respawn", player: 0, unit: 0, at: [back.row, back.col] },
    ]);
  });

  it("pickups: water (points), gas and missiles, in the order the move passes them", () => {
    let map = withCell(empty(6, 20), 1, 2, "W");
    map = withCell(map, 2, 1, "G");
    map = withCell(map, 2, 2, "M");
    const t = tiny(map, [{ row: 1, col: 1 }]);
    t.play([{ car: 0, kind: "move", dir: [1, 1] }]);
    expect(t.match.events()).toEqual([
      { type: "pickup", player: 0, unit: 0, at: [1, 2], item: "water", amount: 10 },
      { type: "pickup", player: 0, unit: 0, at: [2, 1], item: "gas", amount: 30 },
      { type: "pickup", player: 0, unit: 0, at: [2, 2], item: "missiles", amount: 5 },
    ]);
  });
});

describe("the events check can fail", () => {
  const round = () => {
    const t = tiny(empty(6, 20), [
      { row: 1, col: 5 },
      { row: 3, col: 5 },
    ]);
    t.addMissile(0, 0, 3, 3);
    const before = carsOf(t.match);
    t.play();
    return { before, after: carsOf(t.match), events: t.match.events() };
  };

  it("accepts the engine's events and rejects a wrong shooter, a missing death, an invented pickup", () => {
    const { before, after, events } = round();
    expect(problems(before, after, events)).toEqual([]);
    const other = { player: 2, unit: 2 };
    const wrong = events.map((e) =>
      e.type === "kill"
        ? { ...e, killer: other }
        : e.type === "death"
          ? { ...e, killer: other }
          : e,
    );
    expect(problems(before, after, wrong).join()).toMatch(
      /no missile of the killer|not the killer's missile/,
    );
    expect(
      problems(
        before,
        after,
        events.filter((e) => e.type !== "death"),
      ).join(),
    ).toMatch(/car 1 died with 0 deaths/);
    const pickup: MadMaxRevisitedEvent = {
      type: "pickup",
      player: 0,
      unit: 0,
      at: [1, 6],
      item: "water",
      amount: 10,
    };
    expect(problems(before, after, [...events, pickup]).join()).toMatch(/no such bonus/);
  });
});
