// Test-only helpers: read the golden recordings of the original engine and compare with ours.
// Not exported from the package.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseConfig } from "./config";
import type { LighthousesMatch } from "./match";

/** The reference folder (`../shared/reference/lighthouses/` beside the repo). */
export const reference = fileURLToPath(
  new URL("../../../../shared/reference/lighthouses/", import.meta.url),
);
export const available = existsSync(reference);

/** The golden games: name and map file. */
export const goldenGames = [
  { name: "lineup_scripted", map: "maps/synthetic/lineup.txt" },
  { name: "square_greedy", map: "maps/original/square.txt" },
  { name: "island_greedy", map: "maps/original/island.txt" },
] as const;

export interface TranscriptEntry {
  round: number;
  player: number;
  dir: "to_bot" | "from_bot";
  msg: unknown;
}

export function readJsonLines<T>(file: string): T[] {
  return readFileSync(`${reference}${file}`, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

export function loadGame(name: string, map: string) {
  const transcript = readJsonLines<TranscriptEntry>(`golden/${name}_transcript.jsonl`);
  const states = readJsonLines<Record<string, unknown>>(`golden/${name}_states.jsonl`);
  const rounds = Math.max(...transcript.map((e) => e.round)) + 1;
  const config = { ...parseConfig(readFileSync(`${reference}${map}`, "utf8"), map), rounds };
  const numPlayers = Math.max(...transcript.map((e) => e.player)) + 1;
  return { transcript, states, rounds, config, numPlayers };
}

type Pos = [number, number];
const comparePos = (a: Pos, b: Pos) => a[0] - b[0] || a[1] - b[1];

/**
 * A message as recorded, normalised: neutral `owner` null becomes −1 (the decision), and
 * each lighthouse's `connections` list is sorted (the original lists a Python set in its
 * arbitrary iteration order; ours is the order the connections were made).
 */
export function normaliseMessage(msg: unknown): unknown {
  if (typeof msg !== "object" || msg === null || !("lighthouses" in msg) || !("view" in msg))
    return msg;
  const m = structuredClone(msg) as {
    lighthouses: Array<{ owner: number | null; connections: Pos[] }>;
  };
  for (const lh of m.lighthouses) {
    if (lh.owner === null) lh.owner = -1;
    lh.connections.sort(comparePos);
  }
  return m;
}

/** Our state in the shape of the states dump (without names), for one phase. */
export function stateOf(match: LighthousesMatch, phase: "pre" | "post"): Record<string, unknown> {
  const L = match.numLighthouses;
  const pos = (l: number): Pos => [match.lhX[l]!, match.lhY[l]!];
  const players = Array.from({ length: match.numPlayers }, (_, p) => {
    const keys: Pos[] = [];
    for (let l = 0; l < L; l++) if (match.hasKey(p, l)) keys.push(pos(l));
    keys.sort(comparePos);
    return {
      num: p,
      pos: [match.playerX[p]!, match.playerY[p]!],
      energy: match.playerEnergy[p]!,
      score: match.playerScore[p]!,
      keys,
    };
  });
  const lighthouses = Array.from({ length: L }, (_, l) => ({
    pos: pos(l),
    owner: match.lhOwner[l]!,
    energy: match.lhEnergy[l]!,
  }));
  lighthouses.sort((a, b) => comparePos(a.pos as Pos, b.pos as Pos));
  const connections = match.connections.map(([a, b]) => [pos(a), pos(b)].sort(comparePos));
  connections.sort((a, b) => comparePos(a[0]!, b[0]!) || comparePos(a[1]!, b[1]!));
  const triangles = match.triangles.map((t) => ({
    vertices: [pos(t.a), pos(t.b), pos(t.t)],
    cells: t.cells,
  }));
  triangles.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const state: Record<string, unknown> = {
    round: match.round(),
    phase,
    players,
    lighthouses,
    connections,
    triangles,
  };
  if (phase === "pre") {
    const energy: number[][] = [];
    for (let y = 0; y < match.height; y++)
      energy.push(Array.from(match.energy.subarray(y * match.width, (y + 1) * match.width)));
    state.energy = energy;
  }
  return state;
}

/** A dump line in the same shape as `stateOf` (names dropped, triangles sorted). */
export function normaliseState(state: Record<string, unknown>): Record<string, unknown> {
  const s = structuredClone(state) as Record<string, unknown> & {
    players: Array<Record<string, unknown>>;
    triangles: unknown[];
  };
  for (const p of s.players) delete p.name;
  s.triangles.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return s;
}
