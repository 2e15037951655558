import { engine, type MadMaxDeathCause, type MadMaxEvent } from "@arena/madmax";
import { disc, fillCell, LineReader, lerp, square } from "../draw";
import type { BoardEvent, EventLines, GameView, PlayerLine } from "../types";
import { eventLines, jutgeRes, playerColor } from "../types";

export interface MadMaxUnit {
  /** The unit id: its line index in the `.res` unit list. */
  id: number;
  car: boolean;
  player: number;
  row: number;
  col: number;
  food: number;
  water: number;
}

/** One Mad Max state, as its `.res` shows it. */
export interface MadMaxFrame {
  rows: number;
  cols: number;
  /**
   * The board letters: `.` desert, `R` road, `W` water, `S` station, `X` wall, `0`–`3` a city cell
   * owned by that player, `C` a city cell owned by nobody.
   */
  grid: string[];
  round: number;
  numCities: number[];
  totalScore: number[];
  status: number[];
  units: MadMaxUnit[];
  /** The movements of the round that led here: unit id and direction letter. */
  movements: Array<{ id: number; dir: string }>;
}

function preambleInt(preamble: string, key: string): number {
  const value = Number(new RegExp(`^${key}\\s+(-?\\d+)`, "m").exec(preamble)?.[1]);
  if (!Number.isInteger(value)) throw new Error(`the preamble has no '${key}'`);
  return value;
}

function numbers(text: string, r: LineReader, what: string): number[] {
  const values = text.split(/\s+/).map(Number);
  if (text === "" || values.some((v) => !Number.isFinite(v)))
    r.fail(`${what}: '${text}' is not a list of numbers`);
  return values;
}

function parse(preamble: string, piece: string): MadMaxFrame {
  const rows = preambleInt(preamble, "rows");
  const cols = preambleInt(preamble, "cols");
  const players = preambleInt(preamble, "nb_players");
  const numUnits =
    players * (preambleInt(preamble, "nb_warriors") + preambleInt(preamble, "nb_cars"));
  const r = new LineReader(piece, "state");
  const movements: MadMaxFrame["movements"] = [];
  r.skipBlank();
  if (r.peek() === "movements") {
    r.next("movements");
    for (;;) {
      const line = r.next("a movement or -1").trim();
      if (line === "-1") break;
      const [id, dir = ""] = line.split(/\s+/);
      if (!Number.isInteger(Number(id)) || dir.length !== 1) r.fail(`bad movement '${line}'`);
      movements.push({ id: Number(id), dir });
    }
  }
  r.skipBlank();
  const grid: string[] = [];
  for (let i = 0; i < rows; i++) {
    let line = r.next(`board row ${i}`);
    // A city cell owned by nobody: the original writes its owner, −1.
    if (line.length !== cols) line = line.replace(/-1/g, "C");
    if (line.length !== cols) r.fail(`board row ${i} has ${line.length} cells, not ${cols}`);
    if (!/^[.RCWSX0-9]*$/.test(line)) r.fail(`board row ${i} has an unknown letter: '${line}'`);
    grid.push(line);
  }
  const round = numbers(r.expect("round"), r, "round")[0]!;
  const numCities = numbers(r.expect("num_cities"), r, "num_cities");
  const totalScore = numbers(r.expect("total_score"), r, "total_score");
  const status = numbers(r.expect("status"), r, "status");
  if (totalScore.length !== players) r.fail(`total_score has ${totalScore.length} values`);
  const units: MadMaxUnit[] = [];
  for (let id = 0; id < numUnits; id++) {
    const f = r.next(`unit ${id}`).trim().split(/\s+/);
    const n = f.slice(1).map(Number);
    if (f.length !== 6 || (f[0] !== "w" && f[0] !== "c") || n.some((v) => !Number.isInteger(v)))
      r.fail(`bad unit line '${f.join(" ")}'`);
    units.push({
      id,
      car: f[0] === "c",
      player: n[0]!,
      row: n[1]!,
      col: n[2]!,
      food: n[3]!,
      water: n[4]!,
    });
  }
  return { rows, cols, grid, round, numCities, totalScore, status, units, movements };
}

