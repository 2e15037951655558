import {
  engine,
  type MadMaxRevisitedDeathCause,
  type MadMaxRevisitedEvent,
} from "@arena/madmax-revisited";
import { disc, fillCell, LineReader, lerp, square } from "../draw";
import type { BoardEvent, EventLines, GameView, PlayerLine } from "../types";
import { eventLines, jutgeRes, playerColor } from "../types";

export interface MmrCar {
  cid: number;
  /** The owner: car c belongs to player ⌊c / nb_cars_x_player⌋. */
  player: number;
  row: number;
  col: number;
  missiles: number;
  gas: number;
  alive: boolean;
  /** Rounds until a dead car comes back. */
  time: number;
}

export interface MmrMissile {
  mid: number;
  /** The car that shot it. */
  cid: number;
  row: number;
  col: number;
}

/** An instruction of the round that led here (`actions_done`). */
export interface MmrAction {
  player: number;
  car: number;
  kind: "m" | "s";
  di: number;
  dj: number;
}

/** One Mad Max Revisited state, as its `.res` shows it. */
export interface MmrFrame {
  rows: number;
  /** Columns of the universe (a cylinder: columns wrap). */
  cols: number;
  /** Columns of the visible window; at round r it is columns r .. r + window − 1 (mod cols). */
  window: number;
  /** The board letters: `.` empty, `X` tyre, `W` water bonus, `G` gas bonus, `M` missile bonus. */
  grid: string[];
  round: number;
  cars: MmrCar[];
  missiles: MmrMissile[];
  score: number[];
  status: number[];
  /** The instructions carried out in the round that led here. */
  done: MmrAction[];
}

function param(preamble: string, key: string): number {
  const value = Number(new RegExp(`^${key}\\s+(-?\\d+)`, "m").exec(preamble)?.[1]);
  if (!Number.isInteger(value)) throw new Error(`the preamble has no '${key}'`);
  return value;
}

/** Reads one `actions_*` block (per player: id, instructions, `-1`). */
function actions(r: LineReader, players: number, perPlayer: number): MmrAction[] {
  const out: MmrAction[] = [];
  for (let p = 0; p < players; p++) {
    r.skipBlank();
    const id = r.next("a player id").trim();
    if (id !== String(p)) r.fail(`expected player ${p}, found '${id}'`);
    for (;;) {
      const line = r.next("an instruction or -1").trim();
      if (line === "-1") break;
      const f = line.split(/\s+/);
      const [car, di, dj] = [Number(f[0]), Number(f[2]), Number(f[3])];
      if (
        f.length !== 4 ||
        (f[1] !== "m" && f[1] !== "s") ||
        ![car, di, dj].every(Number.isInteger)
      )
        r.fail(`bad instruction '${line}'`);
      out.push({ player: Math.floor(car / perPlayer), car, kind: f[1] as "m" | "s", di, dj });
    }
  }
  return out;
}

function tabInts(r: LineReader, what: string, count: number): string[] {
  const f = r.next(what).trim().split(/\s+/);
  if (f.length !== count) r.fail(`${what}: expected ${count} fields, found '${f.join(" ")}'`);
  return f;
}

