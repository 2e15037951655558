import { engine, type MoneyHeistEvent } from "@arena/moneyheist";
import { disc, fillCell, LineReader, lerp, square } from "../draw";
import type { BoardEvent, EventLines, GameView, PlayerLine } from "../types";
import { eventLines, jutgeRes, playerColor } from "../types";

export interface MoneyHeistUnit {
  professor: boolean;
  id: number;
  player: number;
  row: number;
  col: number;
  health: number;
  poison: number;
  /** Rounds until a dead professor comes back (0 when alive; −1 for soldiers). */
  rounds: number;
}

/** One Money Heist state, as its `.res` shows it. */
export interface MoneyHeistFrame {
  rows: number;
  cols: number;
  /** The board letters (`W`, `H`, `P`, `B`, `G`, `M`, `0`–`3`, `X`, `.`). */
  grid: string[];
  units: MoneyHeistUnit[];
  round: number;
  score: number[];
  health: number[];
  poison: number[];
  status: number[];
  /** The successful commands of the round that led here: unit id, command letter, direction letter. */
  commands: Array<{ id: number; kind: string; dir: string }>;
  /** Money on the board: `row col` → amount. */
  money: Map<string, number>;
  /** The safes: door position, by safe id. */
  safes: Array<{ row: number; col: number }>;
}

function parse(preamble: string, piece: string): MoneyHeistFrame {
  const rows = Number(/^BOARD_ROWS\s+(\d+)/m.exec(preamble)?.[1]);
  const cols = Number(/^BOARD_COLS\s+(\d+)/m.exec(preamble)?.[1]);
  if (!(rows > 0 && cols > 0)) throw new Error("the preamble has no BOARD_ROWS / BOARD_COLS");
  const r = new LineReader(piece, "state");
  const commands: MoneyHeistFrame["commands"] = [];
  r.skipBlank();
  if (r.peek() === "commands") {
    r.next("commands");
    const [count] = r.ints("the number of commands");
    for (let k = 0; k < count!; k++) {
      const fields = r.next("a command").split("\t");
      commands.push({ id: Number(fields[0]), kind: fields[1] ?? "", dir: fields[2] ?? "" });
    }
  }
  r.skipBlank();
  r.next("the column labels");
  r.next("the column labels");
  const grid: string[] = [];
  for (let i = 0; i < rows; i++) {
    const line = r.next(`board row ${i}`);
    const cells = line.slice(3);
    if (cells.length !== cols) r.fail(`board row ${i} has ${cells.length} cells, not ${cols}`);
    grid.push(cells);
  }
  r.expect("units");
  const [numUnits] = r.ints("the number of units");
  r.next("the units header");
  const units: MoneyHeistUnit[] = [];
  for (let k = 0; k < numUnits!; k++) {
    const f = r.next("a unit").split("\t");
    const n = f.slice(1).map(Number);
    if (f.length < 8 || n.some((v) => !Number.isInteger(v)))
      r.fail(`bad unit line '${f.join(" ")}'`);
    units.push({
      professor: f[0] === "p",
      id: n[0]!,
      player: n[1]!,
      row: n[2]!,
      col: n[3]!,
      health: n[4]!,
      poison: n[5]!,
      rounds: n[6]!,
    });
  }
  r.expect("money");
  const [moneyCount] = r.ints("the number of money cells");
  r.next("the money header");
  const money = new Map<string, number>();
  for (let k = 0; k < moneyCount!; k++) {
    const [i, j, amount] = r.ints("a money line");
    money.set(`${i} ${j}`, amount!);
  }
  r.expect("safety_box_hints");
  const [safeCount] = r.ints("the number of safes");
  const safes: MoneyHeistFrame["safes"] = [];
  for (let k = 0; k < safeCount!; k++) {
    r.skipBlank();
    const [, row, col] = r.ints("a safe");
    safes.push({ row: row!, col: col! });
    r.next("its hints");
  }
  const round = ints1(r.expect("round"), r)[0]!;
  const score = ints1(r.expect("score"), r);
  const health = ints1(r.expect("health"), r);
  const poison = ints1(r.expect("poison"), r);
  const status = r
    .expect("status")
    .split(/\s+/)
    .map((v) => Number(v));
  return {
    rows,
    cols,
    grid,
    units,
    round,
    score,
    health,
    poison,
    status,
    commands,
    money,
    safes,
  };
}

function ints1(text: string, r: LineReader): number[] {
  const values = text.split(/\s+/).map(Number);
  if (values.some((v) => !Number.isInteger(v))) r.fail(`'${text}' is not a list of integers`);
  return values;
}

