import { type DragonBallEvent, engine } from "@arena/dragonball";
import { disc, fillCell, LineReader, lerp } from "../draw";
import type { BoardEvent, EventLines, GameView, PlayerLine } from "../types";
import { eventLines, jutgeRes, playerColor, resNames } from "../types";

/** A magic bean or a kinton cloud: its home cell, whether it is there, and its regrowth timer. */
export interface DragonBallItem {
  row: number;
  col: number;
  present: boolean;
  time: number;
}

/** One goku line: `type row col time a|d balls strength kinton status`. */
export interface DragonBallGoku {
  /** `normal`, `on_kinton`, `with_ball` or `on_kinton_with_ball`. */
  type: string;
  row: number;
  col: number;
  /** Rounds until a dead goku may come back (0 when alive). */
  time: number;
  alive: boolean;
  /** Balls stored in capsules (the score's first part). */
  balls: number;
  strength: number;
  /** Kinton rounds left (0: not on a cloud). */
  kinton: number;
  /** −1 when frozen. */
  status: number;
}

/** The action lines of a round: player, `u`/`m`/`t` (nothing, move, Kame Hame) and direction. */
export interface DragonBallAction {
  player: number;
  action: string;
  /** `n`, `t` (up), `b` (down), `l`, `r`. */
  dir: string;
}

/** One Bola de Drac state, as its `.res` shows it. */
export interface DragonBallFrame {
  rows: number;
  cols: number;
  maxStrength: number;
  resStrength: number;
  /** The map letters: `X` rock, `C` capsule, `B` ball, `.` anything else. */
  grid: string[];
  beans: DragonBallItem[];
  kintons: DragonBallItem[];
  gokus: DragonBallGoku[];
  round: number;
  /** The actions performed in the round that led here (empty for state 0). */
  done: DragonBallAction[];
}

