import { CITY, DESERT, type MadMaxState, ROAD, STATION, WALL, WATER } from "./state";

const key = (i: number, j: number, C: number) => i * C + j;

/**
 * The original GENERATOR board, drawn in the original's order (final engine).
 * Long: one sequence of random draws, in the original generator's order, kept in one place.
 */
export function generateBoard(s: MadMaxState): void {
  const { rng } = s;
  const R = s.rows;
  const C = s.cols;
  let n = 0;
  let m = 0;
  let X: number[] = [];
  let Y: number[] = [];
  let zones: number[][] = [];
  let compo = 0;
  for (;;) {
    s.cell.fill(DESERT);
    n = rng.random(5, 7);
    m = rng.random(5, 7);
    if (n === 5 && m === 5) {
      if (rng.random(0, 1) !== 0) n++;
      else m++;
    } else if (n === 7 && m === 7) {
      if (rng.random(0, 1) !== 0) n--;
      else m--;
    }
    const chooseRoads = (q: number): number[] => {
      const e = rng.random(6, 8);
      const d = rng.random(51, 53);
      for (;;) {
        const values: number[] = [];
        for (let k = 0; k < q - 2; k++) values.push(rng.random(e + 5, d - 5));
        values.sort((a, b) => a - b);
        let ok = true;
        for (let k = 1; k < values.length; k++) if (values[k]! - values[k - 1]! <= 4) ok = false;
        if (ok) return [e, ...values, d];
      }
    };
    X = chooseRoads(n);
    Y = chooseRoads(m);
    for (const x of X) for (let j = 0; j < C; j++) s.cell[key(x, j, C)] = ROAD;
    for (const y of Y) for (let i = 0; i < R; i++) s.cell[key(i, y, C)] = ROAD;
    // Blocks (i, j), i in 1..n−1, j in 1..m−1, merged by union-find.
    const id = (i: number, j: number) => i * m + j;
    const parent = new Int32Array(n * m).map((_, k) => k);
    const area = new Float64Array(n * m);
    for (let i = 1; i < n; i++)
      for (let j = 1; j < m; j++)
        area[id(i, j)] = (X[i]! - X[i - 1]! - 1) * (Y[j]! - Y[j - 1]! - 1);
    const find = (k: number): number => {
      if (parent[k] !== k) parent[k] = find(parent[k]!);
      return parent[k]!;
    };
    compo = rng.random(14, Math.min((n - 1) * (m - 1), 18));
    let components = (n - 1) * (m - 1);
    while (components > compo) {
      let best: [number, number, number, number, number] | undefined;
      let bestCost = Number.POSITIVE_INFINITY;
      for (let j = 1; j < m; j++)
        for (let i = 1; i < n - 1; i++) {
          const a = find(id(i, j));
          const b = find(id(i + 1, j));
          if (a === b) continue;
          const cost = area[a]! + area[b]! + (Y[j]! - Y[j - 1]! - 1);
          if (cost < bestCost) {
            bestCost = cost;
            best = [0, i, j, a, b];
          }
        }
      for (let i = 1; i < n; i++)
        for (let j = 1; j < m - 1; j++) {
          const a = find(id(i, j));
          const b = find(id(i, j + 1));
          if (a === b) continue;
          const cost = area[a]! + area[b]! + (X[i]! - X[i - 1]! - 1);
          if (cost < bestCost) {
            bestCost = cost;
            best = [1, i, j, a, b];
          }
        }
      const [kind, i, j, a, b] = best!;
      if (kind === 0) for (let c = Y[j - 1]! + 1; c < Y[j]!; c++) s.cell[key(X[i]!, c, C)] = DESERT;
      else for (let r = X[i - 1]! + 1; r < X[i]!; r++) s.cell[key(r, Y[j]!, C)] = DESERT;
      parent[b] = a;
      area[a] = bestCost;
      components--;
    }
    // Zones: one flood fill per component.
    zones = [];
    const seen = new Uint8Array(R * C);
    // One flood fill per component, from its union-find root, blocks in row-major order.
    const reps: Array<[number, number]> = [];
    for (let i = 1; i < n; i++)
      for (let j = 1; j < m; j++) if (find(id(i, j)) === id(i, j)) reps.push([i, j]);
    const desertAll8 = (c: number) => {
      const i = Math.floor(c / C);
      const j = c % C;
      for (let di = -1; di <= 1; di++)
        for (let dj = -1; dj <= 1; dj++) {
          if (di === 0 && dj === 0) continue;
          const a = i + di;
          const b = j + dj;
          if (a < 0 || b < 0 || a >= R || b >= C || s.cell[key(a, b, C)] !== DESERT) return false;
        }
      return true;
    };
    for (const [i, j] of reps) {
      const zone: number[] = [];
      const visit = (a: number, b: number) => {
        if (a < 0 || b < 0 || a >= R || b >= C) return;
        const c = key(a, b, C);
        if (seen[c] || s.cell[c] !== DESERT) return;
        seen[c] = 1;
        if (desertAll8(c)) zone.push(c);
        visit(a - 1, b);
        visit(a + 1, b);
        visit(a, b - 1);
        visit(a, b + 1);
      };
      visit(X[i]! - 2, Y[j]! - 2);
      zones.push(zone);
    }
    zones.sort((a, b) => b.length - a.length || b[0]! - a[0]!);
    if (zones[0]!.length > 300 || zones[zones.length - 1]!.length < 10) continue;
    break;
  }
  // Assign zones.
  const cities: number[][] = zones.slice(0, 4);
  const used = new Set<number>([0, 1, 2, 3]);
  const water: number[][] = [];
  for (let k = zones.length - 1; k >= 4 && water.length < compo - 8; k--) {
    if (zones[k]!.length < 20) {
      water.push(zones[k]!);
      used.add(k);
    }
  }
  for (let k = zones.length - 1; k >= 4 && cities.length < 8; k--) {
    if (used.has(k)) continue;
    cities.push(zones[k]!);
    used.add(k);
  }
  for (let k = 0; k < zones.length; k++) if (!used.has(k)) water.push(zones[k]!);
  const perm = rng.randomPermutation(8);
  for (let pl = 0; pl < 4; pl++) {
    for (const z of [cities[perm[2 * pl]!]!, cities[perm[2 * pl + 1]!]!]) {
      const rest = grow(s, z, 20, 40, CITY, pl, false);
      makeWalls(s, rest);
    }
  }
  for (const z of water) {
    const rest = grow(s, z, 5, 15, WATER, -1, true);
    makeWalls(s, rest);
  }
  // Edge trimming: only 3–5 roads reach each border.
  const trim = (count: number, cells: (k: number) => number[]) => {
    const keep = count - rng.random(3, 5);
    const p = rng.randomPermutation(count);
    for (let k = 0; k < keep; k++)
      for (const c of cells(p[k]!)) if (s.cell[c] === ROAD) s.cell[c] = DESERT;
  };
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  trim(n, (k) => range(0, Y[0]!).map((j) => key(X[k]!, j, C)));
  trim(n, (k) => range(Y[m - 1]! + 1, C).map((j) => key(X[k]!, j, C)));
  trim(m, (k) => range(0, X[0]!).map((i) => key(i, Y[k]!, C)));
  trim(m, (k) => range(X[n - 1]! + 1, R).map((i) => key(i, Y[k]!, C)));
  // Fuel stations.
  const cand: number[] = [];
  for (let i = 1; i < R - 1; i++)
    for (let j = 1; j < C - 1; j++) {
      const c = key(i, j, C);
      if (s.cell[c] !== ROAD) continue;
      const vertical = s.cell[c - C] === ROAD || s.cell[c + C] === ROAD;
      const horizontal = s.cell[c - 1] === ROAD || s.cell[c + 1] === ROAD;
      if (vertical && horizontal) cand.push(c);
    }
  const k = rng.random(6, Math.min(8, cand.length));
  const p = rng.randomPermutation(cand.length);
  for (let x = 0; x < k; x++) s.cell[cand[p[x]!]!] = STATION;
}