const WALL = "#2b2b2b";
const FLOOR = "#f4f1e8";
/** Kits in colours no player has: a white disc with a red cross, a black disc with a lime ring. */
const HEALTH_KIT = "#ffffff";
const POISON_KIT = "#1b1b1b";
const POISON_RING = "#c6ff00";
const GOLD = "#ffd400";
const DOOR = "#c9c9c9";

/** Row and column steps of a `.res` direction letter. */
const STEP: Record<string, [number, number]> = { d: [1, 0], u: [-1, 0], r: [0, 1], l: [0, -1] };

const unitKind = (u: MoneyHeistUnit): string => (u.professor ? "professor" : "soldier");

const unitName = (u: MoneyHeistUnit): string => `${unitKind(u)} ${u.id} (player ${u.player})`;

/** A unit's `Piece.key`. */
const key = (id: number): string => `unit ${id}`;

const CELL_NAMES: Record<string, string> = {
  W: "wall",
  H: "health kit",
  P: "poison kit",
  B: "safe door",
  G: "gold",
  M: "money",
};

function healthKit(ctx: CanvasRenderingContext2D, i: number, j: number, cell: number): void {
  disc(ctx, i, j, cell, 0.74, HEALTH_KIT, "#b71c1c", Math.max(1, cell / 14));
  ctx.fillStyle = "#d32f2f";
  ctx.fillRect((j + 0.42) * cell, (i + 0.24) * cell, cell * 0.16, cell * 0.52);
  ctx.fillRect((j + 0.24) * cell, (i + 0.42) * cell, cell * 0.52, cell * 0.16);
}