/** The `key value` lines of the preamble. */
function params(preamble: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of preamble.matchAll(/^(\w+)[ \t]+(-?\d+)[ \t]*$/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

const GOKU_TYPES = new Set(["normal", "on_kinton", "with_ball", "on_kinton_with_ball"]);
const ITEM = /^(\d+) (\d+) ([yn]) (-?\d+)\s*$/;
const ACTION = /^(\d+) ([umt]) ([ntblr])\s*$/;

function parseActions(r: LineReader, word: string): DragonBallAction[] {
  r.expect(word);
  const out: DragonBallAction[] = [];
  while (!r.done && r.peek()!.trim() !== "") {
    const line = r.next("an action");
    const m = ACTION.exec(line);
    if (m === null) r.fail(`bad action line '${line.slice(0, 40)}'`);
    out.push({ player: Number(m[1]), action: m[2]!, dir: m[3]! });
  }
  return out;
}

function parseItems(r: LineReader, word: string, count: number | undefined): DragonBallItem[] {
  r.expect(word);
  const out: DragonBallItem[] = [];
  while (count === undefined ? ITEM.test(r.peek() ?? "") : out.length < count) {
    const line = r.next(`a ${word} line`);
    const m = ITEM.exec(line);
    if (m === null) r.fail(`bad ${word} line '${line.slice(0, 40)}'`);
    out.push({ row: Number(m[1]), col: Number(m[2]), present: m[3] === "y", time: Number(m[4]) });
  }
  return out;
}

function parse(preamble: string, piece: string): DragonBallFrame {
  const p = params(preamble);
  const rows = p.get("rows") ?? 0;
  const cols = p.get("cols") ?? 0;
  if (!(rows > 0 && cols > 0)) throw new Error("the preamble has no rows / cols");
  const players = p.get("nb_players") ?? resNames(preamble).length;
  const r = new LineReader(piece, "state");
  r.skipBlank();
  let done: DragonBallAction[] = [];
  if (r.peek() === "actions_asked") {
    parseActions(r, "actions_asked");
    done = parseActions(r, "actions_done");
  }
  const roundText = r.expect("round");
  const round = Number(roundText);
  if (!Number.isInteger(round)) r.fail(`'${roundText}' is not a round number`);
  const grid: string[] = [];
  for (let i = 0; i < rows; i++) {
    const line = r.next(`map row ${i}`).trimEnd();
    if (line.length !== cols) r.fail(`map row ${i} has ${line.length} cells, not ${cols}`);
    if (!/^[.XCB]*$/.test(line)) r.fail(`map row ${i} has a letter other than . X C B`);
    grid.push(line);
  }
  const beans = parseItems(r, "beans", p.get("nb_beans"));
  const kintons = parseItems(r, "kintons", p.get("nb_kintons"));
  const gokus: DragonBallGoku[] = [];
  for (let id = 0; id < players; id++) {
    const line = r.next(`goku ${id}`);
    const f = line.trim().split(/\s+/);
    const n = [f[1], f[2], f[3], f[5], f[6], f[7], f[8]].map(Number);
    if (
      f.length !== 9 ||
      !GOKU_TYPES.has(f[0]!) ||
      (f[4] !== "a" && f[4] !== "d") ||
      n.some((v) => !Number.isInteger(v))
    )
      r.fail(`bad goku line '${line.slice(0, 60)}'`);
    gokus.push({
      type: f[0]!,
      row: n[0]!,
      col: n[1]!,
      time: n[2]!,
      alive: f[4] === "a",
      balls: n[3]!,
      strength: n[4]!,
      kinton: n[5]!,
      status: n[6]!,
    });
  }
  return {
    rows,
    cols,
    maxStrength: p.get("max_strength") ?? 0,
    resStrength: p.get("res_strength") ?? -1,
    grid,
    beans,
    kintons,
    gokus,
    round,
    done,
  };
}

const FLOOR = "#f3efe2";
const ROCK = "#6d5a48";
const CAPSULE = "#90a4ae";
/** Object colours unlike any player's: a yellow ball, a light green bean, a white cloud. */
const BALL = "#ffeb3b";
const BEAN = "#8bc34a";
const CLOUD = "#ffffff";
const RAY = "#80deea";

/** Row and column steps of a `.res` direction letter. */
const STEP: Record<string, [number, number]> = { t: [-1, 0], b: [1, 0], l: [0, -1], r: [0, 1] };

/** A Kinton cloud under cell (row, col): a few overlapping puffs. */
function cloud(ctx: CanvasRenderingContext2D, row: number, col: number, cell: number): void {
  const x = (col + 0.5) * cell;
  const y = (row + 0.62) * cell;
  ctx.fillStyle = CLOUD;
  ctx.strokeStyle = "#8a8a8a";
  ctx.lineWidth = Math.max(1, cell / 14);
  ctx.beginPath();
  for (const [dx, dy, r] of [
    [-0.3, 0.05, 0.2],
    [0, -0.08, 0.26],
    [0.3, 0.05, 0.2],
    [0, 0.12, 0.2],
  ] as const) {
    ctx.moveTo(x + (dx + r) * cell, y + dy * cell);
    ctx.arc(x + dx * cell, y + dy * cell, r * cell, 0, Math.PI * 2);
  }
  ctx.stroke();
  ctx.fill();
}

/** A capsule (Hoi Poi): a rounded pill. */
function capsule(ctx: CanvasRenderingContext2D, row: number, col: number, cell: number): void {
  const x = col * cell + cell * 0.12;
  const y = row * cell + cell * 0.28;
  const w = cell * 0.76;
  const h = cell * 0.44;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, h / 2);
  ctx.fillStyle = CAPSULE;
  ctx.fill();
  ctx.lineWidth = Math.max(1, cell / 12);
  ctx.strokeStyle = "#37474f";
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + w / 2, y);
  ctx.lineTo(x + w / 2, y + h);
  ctx.stroke();
}