/** make_city / make_water: grow a blob in zone `z`; returns the leftover zone (sorted). */
function grow(
  s: MadMaxState,
  z: number[],
  min: number,
  max: number,
  type: number,
  owner: number,
  wide: boolean,
): number[] {
  const { rng } = s;
  const C = s.cols;
  const inZone = new Set(z);
  const start = rng.random(0, z.length - 1);
  const size = rng.random(min, Math.min(z.length, max));
  const blob = new Set<number>();
  const frontier: number[] = [];
  const offsets: Array<[number, number]> = wide
    ? [-2, -1, 0, 1, 2].flatMap((i) =>
        [-2, -1, 0, 1, 2].filter((j) => Math.abs(i * j) < 4).map((j) => [i, j] as [number, number]),
      )
    : [
        [1, 0],
        [0, 1],
        [-1, 0],
        [0, -1],
      ];
  const add = (c: number) => {
    blob.add(c);
    inZone.delete(c);
    // The cell that completes the blob is not expanded: its neighbours stay in the zone.
    if (blob.size >= size) return;
    const i = Math.floor(c / C);
    const j = c % C;
    for (const [di, dj] of offsets) {
      const a = i + di;
      const b = j + dj;
      if (a < 0 || b < 0 || a >= s.rows || b >= C) continue;
      const q = a * C + b;
      if (inZone.has(q)) {
        inZone.delete(q);
        // Keep the frontier sorted by (row, column), like the original's std::set.
        let lo = 0;
        let hi = frontier.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (frontier[mid]! < q) lo = mid + 1;
          else hi = mid;
        }
        frontier.splice(lo, 0, q);
      }
    }
  };
  add(z[start]!);
  while (blob.size < size && frontier.length > 0) {
    const x = rng.random(0, frontier.length - 1);
    const c = frontier[x]!;
    frontier.splice(x, 1);
    add(c);
  }
  for (const c of blob) {
    s.cell[c] = type;
    if (owner >= 0) s.owner[c] = owner;
  }
  // The leftover keeps away from the blob by its own growth neighbourhood (3×3 for a city,
  // 5×5 minus corners for water).
  const around: Array<[number, number]> = [-1, 0, 1].flatMap((i) =>
    [-1, 0, 1].map((j) => [i, j] as [number, number]),
  );
  const near = (c: number) => {
    const i = Math.floor(c / C);
    const j = c % C;
    for (const [di, dj] of around) {
      const a = i + di;
      const b = j + dj;
      if (a >= 0 && b >= 0 && a < s.rows && b < C && blob.has(a * C + b)) return true;
    }
    return false;
  };
  return z.filter((c) => inZone.has(c) && !near(c)).sort((a, b) => a - b);
}

