// The events the rules report, checked against the states: over every round of the matches
// recorded from the original engine (whose states the engine reproduces byte for byte, see
// conformance.test.ts), and rule by rule on small hand-made positions.
import { referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { MoneyHeistEvent } from "./events";
import type { MoneyHeistMatch } from "./match";
import type { MoneyHeistOrder } from "./orders";
import { NO_KIT, POISON_KIT, PROFESSOR } from "./state";
import { testBoard } from "./test-board";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/moneyheist/", import.meta.url),
  "Money Heist",
);

/** What the checks read of a state: every unit, and the scores. */
interface Units {
  player: number[];
  pos: number[];
  alive: boolean[];
  professor: boolean[];
  poison: number[];
  rebirth: number[];
  score: number[];
}

function unitsOf(match: MoneyHeistMatch): Units {
  const s = match.state;
  const ids = Array.from({ length: s.numUnits }, (_, id) => id);
  return {
    player: Array.from(s.unitPlayer),
    pos: Array.from(s.unitPos),
    alive: ids.map(
      (id) => s.unitPos[id]! >= 0 && !(s.unitType[id] === PROFESSOR && s.unitRebirth[id]! > 0),
    ),
    professor: ids.map((id) => s.unitType[id] === PROFESSOR),
    poison: Array.from(s.unitPoison),
    rebirth: Array.from(s.unitRebirth),
    score: Array.from(s.score),
  };
}

const COLS = 60;
const distance = (a: number, b: number) =>
  Math.abs(Math.floor(a / COLS) - Math.floor(b / COLS)) + Math.abs((a % COLS) - (b % COLS));
const cell = ([i, j]: [number, number]) => i * COLS + j;

/**
 * What is wrong with `events` as the account of the round from `before` to `after` (empty: they
 * agree). Units that vanish or reappear elsewhere die exactly once; a kill's killer is another
 * team's soldier beside the victim; respawns, conversions and the score follow from the events.
 */
function problems(
  before: Units,
  after: Units,
  events: readonly MoneyHeistEvent[],
  config = engine.defaultConfig(),
): string[] {
  const out: string[] = [];
  const units = before.player.length;
  const deaths = new Map<number, number>();
  const respawned = new Set<number>();
  const converted = new Set<number>();
  const score = before.score.map(() => 0);
  const ok = (unit: number, player?: number) =>
    Number.isInteger(unit) &&
    unit >= 0 &&
    unit < units &&
    (player === undefined || (player >= 0 && player < before.score.length));
  for (const [k, e] of events.entries()) {
    const where = `event ${k} (${JSON.stringify(e)})`;
    switch (e.type) {
      case "kill":
        out.push(...killProblems(before, events, k, where));
        if (ok(e.killer.unit, e.killer.player) && ok(e.victim.unit))
          score[e.killer.player]! += before.professor[e.victim.unit]
            ? config.pointsForKillingProfessor
            : config.pointsForKillingSoldier;
        break;
      case "death": {
        if (!ok(e.unit, e.player)) {
          out.push(`${where}: no such unit`);
          break;
        }
        deaths.set(e.unit, (deaths.get(e.unit) ?? 0) + 1);
        if (!before.alive[e.unit] || before.player[e.unit] !== e.player)
          out.push(`${where}: the unit was not alive for player ${e.player}`);
        if (e.killer === undefined || events[k - 1]?.type !== "kill")
          out.push(`${where}: every death in Money Heist is a kill`);
        if (before.professor[e.unit] && after.rebirth[e.unit] !== config.professorRoundsRebirth)
          out.push(`${where}: the professor does not show its countdown`);
        if (!before.professor[e.unit] && after.poison[e.unit] !== config.initialSoldiersPoisons)
          out.push(`${where}: the soldier was not put back with fresh poison`);
        break;
      }
      case "respawn":
        if (!ok(e.unit, e.player)) out.push(`${where}: no such unit`);
        else if (after.player[e.unit] !== e.player || after.pos[e.unit] !== cell(e.at))
          out.push(`${where}: the unit is not there for that player`);
        respawned.add(e.unit);
        break;
      case "conversion":
        if (!ok(e.unit, e.from) || !ok(e.unit, e.to) || e.from === e.to) out.push(`${where}: bad`);
        else if (before.player[e.unit] !== e.from || after.player[e.unit] !== e.to)
          out.push(`${where}: the teams do not match the states`);
        converted.add(e.unit);
        break;
      case "hit":
        if (!ok(e.attacker.unit, e.attacker.player) || !ok(e.victim.unit, e.victim.player))
          out.push(`${where}: no such unit`);
        else if (!before.professor[e.victim.unit] || e.attacker.player === e.victim.player)
          out.push(`${where}: only another team's professor survives a hit`);
        else if (distance(before.pos[e.attacker.unit]!, cell(e.at)) !== 1)
          out.push(`${where}: the attacker was not beside the professor`);
        break;
      case "pickup":
        if (!ok(e.unit, e.player) || before.player[e.unit] !== e.player)
          out.push(`${where}: no such unit of that player`);
        else if (distance(before.pos[e.unit]!, cell(e.at)) !== 1)
          out.push(`${where}: the unit was not next to it`);
        if (e.item === "money") score[e.player]! += e.amount;
        break;
      case "open":
        if (
          !ok(e.unit, e.player) ||
          !before.professor[e.unit] ||
          before.player[e.unit] !== e.player
        )
          out.push(`${where}: not a professor of that player`);
        else if (distance(before.pos[e.unit]!, cell(e.at)) !== 1)
          out.push(`${where}: the professor was not at the door`);
        score[e.player]! += config.goldValue;
        break;
      default:
        out.push(`${where}: unknown type`);
    }
  }
  out.push(...accountProblems(before, after, { deaths, respawned, converted, score }));
  return out;
}

