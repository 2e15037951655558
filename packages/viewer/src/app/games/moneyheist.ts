import { engine } from "@arena/moneyheist";
import { disc, fillCell, LineReader, lerp, square } from "../draw";
import type { BoardEvent, GameView, PlayerLine } from "../types";
import { jutgeRes, playerColor } from "../types";

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
  events(prev, f) {
    const out: BoardEvent[] = [];
    const before = new Map(prev.units.map((u) => [u.id, u]));
    const after = new Map(f.units.map((u) => [u.id, u]));
    const at = new Map<string, MoneyHeistUnit>();
    for (const u of prev.units) if (!(u.professor && u.rounds > 0)) at.set(`${u.row} ${u.col}`, u);
    const killed = new Set<number>();
    for (const command of f.commands) {
      const u = before.get(command.id);
      if (u === undefined) continue;
      const name = unitName(u);
      if (command.kind === "o") {
        out.push({
          kind: "safe",
          player: u.player,
          text: `${name} opened a safe`,
          at: [u.row, u.col],
        });
        continue;
      }
      if (command.kind !== "m") continue;
      const step = STEP[command.dir];
      if (step === undefined) continue;
      const target: [number, number] = [u.row + step[0], u.col + step[1]];
      const victim = at.get(`${target[0]} ${target[1]}`);
      if (victim !== undefined && victim.id !== u.id && !killed.has(victim.id)) {
        const now = after.get(victim.id);
        const died = victim.professor
          ? (now?.rounds ?? 0) > 0
          : now !== undefined && (now.row !== victim.row || now.col !== victim.col);
        if (died) killed.add(victim.id);
        out.push({
          kind: died ? "kill" : "attack",
          player: u.player,
          text: died
            ? `${name} killed ${unitName(victim)}`
            : `${name} poisoned ${unitName(victim)} (health ${victim.health} → ${now?.health ?? "?"})`,
          at: [u.row, u.col],
          to: target,
        });
        continue;
      }
      const object = prev.grid[target[0]]?.[target[1]];
      if (object === "H" || object === "P" || object === "M") {
        const money = prev.money.get(`${target[0]} ${target[1]}`);
        out.push({
          kind: "pickup",
          player: u.player,
          text: `${name} picked up ${object === "M" ? `money (${money ?? "?"})` : CELL_NAMES[object]}`,
          at: target,
        });
      }
      out.push({
        kind: "move",
        player: u.player,
        text: `${name} moved`,
        at: [u.row, u.col],
        to: target,
      });
    }
    for (const u of f.units) {
      const old = before.get(u.id);
      if (old === undefined) continue;
      if (u.professor && u.rounds > 0 && old.rounds <= 0)
        out.push({
          kind: "death",
          player: u.player,
          text: `${unitName(u)} died; back in ${u.rounds} rounds`,
          at: [u.row, u.col],
        });
      else if (u.professor && u.rounds <= 0 && old.rounds > 0)
        out.push({
          kind: "respawn",
          player: u.player,
          text: `${unitName(u)} is back`,
          at: [u.row, u.col],
        });
      else if (!u.professor && killed.has(u.id))
        out.push({
          kind: "death",
          player: old.player,
          text: `${unitName(old)} died; back as a soldier of player ${u.player} at (${u.row}, ${u.col})`,
          at: [old.row, old.col],
        });
    }
    return out;
  },
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
