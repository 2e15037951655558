import type { Match } from "@arena/core";
import { engine, type LighthousesEvent, LighthousesMatch } from "@arena/lighthouses";
import { disc, fillCell, lerp } from "../draw";
import type { BoardEvent, EventLines, GameView, PlayerLine } from "../types";
import { eventLines, playerColor } from "../types";

export interface LighthousesTower {
  x: number;
  y: number;
  /** Owner, −1 when neutral. */
  owner: number;
  energy: number;
}

export interface LighthousesPlayer {
  x: number;
  y: number;
  energy: number;
  score: number;
  /** Lighthouses whose key the player holds. */
  keys: number;
  frozen: boolean;
}

/** One Lighthouses state (after a turn), copied out of the live match. */
export interface LighthousesFrame {
  width: number;
  height: number;
  /** 1 for island cells; index `y * width + x` (y grows upward). */
  island: number[];
  /** Cell energy (0..100), same indexing. */
  energy: number[];
  lighthouses: LighthousesTower[];
  /** Connections between lighthouse indices. */
  connections: Array<[number, number]>;
  /** Closed triangles (lighthouse indices). */
  triangles: Array<[number, number, number]>;
  players: LighthousesPlayer[];
  round: number;
  /** Whose turn is next. */
  turn: number;
  over: boolean;
}

function fromMatch(live: Match): LighthousesFrame {
  if (!(live instanceof LighthousesMatch)) throw new Error("not a Lighthouses match");
  const m = live;
  const L = m.lhX.length;
  return {
    width: m.width,
    height: m.height,
    island: Array.from(m.island),
    energy: Array.from(m.energy),
    lighthouses: Array.from({ length: L }, (_, l) => ({
      x: m.lhX[l]!,
      y: m.lhY[l]!,
      owner: m.lhOwner[l]!,
      energy: m.lhEnergy[l]!,
    })),
    connections: m.connections.map(([a, b]) => [a, b]),
    triangles: m.triangles.map((t) => [t.a, t.b, t.t]),
    players: Array.from({ length: m.numPlayers }, (_, p) => {
      let keys = 0;
      for (let l = 0; l < L; l++) keys += m.keys[p * L + l] === 1 ? 1 : 0;
      return {
        x: m.playerX[p]!,
        y: m.playerY[p]!,
        energy: m.playerEnergy[p]!,
        score: m.playerScore[p]!,
        keys,
        frozen: m.frozen[p] === 1,
      };
    }),
    round: m.round(),
    turn: m.turn,
    over: m.isOver(),
  };
}

const WATER = "#1d4e73";
// Not grey: player 7 is Okabe–Ito grey.
const NEUTRAL = "#f2f2f2";

/** Land shaded by energy: dark olive at 0, pale khaki at 100 (not player 6's yellow). */
function land(energy: number): string {
  const e = Math.max(0, Math.min(100, energy)) / 100;
  const r = Math.round(lerp(92, 222, e));
  const g = Math.round(lerp(110, 212, e));
  const b = Math.round(lerp(70, 160, e));
  return `rgb(${r},${g},${b})`;
}

/** `#rrggbb` with an alpha. */
function alpha(color: string, a: number): string {
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
}