const DESERT = "#e8d39a";
const ROAD = "#9e9e9e";
const WATER = "#0d2b45";
/** A fuel station: dark brown with a light border, unlike any player's colour. */
const STATION = "#5d4037";
const WALL = "#3a3330";
const NEUTRAL_CITY = "#b8a27a";

/** A player's colour, lightened towards white (city tint). */
function tint(player: number): string {
  const hex = playerColor(player);
  const mix = (k: number) =>
    Math.round(Number.parseInt(hex.slice(k, k + 2), 16) * 0.55 + 255 * 0.45)
      .toString(16)
      .padStart(2, "0");
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** Cell type names of the original API, by `.res` letter. */
const CELL_TYPES: Record<string, string> = {
  ".": "Desert",
  R: "Road",
  W: "Water",
  S: "Station",
  X: "Wall",
};
/** The `.res` direction letters and their row / column steps (the original's order). */
const DIRS = ["b", "w", "r", "x", "t", "y", "l", "z", "n"];
const DI = [1, 1, 0, -1, -1, -1, 0, 1, 0];
const DJ = [0, 1, 1, 1, 0, -1, -1, -1, 0];

export const madmax: GameView<MadMaxFrame> = {
  game: "madmax",
  engine,
  res: jutgeRes("madmax", "movements", parse),
  round: (f) => f.round,
  players(f): PlayerLine[] {
    return f.totalScore.map((score, p) => ({
      score,
      figures: [
        ["cities", f.numCities[p] ?? 0],
        ["warriors", f.units.filter((u) => !u.car && u.player === p).length],
        ["cars", f.units.filter((u) => u.car && u.player === p).length],
      ],
      out: f.status[p] === -1,
    }));
  },
  size: (f) => [f.cols, f.rows],
  draw(ctx, f, prev, t, cell) {
    for (let i = 0; i < f.rows; i++) {
      const row = f.grid[i]!;
      for (let j = 0; j < f.cols; j++) {
        const c = row[j]!;
        if (c >= "0" && c <= "9") fillCell(ctx, i, j, cell, tint(Number(c)));
        else if (c === "C") fillCell(ctx, i, j, cell, NEUTRAL_CITY);
        else if (c === "R") fillCell(ctx, i, j, cell, ROAD);
        else if (c === "W") {
          // Deep blue with a light wave, unlike the light blue of player 2's cities.
          fillCell(ctx, i, j, cell, WATER);
          ctx.strokeStyle = "#9fd3ff";
          ctx.lineWidth = Math.max(1, cell / 10);
          ctx.beginPath();
          ctx.moveTo((j + 0.15) * cell, (i + 0.55) * cell);
          ctx.quadraticCurveTo(
            (j + 0.35) * cell,
            (i + 0.3) * cell,
            (j + 0.5) * cell,
            (i + 0.55) * cell,
          );
          ctx.quadraticCurveTo(
            (j + 0.65) * cell,
            (i + 0.8) * cell,
            (j + 0.85) * cell,
            (i + 0.55) * cell,
          );
          ctx.stroke();
        } else if (c === "X") fillCell(ctx, i, j, cell, WALL);
        else if (c === "S") {
          fillCell(ctx, i, j, cell, ROAD);
          square(ctx, i, j, cell, 0.8, STATION, "#ffe0b2");
        } else fillCell(ctx, i, j, cell, DESERT);
      }
    }
    const before = prev ? new Map(prev.units.map((u) => [u.id, u])) : undefined;
    // Warriors first, cars on top.
    for (const pass of [false, true]) {
      for (const u of f.units) {
        if (u.car !== pass) continue;
        let row = u.row;
        let col = u.col;
        const old = before?.get(u.id);
        if (old && Math.max(Math.abs(old.row - u.row), Math.abs(old.col - u.col)) === 1) {
          row = lerp(old.row, u.row, t);
          col = lerp(old.col, u.col, t);
        }
        if (u.car) square(ctx, row, col, cell, 0.9, playerColor(u.player), "#111");
        else disc(ctx, row, col, cell, 0.8, playerColor(u.player), "#0006", Math.max(1, cell / 12));
      }
    }
  },
  pieces(f) {
    return f.units.map((u) => ({
      key: `unit ${u.id}`,
      kind: u.car ? "car" : "warrior",
      id: u.id,
      player: u.player,
      row: u.row,
      col: u.col,
      stats: [
        ["id", u.id],
        ["type", u.car ? "Car" : "Warrior"],
        ["player", u.player],
        ["pos", `(${u.row}, ${u.col})`],
        [u.car ? "fuel (food)" : "food", u.food],
        ["water", u.water],
      ],
    }));
  },
  cellInfo(f, row, col) {
    const c = f.grid[row]?.[col] ?? ".";
    if (c >= "0" && c <= "9")
      return [
        ["type", "City"],
        ["owner", Number(c)],
      ];
    if (c === "C")
      return [
        ["type", "City"],
        ["owner", -1],
      ];
    return [["type", CELL_TYPES[c] ?? "Desert"]];
  },
  fromEngine(events, prev, f) {
    return engineEvents(events as readonly MadMaxEvent[], prev, f);
  },
  infer: inferEvents,
  legend: [
    [DESERT, "desert"],
    [ROAD, "road"],
    [STATION, "fuel station (light border)"],
    [WATER, "water"],
    [WALL, "wall"],
    [tint(0), "city cell, tinted with its owner's colour"],
    [NEUTRAL_CITY, "city cell owned by nobody"],
    [playerColor(0), "warrior (team colour)", "disc"],
    [playerColor(0), "car (team colour, dark outline)", "outlined"],
  ],
};

const unitName = (u: MadMaxUnit) => `${u.car ? "car" : "warrior"} ${u.id} (player ${u.player})`;

/** How each cause reads in a death's line. */
const CAUSES: Record<MadMaxDeathCause, string> = {
  attack: "drained in an attack",
  thunderdome: "lost a thunderdome fight",
  "run-over": "run over",
  car: "walked into a car",
  crash: "crashed into another car",
  starvation: "starved (no food)",
  thirst: "died of thirst (no water)",
};

/** The units as they were before the round (for names and places). */
type Context = Map<number, MadMaxUnit>;

const named = (c: Context, id: number, player: number) =>
  `${c.get(id)?.car ? "car" : "warrior"} ${id} (player ${player})`;

const where = (c: Context, id: number): [number, number] => {
  const u = c.get(id);
  return u === undefined ? [0, 0] : [u.row, u.col];
};

const LINES: EventLines<MadMaxEvent, Context> = {
  kill: (e, c) => ({
    kind: "kill",
    units: [`unit ${e.killer.unit}`, `unit ${e.victim.unit}`],
    player: e.killer.player,
    text: `${named(c, e.killer.unit, e.killer.player)} killed ${named(c, e.victim.unit, e.victim.player)}`,
    at: where(c, e.killer.unit),
    to: e.at,
  }),
  death: (e, c) => ({
    kind: "death",
    units:
      e.killer === undefined ? [`unit ${e.unit}`] : [`unit ${e.killer.unit}`, `unit ${e.unit}`],
    player: e.player,
    text: `${named(c, e.unit, e.player)} was captured: ${CAUSES[e.cause]}${e.killer === undefined ? "" : ` (${named(c, e.killer.unit, e.killer.player)})`}; now player ${e.captor}'s`,
    at: e.at,
  }),
  hit: (e, c) => ({
    kind: "attack",
    units: [`unit ${e.attacker.unit}`, `unit ${e.victim.unit}`],
    player: e.attacker.player,
    text: `${named(c, e.attacker.unit, e.attacker.player)} attacked ${named(c, e.victim.unit, e.victim.player)}: food ${e.food}, water ${e.water} left`,
    at: where(c, e.attacker.unit),
    to: e.at,
  }),
  respawn: (e, c) => ({
    kind: "respawn",
    units: [`unit ${e.unit}`],
    player: e.player,
    text: `${named(c, e.unit, e.player)} is back at (${e.at[0]}, ${e.at[1]})`,
    at: e.at,
  }),
  city: (e) => ({
    kind: "capture",
    player: e.to,
    text: `player ${e.to} took city ${e.city} from player ${e.from}`,
    at: e.at,
  }),
};

/** What the rules reported for the round from `prev` to `f`, as board events; moves from its log. */
function engineEvents(
  events: readonly MadMaxEvent[],
  prev: MadMaxFrame,
  f: MadMaxFrame,
): BoardEvent[] {
  const before = new Map(prev.units.map((u) => [u.id, u]));
  // The moves: not those of the units that attacked or were captured.
  const acted = new Set<number>();
  for (const e of events)
    if (e.type === "kill") acted.add(e.killer.unit);
    else if (e.type === "death") acted.add(e.unit);
    else if (e.type === "hit") acted.add(e.attacker.unit);
  return [...eventLines(events, LINES, before), ...moves(prev, f, acted)];
}

/** The logged movements that took a unit to the next cell (not attacks, not the captured). */
function moves(prev: MadMaxFrame, f: MadMaxFrame, skip: ReadonlySet<number>): BoardEvent[] {
  const out: BoardEvent[] = [];
  const before = new Map(prev.units.map((u) => [u.id, u]));
  for (const m of f.movements) {
    const u = before.get(m.id);
    const k = DIRS.indexOf(m.dir);
    const now = f.units[m.id];
    if (u === undefined || k < 0 || k === 8 || skip.has(m.id)) continue;
    const to: [number, number] = [u.row + DI[k]!, u.col + DJ[k]!];
    if (now?.row !== to[0] || now.col !== to[1] || now.player !== u.player) continue;
    out.push({
      kind: "move",
      units: [`unit ${u.id}`],
      player: u.player,
      text: `${unitName(u)} moved`,
      at: [u.row, u.col],
      to,
    });
  }
  return out;
}

/**
 * What an original `.res` shows of a round: its log lists the movements done (attacks included)
 * but not what they did. Sure: a unit that changed team was captured (the cause is not in the
 * file), city cells that changed owner, and a unit now one step along its logged movement moved.
 */
function inferEvents(prev: MadMaxFrame, f: MadMaxFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  const before = new Map(prev.units.map((u) => [u.id, u]));
  for (const u of f.units) {
    const old = before.get(u.id);
    if (old === undefined || old.player === u.player) continue;
    out.push({
      kind: "death",
      units: [`unit ${u.id}`],
      player: old.player,
      text: `${unitName(old)} was captured (the .res does not say how): now player ${u.player}'s`,
      at: [old.row, old.col],
      inferred: true,
    });
    out.push({
      kind: "respawn",
      units: [`unit ${u.id}`],
      player: u.player,
      text: `${unitName(u)} is back at (${u.row}, ${u.col})`,
      at: [u.row, u.col],
      inferred: true,
    });
  }
  // City cells changing hands: one event per player who took some, at the first such cell.
  const taken = new Map<number, { at: [number, number]; cells: number }>();
  for (let i = 0; i < f.rows; i++) {
    const a = prev.grid[i]!;
    const b = f.grid[i]!;
    if (a === b) continue;
    for (let j = 0; j < f.cols; j++) {
      if (a[j] === b[j] || !/[0-9]/.test(b[j]!)) continue;
      const player = Number(b[j]);
      const entry = taken.get(player) ?? { at: [i, j], cells: 0 };
      entry.cells++;
      taken.set(player, entry);
    }
  }
  for (const [player, { at, cells }] of taken)
    out.push({
      kind: "capture",
      player,
      text: `player ${player} took ${cells} city cell${cells === 1 ? "" : "s"} (first at (${at[0]}, ${at[1]}))`,
      at,
    });
  return [...out, ...moves(prev, f, new Set())];
}