/** A dragon ball: an orange disc with a red dot. */
function ball(ctx: CanvasRenderingContext2D, row: number, col: number, cell: number): void {
  disc(ctx, row, col, cell, 0.62, BALL, "#8a6d00", Math.max(1, cell / 14));
  disc(ctx, row, col, cell, 0.18, "#d32f2f");
}

/** A magic bean: a small green oval. */
function bean(ctx: CanvasRenderingContext2D, row: number, col: number, cell: number): void {
  ctx.beginPath();
  ctx.ellipse(
    (col + 0.5) * cell,
    (row + 0.5) * cell,
    cell * 0.2,
    cell * 0.3,
    Math.PI / 5,
    0,
    Math.PI * 2,
  );
  ctx.fillStyle = BEAN;
  ctx.fill();
  ctx.lineWidth = Math.max(1, cell / 16);
  ctx.strokeStyle = "#0d3b10";
  ctx.stroke();
}

/**
 * Whether a goku has just come back: the data has no per-round mark (a living goku's timer is
 * always 0), but a goku comes back with exactly `res_strength` and no kinton, and every later
 * change of strength (moves every fourth round, combats, beans, Kame Hame) leaves that value.
 */
function fresh(f: DragonBallFrame, g: DragonBallGoku): boolean {
  return g.alive && g.kinton === 0 && g.strength === f.resStrength && g.strength < f.maxStrength;
}

/** The original `GType` names of the `.res` goku types. */
const GOKU_NAMES: Record<string, string> = {
  normal: "Normal",
  on_kinton: "On_Kinton",
  with_ball: "With_Ball",
  on_kinton_with_ball: "On_Kinton_With_Ball",
};

