import {
  ArenaError,
  EventLog,
  type Json,
  type Match,
  type OrderCollector,
  OrderFeedback,
  type OrderList,
  type RejectionReason,
} from "@arena/core";
import { checkConfig, type LighthousesConfig, type ParsedMap, readMap } from "./config";
import type { LighthousesEvent } from "./events";
import { onSegment, segmentsCross, triangleCells } from "./geometry";
import { pythonRepr } from "./python-repr";
import type { CommandResult, LighthousesOrder } from "./types";
import { LighthousesActions, LighthousesView } from "./view";

/** Energy radius parameter: a lighthouse gives floor(5 − d) to cells at distance d < 5. */
export const ENERGY_RADIUS = 5;
/** View radius ("horizon"): the turn view covers cells at distance ≤ 3. */
export const HORIZON = 3;
/** Energy a lighthouse loses every round. */
export const DECAY = 10;
/** Maximum energy of a cell. */
export const CELL_CAP = 100;

/** Gain by offset (dx, dy) in [−4, 4]²: 5 − ⌈√(dx²+dy²)⌉ clamped at 0 (= floor(5 − d) when > 0). */
const GAIN = (() => {
  const table = new Int32Array(81);
  for (let dy = -4; dy <= 4; dy++) {
    for (let dx = -4; dx <= 4; dx++) {
      const g = Math.floor(ENERGY_RADIUS - Math.sqrt(dx * dx + dy * dy));
      table[(dy + 4) * 9 + dx + 4] = Math.max(g, 0);
    }
  }
  return table;
})();

/** A triangle: origin, destination and third lighthouse (indices), and its scored land cells. */
export interface Triangle {
  a: number;
  b: number;
  t: number;
  cells: number;
}

/** Called after each start-of-round phase ("pre") and each scoring ("post"); for tests and tools. */
export type PhaseObserver = (phase: "pre" | "post", round: number, match: LighthousesMatch) => void;

const OK: CommandResult = { success: true };
const fail = (message: string): CommandResult => ({ success: false, message });

/** Python's `x == k` for a JSON value and a small integer k (booleans are integers there). */
const pyEquals = (value: unknown, k: number): boolean =>
  (typeof value === "number" && value === k) ||
  (typeof value === "boolean" && (value ? 1 : 0) === k);

/** The value of a JSON number or boolean as Python would use it in arithmetic. */
const pyNumber = (value: unknown): number =>
  typeof value === "boolean" ? (value ? 1 : 0) : (value as number);

/**
 * A Lighthouses match. One step is one player's turn (player 0, 1, … n−1 each round). The
 * start-of-round phase of round r (growth, collection and keys, decay) is applied as soon as
 * round r − 1 is scored (at creation for round 0), so that the first turn's view shows it.
 */