/** A kill's problems: another team's soldier, beside the victim, and the victim's death next. */
function killProblems(
  before: Units,
  events: readonly MoneyHeistEvent[],
  k: number,
  where: string,
): string[] {
  const out: string[] = [];
  const { killer, victim } = events[k] as MoneyHeistEvent & { type: "kill" };
  const units = before.player.length;
  const ok = (unit: number, player: number) =>
    Number.isInteger(unit) && unit >= 0 && unit < units && player >= 0 && player < 4;
  if (!ok(killer.unit, killer.player) || !ok(victim.unit, victim.player))
    return [`${where}: no such unit`];
  if (killer.player === victim.player) out.push(`${where}: a kill within a team`);
  if (before.player[killer.unit] !== killer.player || before.professor[killer.unit])
    out.push(`${where}: the killer is not a soldier of player ${killer.player}`);
  if (before.player[victim.unit] !== victim.player || !before.alive[victim.unit])
    out.push(`${where}: the victim was not alive for player ${victim.player}`);
  // The attacker does not move; the victim may have moved one cell before it was hit.
  const at = cell((events[k] as { at: [number, number] }).at);
  if (distance(before.pos[killer.unit]!, at) !== 1)
    out.push(`${where}: the killer was not beside the victim`);
  if (distance(before.pos[victim.unit]!, at) > 1)
    out.push(`${where}: the victim could not be there`);
  const next = events[k + 1];
  if (next?.type !== "death" || next.unit !== victim.unit || next.killer?.unit !== killer.unit)
    out.push(`${where}: not followed by the victim's death`);
  return out;
}

/** What the events tallied (deaths by unit, units put back or converted, points by player). */
interface Tally {
  deaths: Map<number, number>;
  respawned: Set<number>;
  converted: Set<number>;
  score: number[];
}

/**
 * The units that vanished or reappeared elsewhere died exactly once, those back respawned, those
 * of another team were converted, and the score is what the events earned.
 */
function accountProblems(before: Units, after: Units, tally: Tally): string[] {
  const out: string[] = [];
  const { deaths, respawned, converted, score } = tally;
  const units = before.player.length;
  for (let unit = 0; unit < units; unit++) {
    const gone = before.alive[unit] && !after.alive[unit];
    const elsewhere =
      before.alive[unit] &&
      after.alive[unit] &&
      (distance(before.pos[unit]!, after.pos[unit]!) > 1 ||
        before.player[unit] !== after.player[unit]);
    const count = deaths.get(unit) ?? 0;
    if ((gone || elsewhere) && count !== 1)
      out.push(`unit ${unit} ${gone ? "vanished" : "reappeared elsewhere"} with ${count} deaths`);
    if (!gone && !elsewhere && count > 1) out.push(`unit ${unit} died ${count} times`);
    const back = !before.alive[unit] && after.alive[unit];
    const soldierBack = count === 1 && !before.professor[unit];
    if ((back || soldierBack) !== respawned.has(unit))
      out.push(`unit ${unit}: ${respawned.has(unit) ? "a respawn it did not make" : "no respawn"}`);
    if ((before.player[unit] !== after.player[unit]) !== converted.has(unit))
      out.push(`unit ${unit}: its team changed without a conversion, or the reverse`);
  }
  after.score.forEach((value, p) => {
    if (value - before.score[p]! !== score[p])
      out.push(`player ${p} scored ${value - before.score[p]!}, the events say ${score[p]}`);
  });
  return out;
}