export const dragonball: GameView<DragonBallFrame> = {
  game: "dragonball",
  engine,
  res: jutgeRes("dragonball", "actions_asked", parse),
  round: (f) => f.round,
  players(f): PlayerLine[] {
    return f.gokus.map((g) => ({
      score: g.balls * (f.maxStrength + 1) + g.strength,
      figures: [
        ["balls", g.balls],
        ["strength", g.strength],
        ["kinton", g.kinton],
      ],
      out: g.status === -1,
    }));
  },
  size: (f) => [f.cols, f.rows],
  draw(ctx, f, prev, t, cell) {
    for (let i = 0; i < f.rows; i++) {
      const row = f.grid[i]!;
      for (let j = 0; j < f.cols; j++) {
        const c = row[j]!;
        fillCell(ctx, i, j, cell, c === "X" ? ROCK : FLOOR);
        if (c === "C") capsule(ctx, i, j, cell);
        else if (c === "B") ball(ctx, i, j, cell);
      }
    }
    for (const b of f.beans) if (b.present) bean(ctx, b.row, b.col, cell);
    for (const k of f.kintons) if (k.present) cloud(ctx, k.row, k.col, cell);
    // Kame Hame rays: from the thrower to the first rock.
    for (const a of f.done) {
      if (a.action !== "t") continue;
      const g = f.gokus[a.player];
      const step = STEP[a.dir];
      if (g === undefined || step === undefined) continue;
      let i = g.row;
      let j = g.col;
      while (
        i + step[0] >= 0 &&
        i + step[0] < f.rows &&
        j + step[1] >= 0 &&
        j + step[1] < f.cols &&
        f.grid[i + step[0]]![j + step[1]] !== "X"
      ) {
        i += step[0];
        j += step[1];
      }
      if (i === g.row && j === g.col) continue;
      const x0 = (g.col + 0.5 + step[1] * 0.4) * cell;
      const y0 = (g.row + 0.5 + step[0] * 0.4) * cell;
      const x1 = (j + 0.5 + step[1] * 0.5) * cell;
      const y1 = (i + 0.5 + step[0] * 0.5) * cell;
      ctx.lineCap = "round";
      for (const [width, color] of [
        [0.55, RAY],
        [0.28, "#ffffff"],
        [0.1, playerColor(a.player)],
      ] as const) {
        ctx.beginPath();
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
        ctx.lineWidth = Math.max(1, cell * width);
        ctx.strokeStyle = color;
        ctx.stroke();
      }
      ctx.lineCap = "butt";
    }
    f.gokus.forEach((g, id) => {
      if (!g.alive) return;
      let row = g.row;
      let col = g.col;
      const old = prev?.gokus[id];
      if (old?.alive && Math.abs(old.row - g.row) + Math.abs(old.col - g.col) === 1) {
        row = lerp(old.row, g.row, t);
        col = lerp(old.col, g.col, t);
      }
      const color = playerColor(id);
      if (g.kinton > 0) cloud(ctx, row, col, cell);
      if (fresh(f, g)) disc(ctx, row, col, cell, 1.9, undefined, color, Math.max(1, cell / 14));
      if (g.type.endsWith("with_ball"))
        disc(ctx, row, col, cell, 0.98, undefined, BALL, Math.max(2, cell / 5));
      const size = g.kinton > 0 ? 0.56 : 0.7;
      const lift = g.kinton > 0 ? -0.12 : 0;
      disc(ctx, row + lift, col, cell, size, color, "#000", Math.max(1, cell / 14));
    });
  },
  pieces(f) {
    const gokus = f.gokus.map((g, id) => ({
      key: `goku ${id}`,
      kind: "goku",
      id,
      player: id,
      row: g.row,
      col: g.col,
      stats: [
        ["id", id],
        ["pos", `(${g.row}, ${g.col})`],
        ["type", GOKU_NAMES[g.type] ?? g.type],
        ["balls", g.balls],
        ["strength", g.strength],
        ["kinton", g.kinton],
        ["alive", g.alive ? "yes" : "no"],
        ["time", g.time],
      ] as Array<[string, string | number]>,
      ...(g.alive ? {} : { dead: true, countdown: g.time }),
    }));
    const items = (list: DragonBallItem[], kind: string) =>
      list.map((b, id) => ({
        key: `${kind} ${id}`,
        kind,
        id,
        row: b.row,
        col: b.col,
        stats: [
          ["pos", `(${b.row}, ${b.col})`],
          ["present", b.present ? "yes" : "no"],
          ["time", b.time],
        ] as Array<[string, string | number]>,
      }));
    return [...gokus, ...items(f.beans, "bean"), ...items(f.kintons, "kinton")];
  },
  cellInfo(f, row, col) {
    const c = f.grid[row]?.[col] ?? ".";
    let type = c === "X" ? "Rock" : c === "C" ? "Capsule" : c === "B" ? "Ball" : "Empty";
    if (f.beans.some((b) => b.present && b.row === row && b.col === col)) type = "Bean";
    if (f.kintons.some((k) => k.present && k.row === row && k.col === col)) type = "Kinton";
    const goku = f.gokus.findIndex((g) => g.alive && g.row === row && g.col === col);
    return [
      ["type", type],
      ["id", goku],
    ];
  },
  fromEngine(events, prev, f) {
    return engineEvents(events as readonly DragonBallEvent[], prev, f);
  },
  infer: inferEvents,
  legend: [
    [ROCK, "rock"],
    [CAPSULE, "Hoi Poi capsule"],
    [BALL, "dragon ball (yellow ring: goku carrying one)", "disc"],
    [BEAN, "magic bean", "disc"],
    [CLOUD, "Kinton cloud (under a goku: riding it)", "disc"],
    [playerColor(0), "goku, player colour and number (large thin ring: just came back)", "disc"],
    [RAY, "Kame Hame ray"],
  ],
};

const ITEMS = { bean: "a magic bean", kinton: "a Kinton cloud", ball: "a dragon ball" } as const;

/** The frames before and after the round. */
type Context = { prev: DragonBallFrame; f: DragonBallFrame };

