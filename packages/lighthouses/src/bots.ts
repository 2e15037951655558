import type { Bot } from "@arena/core";
import { onSegment, segmentsCross } from "./geometry";
import type { LighthouseInfo } from "./types";
import type { LighthousesActions, LighthousesView } from "./view";

/** A bot that never acts (every turn is a pass). */
export class NullBot implements Bot<LighthousesView, LighthousesActions> {
  play(): void {}
}

const NEIGHBOURS: ReadonlyArray<readonly [number, number]> = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];

/**
 * A greedy bot written for this package: harvests the richest cells nearby, walks (by
 * breadth-first distance) to the nearest lighthouse it can capture or whose key it needs,
 * captures with all its energy, recharges its weak lighthouses, and connects whenever it holds a
 * key, preferring connections that close triangles. It sees only what the protocol shows.
 */
export class DemoBot implements Bot<LighthousesView, LighthousesActions> {
  private width = 0;
  private height = 0;
  private island: Uint8Array = new Uint8Array(0);
  /** Breadth-first distance (8 neighbours, over the island) from each lighthouse to each cell. */
  private distance: Int32Array[] = [];
  private lighthouseIndex = new Map<number, number>();

  setup(view: LighthousesView): void {
    this.init(view);
  }

  private init(view: LighthousesView): void {
    const { width, height } = view;
    this.width = width;
    this.height = height;
    this.island = new Uint8Array(width * height);
    const map = view.map;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) this.island[y * width + x] = map[y]![x]!;
    const lighthouses = view.lighthouses;
    this.distance = lighthouses.map((lh) => this.bfs(lh.position[0], lh.position[1]));
    for (const [l, lh] of lighthouses.entries()) {
      this.lighthouseIndex.set(lh.position[1] * width + lh.position[0], l);
    }
  }

  private bfs(sx: number, sy: number): Int32Array {
    const { width, height, island } = this;
    const dist = new Int32Array(width * height).fill(-1);
    const queue = new Int32Array(width * height);
    let head = 0;
    let tail = 0;
    dist[sy * width + sx] = 0;
    queue[tail++] = sy * width + sx;
    while (head < tail) {
      const cell = queue[head++]!;
      const x = cell % width;
      const y = (cell - x) / width;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const next = ny * width + nx;
        if (island[next] === 0 || dist[next] !== -1) continue;
        dist[next] = dist[cell]! + 1;
        queue[tail++] = next;
      }
    }
    return dist;
  }

  play(view: LighthousesView, actions: LighthousesActions): void {
    if (this.width === 0) this.init(view);
    const me = view.playerNum;
    const [x, y] = view.position;
    const energy = view.energy;
    const lighthouses = view.lighthouses;
    const here = this.lighthouseIndex.get(y * this.width + x);

    if (here !== undefined) {
      const lh = lighthouses[here]!;
      if (lh.owner !== me) {
        if (energy > lh.energy) {
          actions.attack(energy);
          return;
        }
      } else {
        const target = this.bestConnection(here, lighthouses, me);
        if (target !== undefined) {
          actions.connect(lighthouses[target]!.position);
          return;
        }
        if (lh.energy < 150 && energy >= 30) {
          actions.attack(Math.min(energy, 300 - lh.energy));
          return;
        }
      }
    }

    const target = this.chooseTarget(lighthouses, me, energy, x, y, here);
    const cells = view.view;
    let best: [number, number] | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    let bestEnergy = -1;
    const dist = target === undefined ? undefined : this.distance[target]!;
    for (const [dx, dy] of NEIGHBOURS) {
      const nx = x + dx;
      const ny = y + dy;
      if (!view.isIsland(nx, ny)) continue;
      const cellEnergy = cells[3 + dy]![3 + dx]!;
      const d = dist === undefined ? 0 : dist[ny * this.width + nx]!;
      if (d < bestDistance || (d === bestDistance && cellEnergy > bestEnergy)) {
        best = [dx, dy];
        bestDistance = d;
        bestEnergy = cellEnergy;
      }
    }
    if (best !== undefined) actions.move(best[0], best[1]);
  }

  /** The nearest lighthouse worth walking to, or undefined (then it harvests). */
  private chooseTarget(
    lighthouses: LighthouseInfo[],
    me: number,
    energy: number,
    x: number,
    y: number,
    here: number | undefined,
  ): number | undefined {
    const owned = lighthouses.filter((lh) => lh.owner === me).length;
    let best: number | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    const cell = y * this.width + x;
    lighthouses.forEach((lh, l) => {
      if (l === here) return;
      const d = this.distance[l]![cell]!;
      if (d < 0) return;
      let cost: number;
      if (lh.owner !== me) {
        // Worth capturing when the energy we will bring (we harvest on the way) beats its own.
        if (energy + d * 10 < lh.energy + 20) return;
        cost = d;
      } else if (!lh.haveKey && owned >= 2 && lh.connections.length < owned - 1) {
        cost = d + 2;
      } else if (lh.energy < 60 && energy >= 60) {
        cost = d + 4;
      } else {
        return;
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = l;
      }
    });
    return best;
  }

  /** The best lighthouse to connect `here` to now: a legal connection, most triangles closed. */
  private bestConnection(
    here: number,
    lighthouses: LighthouseInfo[],
    me: number,
  ): number | undefined {
    const origin = lighthouses[here]!;
    const [ax, ay] = origin.position;
    const key = (p: readonly number[]) => `${p[0]},${p[1]}`;
    const connected = new Set(origin.connections.map(key));
    const segments: Array<[number, number, number, number]> = [];
    for (const lh of lighthouses) {
      for (const other of lh.connections) {
        segments.push([lh.position[0], lh.position[1], other[0], other[1]]);
      }
    }
    let best: number | undefined;
    let bestScore = -1;
    lighthouses.forEach((lh, l) => {
      if (l === here || lh.owner !== me || !lh.haveKey || connected.has(key(lh.position))) return;
      const [bx, by] = lh.position;
      for (const other of lighthouses) {
        if (other === lh || other === origin) continue;
        if (onSegment(ax, ay, bx, by, other.position[0], other.position[1])) return;
      }
      for (const [cx, cy, dx, dy] of segments) {
        if (segmentsCross(ax, ay, bx, by, cx, cy, dx, dy)) return;
      }
      const theirs = new Set(lh.connections.map(key));
      let closes = 0;
      for (const c of origin.connections) if (theirs.has(key(c))) closes++;
      if (closes > bestScore) {
        bestScore = closes;
        best = l;
      }
    });
    return best;
  }
}