/** Plays `steps` from `match`, checking every round; returns the rounds and events checked. */
function checkMatch(match: MoneyHeistMatch, steps: MoneyHeistOrder[][][]) {
  const counts: Record<string, number> = {};
  let rounds = 0;
  for (const orders of steps) {
    const before = unitsOf(match);
    match.step(orders);
    const events = match.events();
    const found = problems(before, unitsOf(match), events);
    if (found.length > 0) expect.fail(`round ${match.round()}: ${found.join("; ")}`);
    for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    rounds++;
  }
  return { rounds, counts };
}

describe.skipIf(!available)("Money Heist events over the original engine's matches", () => {
  it.each(["default_DuDuDuDu_s1", "default_DeDuDeDu_s11"])(
    "agree with every round of %s",
    (name) => {
      const seed = Number(/_s(\d+)$/.exec(name)![1]);
      const steps = engine.readTrace!(read(`traces/${name}.orders.jsonl.gz`), name);
      const match = engine.create(engine.defaultConfig(), seed, 4) as MoneyHeistMatch;
      const { rounds, counts } = checkMatch(match, steps);
      expect(rounds).toBe(200);
      // The recorded matches have kills, deaths and respawns to check (figures in the README).
      expect(counts.kill).toBeGreaterThan(10);
      expect(counts.death).toBe(counts.kill);
    },
  );
});

describe("Money Heist events, rule by rule", () => {
  const HINTS = [1, 2, 3, 4, 5, 9, -1, -1, -2, 0, 7, 7, 10, -3, 7];
  const KEY = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4];

  it("a soldier killing another team's soldier: kill, death by poison, respawn and (if so drawn) conversion", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const b = testBoard(seed);
      b.put(4, 10, 10);
      b.put(24, 10, 11);
      b.play([{ unit: 4, kind: "move", dir: "r" }]);
      const to = b.state.unitPlayer[24]!;
      const cell = b.state.unitPos[24]!;
      const back: [number, number] = [Math.floor(cell / 60), cell % 60];
      const killer = { player: 0, unit: 4 };
      const victim = { player: 1, unit: 24 };
      expect(b.match.events()).toEqual([
        { type: "kill", killer, victim, at: [10, 11] },
        { type: "death", player: 1, unit: 24, cause: "poison", killer, at: [10, 11] },
        { type: "respawn", player: to, unit: 24, at: back },
        ...(to === 1 ? [] : [{ type: "conversion", unit: 24, from: 1, to, at: back }]),
      ]);
    }
  });

  it("a professor hit and then killed: hit with its health, kill and death, then its respawn 41 rounds later", () => {
    const b = testBoard();
    b.put(1, 30, 30);
    b.put(4, 30, 29);
    b.put(5, 29, 30);
    b.state.unitPoison[5] = 5;
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    const hitter = { player: 0, unit: 4 };
    const professor = { player: 1, unit: 1 };
    expect(b.match.events()).toEqual([
      { type: "hit", attacker: hitter, victim: professor, at: [30, 30], health: 80 },
    ]);
    b.state.unitHealth[1] = 20;
    b.play([{ unit: 5, kind: "move", dir: "d" }]);
    const killer = { player: 0, unit: 5 };
    expect(b.match.events()).toEqual([
      { type: "kill", killer, victim: professor, at: [30, 30] },
      { type: "death", player: 1, unit: 1, cause: "poison", killer, at: [30, 30] },
    ]);
    for (let k = 0; k < 40; k++) {
      b.play();
      if (k < 39) expect(b.match.events()).toEqual([]);
    }
    const cell = b.state.unitPos[1]!;
    expect(b.match.events()).toEqual([
      { type: "respawn", player: 1, unit: 1, at: [Math.floor(cell / 60), cell % 60] },
    ]);
  });

  it("a soldier of its own team, or without poison, attacks nothing: no event", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(5, 10, 11);
    b.put(6, 20, 20);
    b.put(24, 20, 21);
    b.state.unitPoison[6] = 0;
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 6, kind: "move", dir: "r" },
    ]);
    expect(b.match.events()).toEqual([]);
  });

  it("pickups: a health kit, a poison kit and money, each with what it is worth", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(5, 20, 20);
    b.put(6, 40, 40);
    b.state.setKit(b.at(10, 11), 1);
    b.state.setKit(b.at(20, 21), POISON_KIT);
    b.state.setMoney(b.at(40, 41), 13);
    b.play([
      { unit: 4, kind: "move", dir: "r" },
      { unit: 5, kind: "move", dir: "r" },
      { unit: 6, kind: "move", dir: "r" },
    ]);
    expect(b.state.kit[b.at(10, 11)]).toBe(NO_KIT);
    const events = [...b.match.events()].sort((a, c) =>
      "unit" in a && "unit" in c ? a.unit - c.unit : 0,
    );
    expect(events).toEqual([
      { type: "pickup", player: 0, unit: 4, at: [10, 11], item: "health", amount: 1 },
      { type: "pickup", player: 0, unit: 5, at: [20, 21], item: "poison", amount: 1 },
      { type: "pickup", player: 0, unit: 6, at: [40, 41], item: "money", amount: 13 },
    ]);
  });

  it("a professor opening a safe: the safe and its door; a wrong key opens nothing", () => {
    for (const key of [KEY, [...KEY.slice(0, 14), 0]]) {
      const b = testBoard(3);
      b.state.hints.push(Int32Array.from(HINTS));
      b.state.placeSafe(0);
      const door = b.state.safeDoor[0]!;
      const outside = door + (door - b.state.safeGold[0]!);
      const dir = ["d", "r", "u", "l"][[60, 1, -60, -1].indexOf(door - outside)] as "d";
      b.state.placeUnit(0, outside);
      b.play([{ unit: 0, kind: "open", dir, solution: key }]);
      expect(b.match.events()).toEqual(
        key === KEY
          ? [{ type: "open", player: 0, unit: 0, safe: 0, at: [Math.floor(door / 60), door % 60] }]
          : [],
      );
    }
  });

  it("events are not part of the snapshot or the digest, and a restored match has none yet", () => {
    const b = testBoard();
    b.put(4, 10, 10);
    b.put(24, 10, 11);
    const digest = b.match.digest();
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    expect(b.match.events().length).toBeGreaterThan(0);
    const snapshot = JSON.stringify(b.match.snapshot());
    expect(snapshot).not.toContain('"kill"');
    expect(digest).not.toBe(b.match.digest());
    const restored = engine.restore(JSON.parse(snapshot));
    expect(restored.events?.()).toEqual([]);
    expect(restored.digest()).toBe(b.match.digest());
  });
});

