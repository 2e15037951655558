import { engine } from "@arena/moneyheist";
import { disc, fillCell, LineReader, lerp, square } from "../draw";
import type { GameView, PlayerLine } from "../types";
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
  /** The successful commands of the round that led here: unit id and command letter. */
  commands: Array<{ id: number; kind: string }>;
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
      commands.push({ id: Number(fields[0]), kind: fields[1] ?? "" });
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
  const [money] = r.ints("the number of money cells");
  r.next("the money header");
  for (let k = 0; k < money!; k++) r.next("a money line");
  r.expect("safety_box_hints");
  const [safes] = r.ints("the number of safes");
  for (let k = 0; k < safes!; k++) {
    r.skipBlank();
    r.next("a safe");
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
  return { rows, cols, grid, units, round, score, health, poison, status, commands };
}

function ints1(text: string, r: LineReader): number[] {
  const values = text.split(/\s+/).map(Number);
  if (values.some((v) => !Number.isInteger(v))) r.fail(`'${text}' is not a list of integers`);
  return values;
}

const WALL = "#2b2b2b";
const FLOOR = "#f4f1e8";

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
        if (c === "H") disc(ctx, i, j, cell, 0.7, "#1e63ff", "#000");
        else if (c === "P") disc(ctx, i, j, cell, 0.7, "#e53935", "#000");
        else if (c === "B") square(ctx, i, j, cell, 1, "#c9c9c9");
        else if (c === "G") square(ctx, i, j, cell, 0.9, "#ffd400");
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
  legend: [
    [WALL, "wall"],
    ["#e53935", "soldier (team colour)"],
    ["#e53935", "professor (team colour, black outline)", "outlined"],
    ["#1e63ff", "health kit", "disc"],
    ["#e53935", "poison kit", "disc"],
    ["#111", "money (yellow cross)"],
    ["#ffd400", "gold"],
    ["#c9c9c9", "safe door"],
  ],
};