function parse(preamble: string, piece: string): MmrFrame {
  const players = param(preamble, "nb_players");
  const rows = param(preamble, "nb_rows");
  const cols = param(preamble, "nb_uni_cols");
  const window = param(preamble, "nb_win_cols");
  const perPlayer = param(preamble, "nb_cars_x_player");
  const numCars = players * perPlayer;
  const r = new LineReader(piece, "state");
  let done: MmrAction[] = [];
  r.skipBlank();
  if (r.peek() === "actions_asked") {
    r.next("actions_asked");
    actions(r, players, perPlayer);
    r.expect("actions_done");
    done = actions(r, players, perPlayer);
  }
  const roundText = r.expect("rnd");
  const round = Number(roundText);
  if (!Number.isInteger(round)) r.fail(`bad round '${roundText}'`);
  r.skipBlank();
  r.next("the column tens");
  r.next("the column units");
  r.skipBlank();
  const grid: string[] = [];
  for (let i = 0; i < rows; i++) {
    const line = r.next(`board row ${i}`);
    const cells = line.slice(3);
    if (cells.length !== cols) r.fail(`board row ${i} has ${cells.length} cells, not ${cols}`);
    if (!/^[.XWGM]*$/.test(cells)) r.fail(`board row ${i} has an unknown letter: '${cells}'`);
    grid.push(cells);
  }
  r.expect("cars");
  r.next("the cars header");
  const cars: MmrCar[] = [];
  for (let c = 0; c < numCars; c++) {
    const f = tabInts(r, `car ${c}`, 7);
    const n = f.map(Number);
    if (
      n[0] !== c ||
      (f[5] !== "y" && f[5] !== "n") ||
      [0, 1, 2, 3, 4, 6].some((k) => !Number.isInteger(n[k]))
    )
      r.fail(`bad car line '${f.join(" ")}'`);
    cars.push({
      cid: c,
      player: Math.floor(c / perPlayer),
      row: n[1]!,
      col: n[2]!,
      missiles: n[3]!,
      gas: n[4]!,
      alive: f[5] === "y",
      time: n[6]!,
    });
  }
  r.expect("missiles");
  const [count] = r.ints("the number of missiles");
  r.next("the missiles header");
  const missiles: MmrMissile[] = [];
  for (let k = 0; k < count!; k++) {
    const n = tabInts(r, "a missile", 4).map(Number);
    if (n.some((v) => !Number.isInteger(v))) r.fail(`bad missile line '${n.join(" ")}'`);
    missiles.push({ mid: n[0]!, cid: n[1]!, row: n[2]!, col: n[3]! });
  }
  r.expect("players");
  r.next("the players header");
  const score: number[] = [];
  const status: number[] = [];
  for (let p = 0; p < players; p++) {
    const f = tabInts(r, `player ${p}`, 3).map(Number);
    if (f[0] !== p || !Number.isInteger(f[1]) || !Number.isFinite(f[2]))
      r.fail(`bad player line '${f.join(" ")}'`);
    score.push(f[1]!);
    status.push(f[2]!);
  }
  return { rows, cols, window, grid, round, cars, missiles, score, status, done };
}

const GROUND = "#e9dcc0";
const TYRE = "#2f2f2f";
const WATER = "#4dd0e1";
/** Bonus colours unlike any player's (olive gas, deep purple missiles). */
const GAS = "#9e9d24";
const MISSILE_BONUS = "#4a148c";
/** Outside the window of the current round. */
const SHADE = "rgba(40, 30, 20, 0.35)";

/** The signed column step from `a` to `b` on a cylinder of `cols` columns (−cols/2 .. cols/2). */
function colStep(a: number, b: number, cols: number): number {
  let d = (((b - a) % cols) + cols) % cols;
  if (d > cols / 2) d -= cols;
  return d;
}

/** A bonus: a diamond filling cell (row, col) (cars are squares). */
function diamond(
  ctx: CanvasRenderingContext2D,
  row: number,
  col: number,
  cell: number,
  fill: string,
  stroke: string,
): void {
  const x = (col + 0.5) * cell;
  const y = (row + 0.5) * cell;
  const h = cell * 0.45;
  ctx.beginPath();
  ctx.moveTo(x, y - h);
  ctx.lineTo(x + h, y);
  ctx.lineTo(x, y + h);
  ctx.lineTo(x - h, y);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, cell / 10);
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

const BONUS_NAMES: Record<string, string> = {
  ".": "EMPTY",
  X: "TYRE",
  W: "WATER_BONUS",
  G: "GAS_BONUS",
  M: "MISSILE_BONUS",
};

/**
 * The whole universe is drawn (all `nb_uni_cols` columns, as the players see it): the window of
 * the original viewer moves one column per round over the cylinder (columns r .. r + W − 1 mod U
 * at round r), so the columns outside the current window are shaded and the window is outlined
 * (in two parts when it wraps past the last column).
 */