export const moneyheist: GameView<MoneyHeistFrame> = {
  game: "moneyheist",
  engine,
  res: jutgeRes("moneyheist", "commands", parse),
  round: (f) => f.round,
  players(f): PlayerLine[] {
    return f.score.map((score, p) => ({
      score,
      figures: [
        ["health", f.health[p]!],
        ["poison", f.poison[p]!],
        ["soldiers", f.units.filter((u) => !u.professor && u.player === p).length],
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
        fillCell(ctx, i, j, cell, c === "W" ? WALL : FLOOR);
        if (c === "H") healthKit(ctx, i, j, cell);
        else if (c === "P")
          disc(ctx, i, j, cell, 0.7, POISON_KIT, POISON_RING, Math.max(1, cell / 8));
        else if (c === "B") square(ctx, i, j, cell, 1, DOOR);
        else if (c === "G") square(ctx, i, j, cell, 0.9, GOLD);
        else if (c === "M") {
          square(ctx, i, j, cell, 0.9, "#111");
          ctx.strokeStyle = "#ffd400";
          ctx.lineWidth = Math.max(1, cell / 6);
          ctx.beginPath();
          ctx.moveTo((j + 0.5) * cell, (i + 0.2) * cell);
          ctx.lineTo((j + 0.5) * cell, (i + 0.8) * cell);
          ctx.moveTo((j + 0.2) * cell, (i + 0.5) * cell);
          ctx.lineTo((j + 0.8) * cell, (i + 0.5) * cell);
          ctx.stroke();
        }
      }
    }
    const before = prev ? new Map(prev.units.map((u) => [u.id, u])) : undefined;
    for (const u of f.units) {
      if (u.professor && u.rounds > 0) continue;
      let row = u.row;
      let col = u.col;
      const old = before?.get(u.id);
      if (old && Math.abs(old.row - u.row) + Math.abs(old.col - u.col) === 1) {
        row = lerp(old.row, u.row, t);
        col = lerp(old.col, u.col, t);
      }
      square(ctx, row, col, cell, 0.86, playerColor(u.player), u.professor ? "#000" : undefined);
    }
  },
  pieces(f) {
    return f.units.map((u) => ({
      key: `unit ${u.id}`,
      kind: unitKind(u),
      id: u.id,
      player: u.player,
      row: u.row,
      col: u.col,
      stats: [
        ["id", u.id],
        ["type", unitKind(u)],
        ["player", u.player],
        ["pos", `(${u.row}, ${u.col})`],
        ["health", u.health],
        ["poison", u.poison],
        ["rounds for reborn", u.rounds],
      ],
      ...(u.professor && u.rounds > 0 ? { dead: true, countdown: u.rounds } : {}),
    }));
  },
  cellInfo(f, row, col) {
    const c = f.grid[row]?.[col] ?? ".";
    const out: Array<[string, string | number]> = [["type", c === "W" ? "wall" : "corridor"]];
    if (CELL_NAMES[c] !== undefined && c !== "W") out.push(["object", CELL_NAMES[c]!]);
    const money = f.money.get(`${row} ${col}`);
    if (money !== undefined) out.push(["money", money]);
    const box = f.safes.findIndex((s) => s.row === row && s.col === col);
    if (box >= 0) out.push(["box", box]);
    return out;
  },
  fromEngine(events, prev, f) {
    return engineEvents(events as readonly MoneyHeistEvent[], prev, f);
  },
  infer: inferEvents,
  legend: [
    [WALL, "wall"],
    [playerColor(0), "soldier (team colour and number)"],
    [playerColor(0), "professor (team colour, black outline)", "outlined"],
    [HEALTH_KIT, "health kit (red cross)", "disc"],
    [POISON_KIT, "poison kit (lime ring)", "disc"],
    ["#111", "money (yellow cross)"],
    [GOLD, "gold"],
    [DOOR, "safe door"],
  ],
};

/** What the lines of a round's events read from: the frames before and after it. */
interface Context {
  before: Map<number, MoneyHeistUnit>;
  after: MoneyHeistFrame;
}

/** A unit's name, by its type in the frame before, and its player (given, or its own). */
const named = (c: Context, id: number, player?: number): string => {
  const u = c.before.get(id);
  return `${u?.professor ? "professor" : "soldier"} ${id} (player ${player ?? u?.player ?? "?"})`;
};

/** Where a unit was in the frame before. */
const where = (c: Context, id: number): [number, number] => {
  const u = c.before.get(id);
  return u === undefined ? [0, 0] : [u.row, u.col];
};

const LINES: EventLines<MoneyHeistEvent, Context> = {
  kill: (e, c) => ({
    kind: "kill",
    units: [key(e.killer.unit), key(e.victim.unit)],
    player: e.killer.player,
    text: `${named(c, e.killer.unit, e.killer.player)} killed ${named(c, e.victim.unit, e.victim.player)} (poison)`,
    at: where(c, e.killer.unit),
    to: e.at,
  }),
  death: (e, c) => {
    const by = e.killer === undefined ? "" : ` by ${named(c, e.killer.unit, e.killer.player)}`;
    const rounds = c.after.units.find((u) => u.id === e.unit && u.professor)?.rounds;
    return {
      kind: "death",
      units: e.killer === undefined ? [key(e.unit)] : [key(e.killer.unit), key(e.unit)],
      player: e.player,
      text: `${named(c, e.unit, e.player)} died: poisoned${by}${rounds === undefined ? "" : `; back in ${rounds} rounds`}`,
      at: e.at,
    };
  },
  hit: (e, c) => ({
    kind: "attack",
    units: [key(e.attacker.unit), key(e.victim.unit)],
    player: e.attacker.player,
    text: `${named(c, e.attacker.unit, e.attacker.player)} poisoned ${named(c, e.victim.unit, e.victim.player)}: health ${e.health}`,
    at: where(c, e.attacker.unit),
    to: e.at,
  }),
  respawn: (e, c) => ({
    kind: "respawn",
    units: [key(e.unit)],
    player: e.player,
    text: `${named(c, e.unit, e.player)} is back at (${e.at[0]}, ${e.at[1]})`,
    at: e.at,
  }),
  conversion: (e) => ({
    kind: "capture",
    units: [key(e.unit)],
    player: e.to,
    text: `soldier ${e.unit} came back for player ${e.to} (was player ${e.from}'s)`,
    at: e.at,
  }),
  pickup: (e, c) => ({
    kind: "pickup",
    units: [key(e.unit)],
    player: e.player,
    text: `${named(c, e.unit, e.player)} picked up ${e.item === "money" ? `money (${e.amount})` : `a ${e.item} kit`}`,
    at: e.at,
  }),
  open: (e, c) => ({
    kind: "safe",
    units: [key(e.unit)],
    player: e.player,
    text: `${named(c, e.unit, e.player)} opened safe ${e.safe}`,
    at: where(c, e.unit),
    to: e.at,
  }),
};

/** What the rules reported for the round from `prev` to `f`, as board events; moves from its log. */
function engineEvents(
  events: readonly MoneyHeistEvent[],
  prev: MoneyHeistFrame,
  f: MoneyHeistFrame,
): BoardEvent[] {
  const before = new Map(prev.units.map((u) => [u.id, u]));
  const out = eventLines(events, LINES, { before, after: f });
  // Every logged move that was not an attack (the log writes both as `m`).
  const attackers = new Set<number>();
  for (const e of events)
    if (e.type === "kill") attackers.add(e.killer.unit);
    else if (e.type === "hit") attackers.add(e.attacker.unit);
  for (const c of f.commands) {
    const u = before.get(c.id);
    const step = STEP[c.dir];
    if (c.kind !== "m" || u === undefined || step === undefined || attackers.has(c.id)) continue;
    out.push({
      kind: "move",
      units: [key(u.id)],
      player: u.player,
      text: `${unitName(u)} moved`,
      at: [u.row, u.col],
      to: [u.row + step[0], u.col + step[1]],
    });
  }
  return out;
}

/**
 * What an original `.res` shows of a round. Its log lists the commands that succeeded, in the
 * order they ran, but a move and an attack are both `m`; so who attacked whom is not read here
 * (a unit moving into a cell occupied at the round's start may find it empty by then). Sure:
 * a soldier put back elsewhere or for another team died; a professor showing its countdown
 * died, one whose health dropped was poisoned; a safe was opened; a unit now one step further
 * along its logged `m` moved.
 */
function inferEvents(prev: MoneyHeistFrame, f: MoneyHeistFrame): BoardEvent[] {
  return [...loggedEvents(prev, f), ...unitChanges(prev, f)];
}

/** The round's log: safes opened, and each `m` that took its unit one step further (a move). */
function loggedEvents(prev: MoneyHeistFrame, f: MoneyHeistFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  const before = new Map(prev.units.map((u) => [u.id, u]));
  const after = new Map(f.units.map((u) => [u.id, u]));
  for (const c of f.commands) {
    const u = before.get(c.id);
    if (u === undefined) continue;
    const step = STEP[c.dir];
    const now = after.get(c.id);
    if (c.kind === "o")
      out.push({
        kind: "safe",
        units: [key(u.id)],
        player: u.player,
        text: `${unitName(u)} opened a safe`,
        at: [u.row, u.col],
      });
    else if (
      c.kind === "m" &&
      step !== undefined &&
      now?.row === u.row + step[0] &&
      now.col === u.col + step[1]
    )
      out.push({
        kind: "move",
        units: [key(u.id)],
        player: u.player,
        text: `${unitName(u)} moved`,
        at: [u.row, u.col],
        to: [now.row, now.col],
      });
  }
  return out;
}

/** What the states show of the units: deaths and returns, poisoned professors (all inferred). */
function unitChanges(prev: MoneyHeistFrame, f: MoneyHeistFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  const before = new Map(prev.units.map((u) => [u.id, u]));
  const unknown = "(the .res does not say who killed it)";
  for (const u of f.units) {
    const old = before.get(u.id);
    if (old === undefined) continue;
    const wasAlive = !(old.professor && old.rounds > 0);
    const isAlive = !(u.professor && u.rounds > 0);
    const moved = Math.abs(old.row - u.row) + Math.abs(old.col - u.col);
    if (u.professor && wasAlive && !isAlive)
      out.push({
        kind: "death",
        units: [key(u.id)],
        player: old.player,
        text: `${unitName(old)} died ${unknown}; back in ${u.rounds} rounds`,
        at: [old.row, old.col],
        inferred: true,
      });
    else if (u.professor && !wasAlive && isAlive)
      out.push({
        kind: "respawn",
        units: [key(u.id)],
        player: u.player,
        text: `${unitName(u)} is back`,
        at: [u.row, u.col],
        inferred: true,
      });
    else if (u.professor && isAlive && u.health < old.health)
      out.push({
        kind: "attack",
        units: [key(u.id)],
        player: old.player,
        text: `${unitName(old)} was poisoned: health ${old.health} → ${u.health} (the .res does not say by whom)`,
        at: [old.row, old.col],
        inferred: true,
      });
    else if (!u.professor && (moved > 1 || u.player !== old.player)) {
      out.push({
        kind: "death",
        units: [key(u.id)],
        player: old.player,
        text: `${unitName(old)} died ${unknown}`,
        at: [old.row, old.col],
        inferred: true,
      });
      out.push({
        kind: "respawn",
        units: [key(u.id)],
        player: u.player,
        text: `soldier ${u.id} is back at (${u.row}, ${u.col})${u.player === old.player ? "" : ` for player ${u.player}`}`,
        at: [u.row, u.col],
        inferred: true,
      });
    }
  }
  return out;
}