describe("the events check can fail", () => {
  /** A round of soldier 4 killing soldier 24, as the checker sees it. */
  const round = () => {
    const b = testBoard(2);
    b.put(4, 10, 10);
    b.put(24, 10, 11);
    b.put(25, 30, 30);
    const before = unitsOf(b.match);
    b.play([{ unit: 4, kind: "move", dir: "r" }]);
    return { before, after: unitsOf(b.match), events: b.match.events() };
  };

  it("accepts the engine's events", () => {
    const { before, after, events } = round();
    expect(problems(before, after, events)).toEqual([]);
  });

  it("rejects a missing death, a kill within a team, a killer out of reach and an invented kill", () => {
    const { before, after, events } = round();
    const [kill, death, ...rest] = events as [
      MoneyHeistEvent & { type: "kill" },
      MoneyHeistEvent,
      ...MoneyHeistEvent[],
    ];
    expect(problems(before, after, [kill, ...rest]).join()).toMatch(
      /not followed by the victim's death/,
    );
    const friendly = { ...kill, killer: { player: 1, unit: 25 } };
    expect(problems(before, after, [friendly, death, ...rest]).join()).toMatch(
      /a kill within a team/,
    );
    const far = { ...kill, killer: { player: 0, unit: 4 }, at: [12, 11] as [number, number] };
    expect(problems(before, after, [far, death, ...rest]).join()).toMatch(/not beside the victim/);
    const invented: MoneyHeistEvent[] = [
      {
        type: "kill",
        killer: { player: 0, unit: 4 },
        victim: { player: 1, unit: 25 },
        at: [30, 30],
      },
      {
        type: "death",
        player: 1,
        unit: 25,
        cause: "poison",
        killer: { player: 0, unit: 4 },
        at: [30, 30],
      },
    ];
    expect(problems(before, after, [...events, ...invented]).length).toBeGreaterThan(2);
    const unknown = { ...kill, victim: { player: 1, unit: 84 } };
    expect(problems(before, after, [unknown, death, ...rest]).join()).toMatch(/no such unit/);
  });
});