const LINES: EventLines<DragonBallEvent, Context> = {
  kamehame: (e) => ({
    kind: "ray",
    units: [`goku ${e.unit}`],
    player: e.player,
    text: `goku ${e.unit} threw a Kame Hame`,
    at: e.at,
    to: e.to,
  }),
  kill: (e, c) => {
    const g = c.prev.gokus[e.killer.unit];
    return {
      kind: "kill",
      units: [`goku ${e.killer.unit}`, `goku ${e.victim.unit}`],
      player: e.killer.player,
      text: `goku ${e.killer.unit} killed goku ${e.victim.unit}`,
      at: g === undefined ? e.at : [g.row, g.col],
      to: e.at,
    };
  },
  death: (e, c) => {
    const who = e.killer === undefined ? undefined : `goku ${e.killer.unit}`;
    const how =
      e.cause === "kamehame"
        ? ` by ${who === undefined ? "a" : `${who}'s`} Kame Hame`
        : `${who === undefined ? "" : ` by ${who}`} in a fight`;
    return {
      kind: "death",
      units:
        e.killer === undefined ? [`goku ${e.unit}`] : [`goku ${e.killer.unit}`, `goku ${e.unit}`],
      player: e.player,
      text: `goku ${e.unit} was killed${how}; back in ${c.f.gokus[e.unit]?.time ?? "?"} rounds or more`,
      at: e.at,
    };
  },
  pickup: (e) => ({
    kind: "pickup",
    units: [`goku ${e.unit}`],
    player: e.player,
    text: `goku ${e.unit} took ${ITEMS[e.item]}${e.from === undefined ? "" : ` from goku ${e.from}`}`,
    at: e.at,
  }),
  deposit: (e) => ({
    kind: "capture",
    units: [`goku ${e.unit}`],
    player: e.player,
    text: `goku ${e.unit} stored a ball (${e.balls})`,
    at: e.at,
  }),
  respawn: (e) => ({
    kind: "respawn",
    units: [`goku ${e.unit}`],
    player: e.player,
    text: `goku ${e.unit} is back`,
    at: e.at,
  }),
};

/** What the rules reported for the round from `prev` to `f`, as board events; moves from its log. */
function engineEvents(
  events: readonly DragonBallEvent[],
  prev: DragonBallFrame,
  f: DragonBallFrame,
): BoardEvent[] {
  return [...eventLines(events, LINES, { prev, f }), ...moves(prev, f)];
}

/** The moves done (`actions_done`) that took a goku, alive after, to the next cell. */
function moves(prev: DragonBallFrame, f: DragonBallFrame): BoardEvent[] {
  const out: BoardEvent[] = [];
  for (const a of f.done) {
    const g = prev.gokus[a.player];
    const now = f.gokus[a.player];
    const step = STEP[a.dir];
    if (a.action !== "m" || g === undefined || step === undefined) continue;
    const to: [number, number] = [g.row + step[0], g.col + step[1]];
    if (now?.alive && now.row === to[0] && now.col === to[1])
      out.push({
        kind: "move",
        units: [`goku ${a.player}`],
        player: a.player,
        text: `goku ${a.player} moved`,
        at: [g.row, g.col],
        to,
      });
  }
  return out;
}

/**
 * What an original `.res` shows of a round. Its `actions_done` holds the Kame Hame thrown (it
 * comes before any move, so the gokus standing on its ray in the previous state are its victims:
 * sure) and the moves done, but not the order of the moves nor the fights' outcomes. So a goku
 * that died elsewhere died in a fight whose opponent is not in the file. Also sure: a goku back,
 * a ball stored (its count), a ball carried, a bean eaten on its cell.
 */
function inferEvents(prev: DragonBallFrame, f: DragonBallFrame): BoardEvent[] {
  const rays = new Map<number, Array<[number, number]>>();
  const out = thrown(prev, f, rays);
  out.push(...gokuChanges(prev, f, rays));
  return [...out, ...moves(prev, f)];
}