export const madmaxRevisited: GameView<MmrFrame> = {
  game: "madmax-revisited",
  engine,
  res: jutgeRes("madmax-revisited", "actions_asked", parse),
  round: (f) => f.round,
  players(f): PlayerLine[] {
    return f.score.map((score, p) => {
      const mine = f.cars.filter((c) => c.player === p && c.alive);
      return {
        score,
        figures: [
          ["cars alive", mine.length],
          ["gas", mine.map((c) => c.gas).join(" ") || "–"],
          ["missiles", mine.reduce((sum, c) => sum + c.missiles, 0)],
        ],
        out: f.status[p] === -1,
      };
    });
  },
  size: (f) => [f.cols, f.rows],
  draw(ctx, f, prev, t, cell) {
    for (let i = 0; i < f.rows; i++) {
      const row = f.grid[i]!;
      for (let j = 0; j < f.cols; j++) {
        const c = row[j]!;
        fillCell(ctx, i, j, cell, GROUND);
        if (c === "X") disc(ctx, i, j, cell, 0.8, TYRE, "#777", Math.max(1, cell / 6));
        else if (c === "W") diamond(ctx, i, j, cell, WATER, "#0d3b66");
        else if (c === "G") diamond(ctx, i, j, cell, GAS, "#7a5b00");
        else if (c === "M") diamond(ctx, i, j, cell, MISSILE_BONUS, "#3b0f52");
      }
    }
    // The window of this round; shade the rest, between animation steps too.
    const start = prev
      ? lerp(prev.round, prev.round + colStep(prev.round, f.round, f.cols), t)
      : f.round;
    const w = Math.min(f.window, f.cols);
    const height = f.rows * cell;
    const width = f.cols * cell;
    const inside: Array<[number, number]> = [];
    const a = (((start % f.cols) + f.cols) % f.cols) * cell;
    const b = a + w * cell;
    if (b <= width) inside.push([a, b]);
    else inside.push([a, width], [0, b - width]);
    inside.sort((x, y) => x[0] - y[0]);
    ctx.fillStyle = SHADE;
    let x = 0;
    for (const [from, to] of inside) {
      if (from > x) ctx.fillRect(x, 0, from - x, height);
      x = to;
    }
    if (x < width) ctx.fillRect(x, 0, width - x, height);
    ctx.strokeStyle = "#000";
    ctx.lineWidth = Math.max(1, cell / 8);
    ctx.beginPath();
    for (const [from, to] of inside) {
      const edge = (v: number) => v > 0 && v < width;
      if (edge(from)) {
        ctx.moveTo(from, 0);
        ctx.lineTo(from, height);
      }
      if (edge(to)) {
        ctx.moveTo(to, 0);
        ctx.lineTo(to, height);
      }
    }
    ctx.stroke();

    const at = <U extends { row: number; col: number }>(now: U, old: U | undefined) => {
      if (old === undefined) return [now.row, now.col] as const;
      const dc = colStep(old.col, now.col, f.cols);
      if (Math.abs(now.row - old.row) > 1 || dc < 0 || dc > 2) return [now.row, now.col] as const;
      return [lerp(old.row, now.row, t), lerp(old.col, old.col + dc, t)] as const;
    };
    const beforeCar = prev ? new Map(prev.cars.map((c) => [c.cid, c])) : undefined;
    for (const car of f.cars) {
      const old = beforeCar?.get(car.cid);
      const [row, col] = car.alive && old?.alive ? at(car, old) : [car.row, car.col];
      if (!car.alive) continue;
      square(ctx, row, col, cell, 0.9, playerColor(car.player), "#111");
    }
    const beforeMissile = prev ? new Map(prev.missiles.map((m) => [m.mid, m])) : undefined;
    for (const m of f.missiles) {
      const [row, col] = at(m, beforeMissile?.get(m.mid));
      const owner = f.cars[m.cid]?.player ?? 0;
      disc(ctx, row, col, cell, 0.4, playerColor(owner), "#000", Math.max(1, cell / 12));
    }
  },
  pieces(f) {
    const cars = f.cars.map((c) => ({
      key: `car ${c.cid}`,
      kind: "car",
      id: c.cid,
      player: c.player,
      row: c.row,
      col: c.col,
      stats: [
        ["cid", c.cid],
        ["player", c.player],
        ["pos", `(${c.row}, ${c.col})`],
        ["nb_miss", c.missiles],
        ["gas", c.gas],
        ["alive", c.alive ? "yes" : "no"],
        ["time", c.time],
      ] as Array<[string, string | number]>,
      ...(c.alive ? {} : { dead: true, countdown: c.time }),
    }));
    const missiles = f.missiles.map((m) => ({
      key: `missile ${m.mid}`,
      kind: "missile",
      id: m.mid,
      player: f.cars[m.cid]?.player ?? 0,
      row: m.row,
      col: m.col,
      stats: [
        ["mid", m.mid],
        ["cid", m.cid],
        ["pos", `(${m.row}, ${m.col})`],
      ] as Array<[string, string | number]>,
    }));
    return [...cars, ...missiles];
  },
  cellInfo(f, row, col) {
    const c = f.grid[row]?.[col] ?? ".";
    const car = f.cars.find((k) => k.alive && k.row === row && k.col === col);
    const missile = f.missiles.find((m) => m.row === row && m.col === col);
    const inWindow = (((col - f.round) % f.cols) + f.cols) % f.cols < f.window;
    return [
      ["type", BONUS_NAMES[c] ?? c],
      ["cid", car?.cid ?? -1],
      ["mid", missile?.mid ?? -1],
      ["in this round's window", inWindow ? "yes" : "no"],
    ];
  },
  fromEngine(events, prev, f) {
    return engineEvents(events as readonly MadMaxRevisitedEvent[], prev, f);
  },
  infer: inferEvents,
  legend: [
    [GROUND, "empty"],
    [TYRE, "tyre (obstacle)", "disc"],
    [WATER, "water bonus (points)", "diamond"],
    [GAS, "gas bonus", "diamond"],
    [MISSILE_BONUS, "missile bonus", "diamond"],
    [playerColor(0), "car, its player's colour and number (dead: a cross and its countdown)"],
    [playerColor(0), "missile, the shooter's colour", "disc"],
    [SHADE, "outside this round's window"],
  ],
};