function makeWalls(s: MadMaxState, z: number[]): void {
  if (z.length === 0) return;
  const { rng } = s;
  const r1 = rng.random(0, z.length - 1);
  const d1 = 4 * rng.random(0, 1);
  makeWall(s, z, z[r1]!, d1);
  const r2 = rng.random(0, z.length - 1);
  const d2 = 2 + 4 * rng.random(0, 1);
  makeWall(s, z, z[r2]!, d2);
}

const DI = [1, 1, 0, -1, -1, -1, 0, 1];
const DJ = [0, 1, 1, 1, 0, -1, -1, -1];

function makeWall(s: MadMaxState, z: number[], start: number, dir: number): void {
  const inZone = new Set(z);
  const C = s.cols;
  const walk = (d: number, ok: (c: number) => boolean): number[] => {
    const cells: number[] = [];
    let i = Math.floor(start / C);
    let j = start % C;
    for (;;) {
      const c = i * C + j;
      if (i < 0 || j < 0 || i >= s.rows || j >= C || !ok(c)) return cells;
      cells.push(c);
      i += DI[d]!;
      j += DJ[d]!;
    }
  };
  const zoneCell = (c: number) => inZone.has(c);
  const forward = walk(dir, zoneCell);
  const backward = walk((dir + 4) % 8, zoneCell);
  if (forward.length + backward.length - 1 < 4) return;
  // The start cell is visited by both walks (two draws), as in the original.
  for (const c of [...forward, ...backward]) if (rng(s) !== 0) s.cell[c] = WALL;
}

const rng = (s: MadMaxState) => s.rng.random(0, 7);