/** The Kame Hame of the round's `actions_done`, its ray (in `rays`, by thrower) in the previous state. */
function thrown(
  prev: DragonBallFrame,
  f: DragonBallFrame,
  rays: Map<number, Array<[number, number]>>,
): BoardEvent[] {
  const out: BoardEvent[] = [];
  for (const a of f.done) {
    const g = prev.gokus[a.player];
    const step = STEP[a.dir];
    if (a.action !== "t" || g === undefined || step === undefined) continue;
    const cells: Array<[number, number]> = [];
    let [i, j] = [g.row + step[0], g.col + step[1]];
    while (i >= 0 && i < f.rows && j >= 0 && j < f.cols && f.grid[i]![j] !== "X") {
      cells.push([i, j]);
      i += step[0];
      j += step[1];
    }
    rays.set(a.player, cells);
    const end = cells[cells.length - 1] ?? [g.row, g.col];
    out.push({
      kind: "ray",
      units: [`goku ${a.player}`],
      player: a.player,
      text: `goku ${a.player} threw a Kame Hame`,
      at: [g.row, g.col],
      to: end,
    });
  }
  return out;
}

/** What the states show of the gokus: deaths (by a ray in `rays` when on it), returns, balls, beans. */
function gokuChanges(
  prev: DragonBallFrame,
  f: DragonBallFrame,
  rays: ReadonlyMap<number, Array<[number, number]>>,
): BoardEvent[] {
  const out: BoardEvent[] = [];
  f.gokus.forEach((g, id) => {
    const old = prev.gokus[id];
    if (old === undefined) return;
    if (old.alive && !g.alive) {
      let thrower = -1;
      for (const [by, cells] of rays)
        if (by !== id && cells.some(([i, j]) => i === old.row && j === old.col)) thrower = by;
      if (thrower >= 0)
        out.push({
          kind: "kill",
          units: [`goku ${thrower}`, `goku ${id}`],
          player: thrower,
          text: `goku ${thrower} killed goku ${id} with its Kame Hame`,
          at: [prev.gokus[thrower]!.row, prev.gokus[thrower]!.col],
          to: [old.row, old.col],
          inferred: true,
        });
      out.push({
        kind: "death",
        units: thrower >= 0 ? [`goku ${thrower}`, `goku ${id}`] : [`goku ${id}`],
        player: id,
        text: `goku ${id} was killed ${thrower >= 0 ? `by goku ${thrower}'s Kame Hame` : "in a fight (the .res does not say by whom)"}; back in ${g.time} rounds or more`,
        at: [old.row, old.col],
        inferred: true,
      });
    } else if (!old.alive && g.alive)
      out.push({
        kind: "respawn",
        units: [`goku ${id}`],
        player: id,
        text: `goku ${id} is back`,
        at: [g.row, g.col],
        inferred: true,
      });
    else if (g.alive) {
      if (g.balls > old.balls)
        out.push({
          kind: "capture",
          units: [`goku ${id}`],
          player: id,
          text: `goku ${id} stored a ball (${g.balls})`,
          at: [g.row, g.col],
          inferred: true,
        });
      if (g.type.endsWith("with_ball") && !old.type.endsWith("with_ball"))
        out.push({
          kind: "pickup",
          units: [`goku ${id}`],
          player: id,
          text: `goku ${id} took a ball`,
          at: [g.row, g.col],
          inferred: true,
        });
      if (
        f.beans.some(
          (b, k) => !b.present && prev.beans[k]?.present && b.row === g.row && b.col === g.col,
        )
      )
        out.push({
          kind: "pickup",
          units: [`goku ${id}`],
          player: id,
          text: `goku ${id} ate a bean`,
          at: [g.row, g.col],
          inferred: true,
        });
    }
  });
  return out;
}