const carName = (c: MmrCar) => `car ${c.cid} (player ${c.player})`;

const CAUSES: Record<MadMaxRevisitedDeathCause, string> = {
  missile: "was hit by a missile",
  tyre: "hit a tyre",
  crash: "crashed",
  gas: "ran out of gas",
};

/** The frames before and after the round. */
type Context = { prev: MmrFrame; f: MmrFrame };

const named = (car: number, player: number) => `car ${car} (player ${player})`;
const withMissile = (mid: number | undefined) => (mid === undefined ? "" : ` with missile ${mid}`);

const LINES: EventLines<MadMaxRevisitedEvent, Context> = {
  kill: (e, c) => {
    const car = c.prev.cars[e.killer.unit];
    return {
      kind: "kill",
      units: [`car ${e.killer.unit}`, `car ${e.victim.unit}`],
      player: e.killer.player,
      text: `${named(e.killer.unit, e.killer.player)} killed ${named(e.victim.unit, e.victim.player)}${withMissile(e.missile)}`,
      at: car === undefined ? e.at : [car.row, car.col],
      to: e.at,
    };
  },
  death: (e) => {
    const killer = e.killer;
    const other = killer !== undefined && killer.unit !== e.unit ? killer : undefined;
    const by =
      killer === undefined
        ? ""
        : other === undefined
          ? " (its own)"
          : ` (${e.cause === "crash" ? "with" : "of"} ${named(other.unit, other.player)})`;
    return {
      kind: "death",
      units: other === undefined ? [`car ${e.unit}`] : [`car ${other.unit}`, `car ${e.unit}`],
      player: e.player,
      text: `${named(e.unit, e.player)} ${CAUSES[e.cause]}${withMissile(e.missile)}${by}`,
      at: e.at,
    };
  },
  shot: (e, c) => ({
    kind: "missile",
    units: [`car ${e.unit}`],
    player: e.player,
    text: `${named(e.unit, e.player)} shot missile ${e.missile}`,
    at: e.at,
    to: missileEnd(c.f, e.missile, e.at),
  }),
  pickup: (e) => ({
    kind: "pickup",
    units: [`car ${e.unit}`],
    player: e.player,
    text: `${named(e.unit, e.player)} took ${e.item === "water" ? `a water bonus (+${e.amount} points)` : e.item === "gas" ? `gas (+${e.amount})` : `missiles (+${e.amount})`}`,
    at: e.at,
  }),
  respawn: (e) => ({
    kind: "respawn",
    units: [`car ${e.unit}`],
    player: e.player,
    text: `${named(e.unit, e.player)} is back`,
    at: e.at,
  }),
};

