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

/** A transcript line's `msg` exactly as recorded: its text (Python `json.dumps`) and its value. */
export interface RecordedMessage {
  text: string;
  value: unknown;
}

/** The `msg` of every line of a golden transcript, as text and as a value, in file order. */
export function recordedMessages(name: string): RecordedMessage[] {
  return readFileSync(`${reference}golden/${name}_transcript.jsonl`, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      // Each line is {"round": r, "player": p, "dir": d, "msg": M}: M runs to the final brace.
      const text = line.slice(line.indexOf('"msg": ') + 7, line.lastIndexOf("}"));
      return { text, value: JSON.parse(text) };
    });
}

/**
 * A JSON value written as Python's `json.dumps` with its default settings writes it (", " and
 * ": " separators, non-ASCII escaped), so that a message can be compared with the recorded text.
 */
export function pythonJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (typeof value === "object") {
    const fields = Object.entries(value as Record<string, unknown>).map(
      ([key, v]) => `${pythonJson(key)}: ${pythonJson(v)}`,
    );
    return `{${fields.join(", ")}}`;
  }
  if (typeof value === "string")
    return JSON.stringify(value).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
  return JSON.stringify(value);
}

const samePositions = (a: Pos[], b: Pos[]) => {
  const key = (list: Pos[]) => JSON.stringify([...list].sort(comparePos));
  return a.length === b.length && key(a) === key(b);
};

/**
 * `ours` with each lighthouse's `connections` in the recorded order when both hold the same set
 * (the original lists a Python set in its arbitrary iteration order; ours is the order the
 * connections were made). Nothing else changes, so a different set, owner or field still differs.
 */
export function withRecordedConnectionOrder(ours: unknown, recorded: unknown): unknown {
  type Lighthouses = { lighthouses?: Array<{ connections?: Pos[] }> };
  const mine = (ours as Lighthouses | null)?.lighthouses;
  const theirs = (recorded as Lighthouses | null)?.lighthouses;
  if (!Array.isArray(mine) || !Array.isArray(theirs)) return ours;
  const copy = structuredClone(ours) as { lighthouses: Array<{ connections?: Pos[] }> };
  copy.lighthouses.forEach((lh, l) => {
    const other = theirs[l]?.connections;
    if (
      Array.isArray(lh.connections) &&
      Array.isArray(other) &&
      samePositions(lh.connections, other)
    )
      lh.connections = other;
  });
  return copy;
}

/**
 * Compares our message, written as the original writes it, with the recorded text exactly, only
 * each lighthouse's `connections` being compared as a set. Returns where they first differ (the
 * column and both texts around it), or undefined when they are the same.
 */
export function compareMessage(ours: unknown, recorded: RecordedMessage): string | undefined {
  const text = pythonJson(withRecordedConnectionOrder(ours, recorded.value));
  if (text === recorded.text) return undefined;
  let at = 0;
  while (at < text.length && text[at] === recorded.text[at]) at++;
  const around = (t: string) => t.slice(Math.max(0, at - 80), at + 40);
  return `first difference at column ${at + 1}: ours …${around(text)}…, recorded …${around(recorded.text)}…`;
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