export class LighthousesMatch
  implements Match<LighthousesOrder, LighthousesView, LighthousesActions>
{
  readonly numPlayers: number;
  readonly config: LighthousesConfig;
  readonly width: number;
  readonly height: number;
  /** 1 for island cells; index `y * width + x`. */
  readonly island: Uint8Array;
  /** Lighthouse coordinates in scan order. */
  readonly lhX: Int32Array;
  readonly lhY: Int32Array;
  /** Lighthouse index at each cell, or −1. */
  readonly lhAt: Int32Array;
  readonly numLighthouses: number;

  /** Cell energy, index `y * width + x` (0 on water). */
  energy: Int32Array;
  /** Lighthouse owner (−1 neutral) and energy. */
  lhOwner: Int32Array;
  lhEnergy: Float64Array;
  /** Adjacency matrix of connections (L × L). */
  conn: Uint8Array;
  /** Each lighthouse's connections (other ends), in the order they were made. */
  lhConnections: number[][];
  /** Connections as (origin, destination), in the order they were made. */
  connections: Array<[number, number]>;
  /** Triangles in the order they were closed. */
  triangles: Triangle[];
  playerX: Int32Array;
  playerY: Int32Array;
  playerEnergy: Float64Array;
  playerScore: Float64Array;
  /** Keys: `keys[p * L + l]` = 1 when player p holds lighthouse l's key. */
  keys: Uint8Array;
  frozen: Uint8Array;
  /** Result of each player's last command. */
  results: CommandResult[];
  /** The failed commands, as rejections (a failed command counts as a pass), and what views show. */
  readonly feedback = new OrderFeedback();
  /** What the rules did in the current step. */
  private readonly log = new EventLog<LighthousesEvent>();
  private roundNumber = 0;
  /** Whose turn it is in the current round. */
  turn = 0;
  /** Called after each phase, when set. */
  observer: PhaseObserver | undefined;
  private readonly views: LighthousesView[];
  private readonly movers: number[][];

  constructor(
    config: LighthousesConfig,
    numPlayers: number,
    options: { observer?: PhaseObserver; fresh?: boolean } = {},
  ) {
    this.config = config;
    const map: ParsedMap = readMap(config.map, "config");
    if (numPlayers < 1)
      throw new ArenaError("BAD_PLAYERS", `Lighthouses needs at least 1 player, got ${numPlayers}`);
    if (map.starts.length < numPlayers) {
      throw new ArenaError(
        "BAD_PLAYERS",
        `the map has ${map.starts.length} start positions, fewer than the ${numPlayers} players`,
      );
    }
    this.numPlayers = numPlayers;
    this.width = map.width;
    this.height = map.height;
    this.island = map.island;
    const L = map.lighthouses.length;
    this.numLighthouses = L;
    this.lhX = Int32Array.from(map.lighthouses, (p) => p[0]);
    this.lhY = Int32Array.from(map.lighthouses, (p) => p[1]);
    this.lhAt = new Int32Array(this.width * this.height).fill(-1);
    for (let l = 0; l < L; l++) this.lhAt[this.lhY[l]! * this.width + this.lhX[l]!] = l;
    this.energy = new Int32Array(this.width * this.height);
    this.lhOwner = new Int32Array(L).fill(-1);
    this.lhEnergy = new Float64Array(L);
    this.conn = new Uint8Array(L * L);
    this.lhConnections = Array.from({ length: L }, () => []);
    this.connections = [];
    this.triangles = [];
    this.playerX = Int32Array.from(map.starts.slice(0, numPlayers), (p) => p[0]);
    this.playerY = Int32Array.from(map.starts.slice(0, numPlayers), (p) => p[1]);
    this.playerEnergy = new Float64Array(numPlayers);
    this.playerScore = new Float64Array(numPlayers);
    this.keys = new Uint8Array(numPlayers * L);
    this.frozen = new Uint8Array(numPlayers);
    this.results = Array.from({ length: numPlayers }, () => OK);
    this.observer = options.observer;
    this.views = Array.from({ length: numPlayers }, (_, p) => new LighthousesView(this, p));
    this.movers = Array.from({ length: numPlayers }, (_, p) => [p]);
    if (options.fresh !== false) {
      this.startRound();
      // Round 0's start is before any step: its events (none on the original maps) are not told.
      this.log.begin();
    }
  }

  /**
   * What the rules did in the last step (see `LighthousesEvent`): the player's command, and after
   * the round's last turn the next round's start (new keys, lighthouses neutralised by decay).
   */
  events(): readonly LighthousesEvent[] {
    return this.log.list();
  }

  /** Total number of rounds of this match. */
  get rounds(): number {
    return this.config.rounds;
  }

  round(): number {
    return this.roundNumber;
  }

  isOver(): boolean {
    return this.roundNumber >= this.config.rounds;
  }

  toMove(): readonly number[] {
    return this.isOver() ? [] : this.movers[this.turn]!;
  }

  view(player: number): LighthousesView {
    return this.views[player]!;
  }

  actions(player: number, collector: OrderCollector<LighthousesOrder>): LighthousesActions {
    return new LighthousesActions(player, collector);
  }

  orderKey(): number {
    return 0;
  }

  freeze(player: number): void {
    this.frozen[player] = 1;
  }

  scores(): number[] {
    return Array.from(this.playerScore);
  }

  /** Whether `player` holds the key of lighthouse `l`. */
  hasKey(player: number, l: number): boolean {
    return this.keys[player * this.numLighthouses + l] === 1;
  }

  /** Energy of cell (x, y): 0 off the map and on water. */
  cellEnergy(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    return this.energy[y * this.width + x]!;
  }

  /** Lighthouse index at (x, y), or −1. */
  lighthouseAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return this.lhAt[y * this.width + x]!;
  }

  /** Resolves the current player's turn; after the last player, scores the round and starts the next. */
  step(orders: ReadonlyArray<OrderList<LighthousesOrder>>): void {
    if (this.isOver()) throw new ArenaError("GAME_OVER", "the match is over");
    const player = this.turn;
    const order = orders[player]?.[0];
    this.feedback.begin();
    this.log.begin();
    const result = this.frozen[player] || order === undefined ? OK : this.apply(player, order);
    this.results[player] = result;
    if (!result.success) {
      this.feedback.reject(player, 0, rejectionReason(result.message ?? ""), result.message ?? "");
    }
    this.turn++;
    if (this.turn === this.numPlayers) {
      this.score();
      this.observer?.("post", this.roundNumber, this);
      this.turn = 0;
      this.roundNumber++;
      if (!this.isOver()) this.startRound();
    }
  }

  /** The start-of-round phase: energy growth, collection and keys, decay. */
  private startRound(): void {
    const { width, height, island, energy } = this;
    const L = this.numLighthouses;
    // 1. Growth: each lighthouse adds to cells within 4 (cap 100 after each addition).
    for (let l = 0; l < L; l++) {
      const lx = this.lhX[l]!;
      const ly = this.lhY[l]!;
      for (let dy = -4; dy <= 4; dy++) {
        const y = ly + dy;
        if (y < 0 || y >= height) continue;
        for (let dx = -4; dx <= 4; dx++) {
          const x = lx + dx;
          if (x < 0 || x >= width) continue;
          const gain = GAIN[(dy + 4) * 9 + dx + 4]!;
          if (gain === 0) continue;
          const i = y * width + x;
          if (island[i] === 0) continue;
          const e = energy[i]! + gain;
          energy[i] = Math.min(e, CELL_CAP);
        }
      }
    }
    // 2. Keys for players on lighthouses, then each occupied cell's energy split floor(E / k).
    const n = this.numPlayers;
    for (let p = 0; p < n; p++) {
      const l = this.lhAt[this.playerY[p]! * width + this.playerX[p]!]!;
      if (l >= 0) {
        const had = this.keys[p * L + l] === 1;
        if (this.config.singleKey) this.keys.fill(0, p * L, p * L + L);
        this.keys[p * L + l] = 1;
        if (!had) this.log.add({ type: "key", player: p, lighthouse: l, at: this.lhPos(l) });
      }
    }
    for (let p = 0; p < n; p++) {
      const i = this.playerY[p]! * width + this.playerX[p]!;
      // Only the first player on a cell (in player order) does the split for the cell.
      let first = true;
      let k = 0;
      for (let q = 0; q < n; q++) {
        if (this.playerY[q]! * width + this.playerX[q]! === i) {
          if (q < p) first = false;
          k++;
        }
      }
      if (!first) continue;
      const share = Math.floor(energy[i]! / k);
      for (let q = p; q < n; q++) {
        if (this.playerY[q]! * width + this.playerX[q]! === i) this.playerEnergy[q]! += share;
      }
      energy[i] = 0;
    }
    // 3. Decay: every lighthouse loses 10; at ≤ 0 it is neutral with its connections and triangles gone.
    for (let l = 0; l < L; l++) {
      const e = this.lhEnergy[l]! - DECAY;
      if (e <= 0) {
        this.lhEnergy[l] = 0;
        const owner = this.lhOwner[l]!;
        if (owner >= 0)
          this.log.add({
            type: "neutralise",
            lighthouse: l,
            at: this.lhPos(l),
            owner,
            cause: "decay",
          });
        this.neutralise(l);
      } else {
        this.lhEnergy[l] = e;
      }
    }
    this.observer?.("pre", this.roundNumber, this);
  }

  /** Lighthouse `l`'s position `[x, y]`. */
  private lhPos(l: number): [number, number] {
    return [this.lhX[l]!, this.lhY[l]!];
  }

  /** Makes lighthouse `l` neutral at energy 0 and removes its connections and triangles. */
  private neutralise(l: number): void {
    this.lhOwner[l] = -1;
    this.lhEnergy[l] = 0;
    const L = this.numLighthouses;
    const ends = this.lhConnections[l]!;
    if (ends.length === 0) return;
    for (const other of ends) {
      this.conn[l * L + other] = 0;
      this.conn[other * L + l] = 0;
      const list = this.lhConnections[other]!;
      list.splice(list.indexOf(l), 1);
    }
    this.lhConnections[l] = [];
    this.connections = this.connections.filter(([a, b]) => a !== l && b !== l);
    this.triangles = this.triangles.filter((t) => t.a !== l && t.b !== l && t.t !== l);
  }

  /** End-of-round scoring: 2 per owned lighthouse, 2 per connection, cells per triangle. */
  private score(): void {
    const L = this.numLighthouses;
    for (let l = 0; l < L; l++) {
      const owner = this.lhOwner[l]!;
      if (owner >= 0) this.playerScore[owner]! += 2;
    }
    for (const [a] of this.connections) this.playerScore[this.lhOwner[a]!]! += 2;
    for (const t of this.triangles) this.playerScore[this.lhOwner[t.a]!]! += t.cells;
  }

  /** Applies one command with the original's checks, in its order; an error counts as a pass. */
  private apply(player: number, order: LighthousesOrder): CommandResult {
    const command = order.command;
    if (command === "pass") return OK;
    if (command === "move") return this.move(player, order);
    if (command === "attack") return this.attack(player, order);
    if (command === "connect") return this.connect(player, order);
    return fail(`Invalid command ${pythonRepr(command)}`);
  }

  private move(player: number, order: LighthousesOrder): CommandResult {
    if (!("x" in order) || !("y" in order)) return fail("Move command requires x, y");
    const { x, y } = order;
    const unit = (v: unknown) => pyEquals(v, -1) || pyEquals(v, 0) || pyEquals(v, 1);
    if (!unit(x) || !unit(y)) return fail("Delta must be 1 cell away");
    const nx = this.playerX[player]! + pyNumber(x);
    const ny = this.playerY[player]! + pyNumber(y);
    if (this.island[ny * this.width + nx] !== 1) return fail("Target pos is not in island");
    this.playerX[player] = nx;
    this.playerY[player] = ny;
    return OK;
  }

  private attack(player: number, order: LighthousesOrder): CommandResult {
    const value = order.energy;
    if (
      !("energy" in order) ||
      !((typeof value === "number" && Number.isInteger(value)) || typeof value === "boolean")
    ) {
      return fail("Attack command requires integer energy");
    }
    const l = this.lhAt[this.playerY[player]! * this.width + this.playerX[player]!]!;
    if (l < 0) return fail("Player must be located at target lighthouse");
    let amount = pyNumber(value);
    if (amount < 0) return fail("Strength must be positive");
    if (amount > this.playerEnergy[player]!) amount = this.playerEnergy[player]!;
    this.playerEnergy[player]! -= amount;
    const owner = this.lhOwner[l]!;
    const at = this.lhPos(l);
    this.log.add({ type: "attack", player, lighthouse: l, at, energy: amount, owner });
    if (owner !== player && owner !== -1) {
      const taken = Math.min(this.lhEnergy[l]!, amount);
      this.lhEnergy[l]! -= taken;
      amount -= taken;
      if (this.lhEnergy[l] === 0) {
        this.log.add({ type: "neutralise", lighthouse: l, at, owner, cause: "attack", player });
        this.neutralise(l);
      }
    }
    if (amount > 0) {
      const capture = this.lhOwner[l] !== player;
      this.lhOwner[l] = player;
      this.lhEnergy[l]! += amount;
      if (capture)
        this.log.add({ type: "capture", player, lighthouse: l, at, energy: this.lhEnergy[l]! });
    }
    return OK;
  }

  private connect(player: number, order: LighthousesOrder): CommandResult {
    if (!("destination" in order)) return fail("Connect command requires destination");
    const destination = order.destination;
    // The original turns it into a tuple, which must be hashable: a list of scalars, a string or
    // an object (its keys); a number, null or a list holding lists or objects is not.
    const hashable = (v: unknown) => v === null || typeof v !== "object";
    const isPair =
      typeof destination === "string" ||
      (typeof destination === "object" &&
        destination !== null &&
        (!Array.isArray(destination) || destination.every(hashable)));
    if (!isPair) return fail("Destination must be a coordinate pair");
    const L = this.numLighthouses;
    const width = this.width;
    const origin = this.lhAt[this.playerY[player]! * width + this.playerX[player]!]!;
    if (origin < 0) return fail("Player must be located at the origin lighthouse");
    let target = -1;
    if (Array.isArray(destination) && destination.length === 2) {
      const [dx, dy] = destination;
      if (
        (typeof dx === "number" || typeof dx === "boolean") &&
        (typeof dy === "number" || typeof dy === "boolean")
      ) {
        const tx = pyNumber(dx);
        const ty = pyNumber(dy);
        if (Number.isInteger(tx) && Number.isInteger(ty)) target = this.lighthouseAt(tx, ty);
      }
    }
    if (target < 0) return fail("Destination must be an existing lighthouse");
    if (this.lhOwner[origin] !== player || this.lhOwner[target] !== player)
      return fail("Both lighthouses must be player-owned");
    if (this.keys[player * L + target] !== 1)
      return fail("Player does not have the destination key");
    if (origin === target) return fail("Cannot connect lighthouse to itself");
    if (this.conn[origin * L + target] === 1) return fail("Connection already exists");
    const ax = this.lhX[origin]!;
    const ay = this.lhY[origin]!;
    const bx = this.lhX[target]!;
    const by = this.lhY[target]!;
    for (let l = 0; l < L; l++) {
      if (l === origin || l === target) continue;
      if (onSegment(ax, ay, bx, by, this.lhX[l]!, this.lhY[l]!))
        return fail("Connection cannot intersect a lighthouse");
    }
    for (const [c, d] of this.connections) {
      if (segmentsCross(ax, ay, bx, by, this.lhX[c]!, this.lhY[c]!, this.lhX[d]!, this.lhY[d]!)) {
        return fail("Connection cannot intersect another connection");
      }
    }
    this.keys[player * L + target] = 0;
    this.log.add({
      type: "connect",
      player,
      lighthouses: [origin, target],
      at: this.lhPos(origin),
      to: this.lhPos(target),
    });
    // Triangles closed by this connection: every T connected to the origin and to the destination.
    for (const t of this.lhConnections[origin]!) {
      if (this.conn[t * L + target] === 1) {
        const cells = this.countCells(origin, target, t);
        this.triangles.push({ a: origin, b: target, t, cells });
        this.log.add({ type: "triangle", player, lighthouses: [origin, target, t], cells });
      }
    }
    this.conn[origin * L + target] = 1;
    this.conn[target * L + origin] = 1;
    this.lhConnections[origin]!.push(target);
    this.lhConnections[target]!.push(origin);
    this.connections.push([origin, target]);
    return OK;
  }

  /** Land cells inside triangle (a, b, c) under the top-left rule. */
  countCells(a: number, b: number, c: number): number {
    let cells = 0;
    const { width, height, island } = this;
    triangleCells(
      this.lhX[a]!,
      this.lhY[a]!,
      this.lhX[b]!,
      this.lhY[b]!,
      this.lhX[c]!,
      this.lhY[c]!,
      (x, y) => {
        if (x >= 0 && y >= 0 && x < width && y < height && island[y * width + x] === 1) cells++;
      },
    );
    return cells;
  }

  /** The 7×7 energy view around `player`: row 0 is the southern row, −1 outside radius 3. */
  energyView(player: number): number[][] {
    const px = this.playerX[player]!;
    const py = this.playerY[player]!;
    const rows: number[][] = [];
    for (let j = -HORIZON; j <= HORIZON; j++) {
      const row: number[] = [];
      for (let i = -HORIZON; i <= HORIZON; i++) {
        row.push(i * i + j * j > HORIZON * HORIZON ? -1 : this.cellEnergy(px + i, py + j));
      }
      rows.push(row);
    }
    return rows;
  }

  /** The original's start message for `player` (player_num, player_count, position, map, lighthouses). */
  startMessage(player: number): Json {
    const map: number[][] = [];
    for (let y = 0; y < this.height; y++) {
      map.push(Array.from(this.island.subarray(y * this.width, (y + 1) * this.width)));
    }
    return {
      player_num: player,
      player_count: this.numPlayers,
      position: [this.playerX[player]!, this.playerY[player]!],
      map,
      lighthouses: Array.from({ length: this.numLighthouses }, (_, l) => [
        this.lhX[l]!,
        this.lhY[l]!,
      ]),
    };
  }

  /** `owner` of lighthouse `l` as messages and views show it (the configured neutral owner). */
  ownerShown(l: number): number | null {
    const owner = this.lhOwner[l]!;
    return owner < 0 ? this.config.neutralOwner : owner;
  }

  /**
   * The original's turn message for `player`. A neutral lighthouse's `owner` is `null`, as the
   * original sends it, or −1 with the `neutralOwner: -1` option.
   */
  turnMessage(player: number): Json {
    const L = this.numLighthouses;
    const lighthouses: Json[] = [];
    for (let l = 0; l < L; l++) {
      lighthouses.push({
        position: [this.lhX[l]!, this.lhY[l]!],
        owner: this.ownerShown(l),
        energy: this.lhEnergy[l]!,
        connections: this.lhConnections[l]!.map((o) => [this.lhX[o]!, this.lhY[o]!]),
        have_key: this.keys[player * L + l] === 1,
      });
    }
    return {
      position: [this.playerX[player]!, this.playerY[player]!],
      score: this.playerScore[player]!,
      energy: this.playerEnergy[player]!,
      view: this.energyView(player),
      lighthouses,
    };
  }

  /** The original's result message for `player`'s last command. */
  resultMessage(player: number): Json {
    const result = this.results[player]!;
    return result.success ? { success: true } : { success: false, message: result.message ?? "" };
  }

  viewJson(player: number): Json {
    return this.turnMessage(player);
  }

  snapshot(): Json {
    return {
      config: this.config,
      numPlayers: this.numPlayers,
      round: this.roundNumber,
      turn: this.turn,
      energy: Array.from(this.energy),
      lhOwner: Array.from(this.lhOwner),
      lhEnergy: Array.from(this.lhEnergy),
      lhConnections: this.lhConnections.map((list) => [...list]),
      connections: this.connections.map(([a, b]) => [a, b]),
      triangles: this.triangles.map((t) => [t.a, t.b, t.t, t.cells]),
      playerX: Array.from(this.playerX),
      playerY: Array.from(this.playerY),
      playerEnergy: Array.from(this.playerEnergy),
      playerScore: Array.from(this.playerScore),
      keys: Array.from(this.keys),
      frozen: Array.from(this.frozen),
      results: this.results.map((r) => (r.success ? true : (r.message ?? ""))),
    };
  }

  /** Rebuilds a match from `snapshot()`. */
  static restore(value: Json): LighthousesMatch {
    const s = value as Record<string, Json>;
    if (typeof s !== "object" || s === null || Array.isArray(s))
      throw new ArenaError("BAD_SNAPSHOT", "snapshot must be an object");
    const config = checkConfig(s.config, "snapshot");
    const match = new LighthousesMatch(config, s.numPlayers as number, { fresh: false });
    match.roundNumber = s.round as number;
    match.turn = s.turn as number;
    match.energy = Int32Array.from(s.energy as number[]);
    match.lhOwner = Int32Array.from(s.lhOwner as number[]);
    match.lhEnergy = Float64Array.from(s.lhEnergy as number[]);
    match.lhConnections = (s.lhConnections as number[][]).map((list) => [...list]);
    const L = match.numLighthouses;
    match.lhConnections.forEach((list, l) => {
      for (const o of list) match.conn[l * L + o] = 1;
    });
    match.connections = (s.connections as number[][]).map(([a, b]) => [a!, b!]);
    match.triangles = (s.triangles as number[][]).map(([a, b, t, cells]) => ({
      a: a!,
      b: b!,
      t: t!,
      cells: cells!,
    }));
    match.playerX = Int32Array.from(s.playerX as number[]);
    match.playerY = Int32Array.from(s.playerY as number[]);
    match.playerEnergy = Float64Array.from(s.playerEnergy as number[]);
    match.playerScore = Float64Array.from(s.playerScore as number[]);
    match.keys = Uint8Array.from(s.keys as number[]);
    match.frozen = Uint8Array.from(s.frozen as number[]);
    match.results = (s.results as Array<true | string>).map((r) => (r === true ? OK : fail(r)));
    return match;
  }

  digest(): number {
    let h = 0x811c9dc5;
    const mix = (v: number): void => {
      // Values may exceed 32 bits (energies and scores have no maximum): hash both halves.
      const low = v | 0;
      const high = Math.floor(v / 4294967296) | 0;
      for (const word of [low, high]) {
        h = Math.imul(h ^ (word & 0xff), 0x01000193);
        h = Math.imul(h ^ ((word >>> 8) & 0xff), 0x01000193);
        h = Math.imul(h ^ ((word >>> 16) & 0xff), 0x01000193);
        h = Math.imul(h ^ (word >>> 24), 0x01000193);
      }
    };
    mix(this.roundNumber);
    mix(this.turn);
    for (let i = 0; i < this.energy.length; i++) mix(this.energy[i]!);
    for (let l = 0; l < this.numLighthouses; l++) {
      mix(this.lhOwner[l]!);
      mix(this.lhEnergy[l]!);
      const list = this.lhConnections[l]!;
      mix(list.length);
      for (const o of list) mix(o);
    }
    for (const [a, b] of this.connections) {
      mix(a);
      mix(b);
    }
    for (const t of this.triangles) {
      mix(t.a);
      mix(t.b);
      mix(t.t);
      mix(t.cells);
    }
    for (let p = 0; p < this.numPlayers; p++) {
      mix(this.playerX[p]!);
      mix(this.playerY[p]!);
      mix(this.playerEnergy[p]!);
      mix(this.playerScore[p]!);
      mix(this.frozen[p]!);
      const r = this.results[p]!;
      mix(r.success ? 1 : 0);
    }
    for (let i = 0; i < this.keys.length; i++) mix(this.keys[i]!);
    return h >>> 0;
  }
}

/** The rejection reason of a failed command, from the original's error message. */
function rejectionReason(message: string): RejectionReason {
  if (/key/.test(message)) return "wrong-key";
  if (/^Invalid command|requires|must be a coordinate pair/.test(message)) return "malformed";
  return "illegal-move";
}