/** What the rules reported for the round from `prev` to `f`, as board events; moves from the frames. */
function engineEvents(
  events: readonly MadMaxRevisitedEvent[],
  prev: MmrFrame,
  f: MmrFrame,
): BoardEvent[] {
  return [...eventLines(events, LINES, { prev, f }), ...moves(prev, f)];
}

/** Where missile `mid` is in `f` (it flew from `from`). */
function missileEnd(f: MmrFrame, mid: number, from: [number, number]): [number, number] {
  const m = f.missiles.find((x) => x.mid === mid);
  return m === undefined ? from : [m.row, m.col];
}

/** Cars alive in both frames that changed cell. */
function moves(prev: MmrFrame, f: MmrFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  for (const c of f.cars) {
    const old = prev.cars[c.cid];
    if (old?.alive && c.alive && (old.row !== c.row || old.col !== c.col))
      out.push({
        kind: "move",
        units: [`car ${c.cid}`],
        player: c.player,
        text: `${carName(c)} moved`,
        at: [old.row, old.col],
        to: [c.row, c.col],
      });
  }
  return out;
}

/**
 * What an original `.res` shows of a round. Sure: a new missile id was shot by its car; a car
 * alive before and dead after died (out of gas when its gas shows 0, the only way to reach 0; the
 * cause is not in the file otherwise); a dead car came back; more missiles or gas than before
 * were picked up (nothing else adds them). Water bonuses taken are not told apart from kills in
 * the score, so they are not listed.
 */
function inferEvents(prev: MmrFrame, f: MmrFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  const known = new Set(prev.missiles.map((m) => m.mid));
  for (const m of f.missiles) {
    const car = prev.cars[m.cid];
    if (known.has(m.mid) || car === undefined) continue;
    out.push({
      kind: "missile",
      units: [`car ${car.cid}`],
      player: car.player,
      text: `${carName(car)} shot missile ${m.mid}`,
      at: [car.row, car.col],
      to: [m.row, m.col],
    });
  }
  for (const c of f.cars) {
    const old = prev.cars[c.cid];
    if (old === undefined) continue;
    if (old.alive && !c.alive)
      out.push({
        kind: "death",
        units: [`car ${c.cid}`],
        player: c.player,
        text: `${carName(c)} died${c.gas === 0 ? ": out of gas" : " (the .res does not say how)"}; back in ${c.time + 1} rounds or more`,
        at: [c.row, c.col],
        inferred: true,
      });
    else if (!old.alive && c.alive)
      out.push({
        kind: "respawn",
        units: [`car ${c.cid}`],
        player: c.player,
        text: `${carName(c)} is back`,
        at: [c.row, c.col],
        inferred: true,
      });
    else if (c.alive && c.missiles > old.missiles)
      out.push({
        kind: "pickup",
        units: [`car ${c.cid}`],
        player: c.player,
        text: `${carName(c)} took missiles (${c.missiles})`,
        at: [c.row, c.col],
        inferred: true,
      });
    if (old.alive && c.alive && c.gas > old.gas)
      out.push({
        kind: "pickup",
        units: [`car ${c.cid}`],
        player: c.player,
        text: `${carName(c)} took gas (${c.gas})`,
        at: [c.row, c.col],
        inferred: true,
      });
  }
  return [...out, ...moves(prev, f)];
}