export const lighthouses: GameView<LighthousesFrame> = {
  game: "lighthouses",
  engine,
  fromMatch,
  round: (f) => f.round,
  label: (f) => (f.over ? `Round ${f.round} · over` : `Round ${f.round} · player ${f.turn}`),
  players(f): PlayerLine[] {
    return f.players.map((p, id) => ({
      score: p.score,
      figures: [
        ["energy", p.energy],
        ["lighthouses", f.lighthouses.filter((l) => l.owner === id).length],
        ["keys", p.keys],
      ],
      out: p.frozen,
    }));
  },
  size: (f) => [f.width, f.height],
  draw(ctx, f, prev, t, cell) {
    const top = (y: number) => f.height - 1 - y;
    for (let y = 0; y < f.height; y++) {
      for (let x = 0; x < f.width; x++) {
        const i = y * f.width + x;
        fillCell(ctx, top(y), x, cell, f.island[i] === 1 ? land(f.energy[i]!) : WATER);
      }
    }
    const centre = (l: number): [number, number] => {
      const h = f.lighthouses[l]!;
      return [(h.x + 0.5) * cell, (top(h.y) + 0.5) * cell];
    };
    const ownerColor = (l: number) => {
      const owner = f.lighthouses[l]?.owner ?? -1;
      return owner < 0 ? NEUTRAL : playerColor(owner);
    };
    for (const [a, b, c] of f.triangles) {
      ctx.beginPath();
      for (const [k, l] of [a, b, c].entries()) {
        const [x, y] = centre(l);
        if (k === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
      ctx.fillStyle = alpha(ownerColor(a), 0.3);
      ctx.fill();
    }
    ctx.lineCap = "round";
    for (const [a, b] of f.connections) {
      const [x0, y0] = centre(a);
      const [x1, y1] = centre(b);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.lineWidth = Math.max(2, cell / 6);
      ctx.strokeStyle = "rgba(0,0,0,0.45)";
      ctx.stroke();
      ctx.lineWidth = Math.max(1, cell / 10);
      ctx.strokeStyle = ownerColor(a);
      ctx.stroke();
    }
    ctx.lineCap = "butt";
    f.lighthouses.forEach((h, l) => {
      const row = top(h.y);
      const x = h.x * cell;
      const y = row * cell;
      // A tower: a tapered body under a lamp disc in the owner's colour.
      ctx.beginPath();
      ctx.moveTo(x + cell * 0.3, y + cell * 0.95);
      ctx.lineTo(x + cell * 0.7, y + cell * 0.95);
      ctx.lineTo(x + cell * 0.6, y + cell * 0.35);
      ctx.lineTo(x + cell * 0.4, y + cell * 0.35);
      ctx.closePath();
      ctx.fillStyle = "#f5f5f5";
      ctx.fill();
      ctx.lineWidth = Math.max(1, cell / 16);
      ctx.strokeStyle = "#222";
      ctx.stroke();
      disc(ctx, row - 0.2, h.x, cell, 0.5, ownerColor(l), "#222", Math.max(1, cell / 16));
    });
    // Players: markers, offset when several share a cell.
    const at = new Map<string, number[]>();
    f.players.forEach((p, id) => {
      const key = `${p.x},${p.y}`;
      const list = at.get(key) ?? [];
      list.push(id);
      at.set(key, list);
    });
    f.players.forEach((p, id) => {
      let x = p.x;
      let y = p.y;
      const old = prev?.players[id];
      if (old && Math.max(Math.abs(old.x - p.x), Math.abs(old.y - p.y)) === 1) {
        x = lerp(old.x, p.x, t);
        y = lerp(old.y, p.y, t);
      }
      const group = at.get(`${p.x},${p.y}`)!;
      let dx = 0;
      let dy = 0;
      if (group.length > 1) {
        const angle = (2 * Math.PI * group.indexOf(id)) / group.length - Math.PI / 2;
        dx = 0.22 * Math.cos(angle);
        dy = 0.22 * Math.sin(angle);
      }
      const size = group.length > 1 ? 0.42 : 0.56;
      const cx = (x + 0.5 + dx) * cell;
      const cy = (top(y) + 0.5 + dy) * cell;
      const r = (cell * size) / 2;
      ctx.beginPath();
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
      ctx.fillStyle = playerColor(id);
      ctx.fill();
      ctx.lineWidth = Math.max(1, cell / 14);
      ctx.strokeStyle = p.frozen ? "#000" : "#fff";
      ctx.stroke();
    });
    // Lighthouse energies last, at the top of their cell: a player standing on a lighthouse does
    // not hide it.
    if (cell >= 22)
      for (const h of f.lighthouses) {
        if (h.energy <= 0) continue;
        const x = (h.x + 0.5) * cell;
        const y = (top(h.y) + 0.16) * cell;
        ctx.font = `bold ${Math.max(8, Math.floor(cell * 0.3))}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.lineJoin = "round";
        ctx.lineWidth = Math.max(2, cell / 9);
        ctx.strokeStyle = "#fff";
        const text = String(Math.round(h.energy));
        ctx.strokeText(text, x, y);
        ctx.fillStyle = "#000";
        ctx.fillText(text, x, y);
      }
  },
  pieces(f) {
    const top = (y: number) => f.height - 1 - y;
    const players = f.players.map((p, id) => ({
      key: `player ${id}`,
      kind: "player",
      id,
      player: id,
      row: top(p.y),
      col: p.x,
      stats: [
        ["player", id],
        ["position", `(${p.x}, ${p.y})`],
        ["energy", p.energy],
        ["score", p.score],
        ["keys", p.keys],
        ["frozen", p.frozen ? "yes" : "no"],
      ] as Array<[string, string | number]>,
    }));
    const towers = f.lighthouses.map((h, l) => ({
      key: `lighthouse ${l}`,
      kind: "lighthouse",
      id: l,
      ...(h.owner >= 0 ? { player: h.owner } : {}),
      row: top(h.y),
      col: h.x,
      stats: [
        ["lighthouse", l],
        ["position", `(${h.x}, ${h.y})`],
        ["owner", h.owner < 0 ? "none" : h.owner],
        ["energy", h.energy],
        [
          "connections",
          f.connections
            .filter(([a, b]) => a === l || b === l)
            .map(([a, b]) => (a === l ? b : a))
            .join(" ") || "none",
        ],
      ] as Array<[string, string | number]>,
    }));
    return [...towers, ...players];
  },
  displayCell: (f, [x, y]) => [f.height - 1 - y, x],
  cellInfo(f, row, col) {
    const y = f.height - 1 - row;
    const i = y * f.width + col;
    return [
      ["position", `(${col}, ${y})`],
      ["island", f.island[i] === 1 ? "yes" : "no"],
      ["energy", f.energy[i] ?? 0],
    ];
  },
  fromEngine(events, prev, f) {
    return engineEvents(events as readonly LighthousesEvent[], prev, f);
  },
  legend: [
    [WATER, "water"],
    [land(0), "island, no energy"],
    [land(100), "island, energy 100"],
    [NEUTRAL, "neutral lighthouse (owned: owner colour, energy shown)", "disc"],
    [playerColor(0), "player (colour and number)", "diamond"],
    [playerColor(0), "connection, lit triangle: owner colour"],
  ],
};

/** The frame after the turn (for its height: positions are drawn upside down). */
type Context = LighthousesFrame;

const cellOf = (f: Context, [x, y]: [number, number]): [number, number] => [f.height - 1 - y, x];
const owned = (o: number) => (o < 0 ? "a neutral" : `player ${o}'s`);
const lighthouseKeys = (player: number, lighthouses: number[]) => [
  `player ${player}`,
  ...lighthouses.map((l) => `lighthouse ${l}`),
];

const LINES: EventLines<LighthousesEvent, Context> = {
  attack: (e, f) => ({
    kind: "attack",
    units: lighthouseKeys(e.player, [e.lighthouse]),
    player: e.player,
    text:
      e.owner === e.player
        ? `player ${e.player} recharged lighthouse ${e.lighthouse} with ${e.energy}`
        : `player ${e.player} attacked ${owned(e.owner)} lighthouse ${e.lighthouse} with ${e.energy}`,
    at: cellOf(f, e.at),
  }),
  neutralise: (e, f) => ({
    kind: "attack",
    units:
      e.player === undefined
        ? [`lighthouse ${e.lighthouse}`]
        : lighthouseKeys(e.player, [e.lighthouse]),
    ...(e.player === undefined ? {} : { player: e.player }),
    text:
      e.cause === "decay"
        ? `lighthouse ${e.lighthouse} of player ${e.owner} ran out of energy: neutral`
        : `player ${e.player} neutralised lighthouse ${e.lighthouse} of player ${e.owner}`,
    at: cellOf(f, e.at),
  }),
  capture: (e, f) => ({
    kind: "capture",
    units: lighthouseKeys(e.player, [e.lighthouse]),
    player: e.player,
    text: `player ${e.player} took lighthouse ${e.lighthouse} (energy ${e.energy})`,
    at: cellOf(f, e.at),
  }),
  connect: (e, f) => ({
    kind: "capture",
    units: lighthouseKeys(e.player, e.lighthouses),
    player: e.player,
    text: `player ${e.player} connected lighthouses ${e.lighthouses[0]} and ${e.lighthouses[1]}`,
    at: cellOf(f, e.at),
    to: cellOf(f, e.to),
  }),
  triangle: (e, f) => {
    const h = f.lighthouses[e.lighthouses[0]];
    return {
      kind: "capture",
      units: lighthouseKeys(e.player, e.lighthouses),
      player: e.player,
      text: `player ${e.player} closed a triangle of ${e.cells} cells (lighthouses ${e.lighthouses.join(", ")})`,
      at: h === undefined ? [0, 0] : cellOf(f, [h.x, h.y]),
    };
  },
  key: (e, f) => ({
    kind: "pickup",
    units: lighthouseKeys(e.player, [e.lighthouse]),
    player: e.player,
    text: `player ${e.player} got the key of lighthouse ${e.lighthouse}`,
    at: cellOf(f, e.at),
  }),
};

/** What the rules reported in the turn from `prev` to `f`, as board events; the mover's move. */
function engineEvents(
  events: readonly LighthousesEvent[],
  prev: LighthousesFrame,
  f: LighthousesFrame,
): BoardEvent[] {
  const out: BoardEvent[] = [];
  f.players.forEach((p, id) => {
    const old = prev.players[id];
    if (old !== undefined && (old.x !== p.x || old.y !== p.y))
      out.push({
        kind: "move",
        units: [`player ${id}`],
        player: id,
        text: `player ${id} moved to (${p.x}, ${p.y})`,
        at: cellOf(f, [old.x, old.y]),
        to: cellOf(f, [p.x, p.y]),
      });
  });
  return [...out, ...eventLines(events, LINES, f)];
}
