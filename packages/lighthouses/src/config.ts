import { ArenaError, type Json } from "@arena/core";

/**
 * A Lighthouses match configuration (JSON data, stored in replay headers).
 */
export interface LighthousesConfig {
  /**
   * The map as the lines of the original map file, top row first (the last line is y = 0):
   * `#` water, space land, `!` a lighthouse (on land), any other character a player start (land).
   */
  map: string[];
  /** Number of rounds (default 1200, as the later revision of the original). */
  rounds: number;
  /**
   * The statement's single-key rule: a player holds at most one key, and visiting a lighthouse
   * replaces it. `false` (default) is the original engine: any number of keys.
   */
  singleKey: boolean;
  /**
   * What the messages say as a neutral lighthouse's `owner`: `null` (default) as the original
   * engine sends it (Python `None`; contest bots test `owner is None`), or `-1` as the statement
   * and later revisions write it, for bots written to the statement.
   */
  neutralOwner: NeutralOwner;
  [key: string]: Json;
}

/** A neutral lighthouse's `owner` in messages and views: `null` (the original engine) or `-1`. */
export type NeutralOwner = null | -1;

/** Default neutral owner: `null`, as the original engine sends it. */
export const DEFAULT_NEUTRAL_OWNER: NeutralOwner = null;

/** Reads a `--neutral-owner` value: `null` or `-1`; `undefined` for anything else. */
export function neutralOwnerFrom(value: string): NeutralOwner | undefined {
  const text = value.trim();
  return text === "null" ? null : text === "-1" ? -1 : undefined;
}

/** A map read from its text: the island, lighthouses (scan order) and starts (sorted). */
export interface ParsedMap {
  width: number;
  height: number;
  /** 1 for island (land), 0 for water; index `y * width + x`, y = 0 the bottom row. */
  island: Uint8Array;
  /** Lighthouse positions in scan order: rows from y = 0 upward, x left to right. */
  lighthouses: Array<[number, number]>;
  /** Start positions sorted by their character (A, B, C…): player i gets the i-th. */
  starts: Array<[number, number]>;
}

/** Default number of rounds. */
export const DEFAULT_ROUNDS = 1200;

/**
 * The default map, written for this package (not one of the original maps): 17×13, eight
 * lighthouses around a central lake and eight starts A..H placed symmetrically.
 */
export const DEFAULT_MAP: readonly string[] = [
  "#################",
  "#!      #      !#",
  "#  ##       ##  #",
  "#      E F      #",
  "#  A    !    B  #",
  "#     #####     #",
  "#  !  #####  !  #",
  "#     #####     #",
  "#  C    !    D  #",
  "#      G H      #",
  "#  ##       ##  #",
  "#!      #      !#",
  "#################",
];

const bad = (message: string, source: string, line?: number): ArenaError =>
  new ArenaError(
    "BAD_CONFIG",
    message,
    line === undefined ? { file: source } : { file: source, line },
  );

/**
 * Reads and validates map lines (top row first) as the original engine does. `lineOffset` is the
 * file line of `lines[0]` minus one, for error messages.
 */
export function readMap(lines: readonly string[], source: string, lineOffset = 0): ParsedMap {
  const height = lines.length;
  if (height < 3) throw bad(`map: needs at least 3 rows, got ${height}`, source);
  const width = lines[0]!.length;
  if (width < 3)
    throw bad(`map: rows must be at least 3 cells wide, got ${width}`, source, lineOffset + 1);
  const island = new Uint8Array(width * height);
  const lighthouses: Array<[number, number]> = [];
  const starts: Array<{ ch: string; x: number; y: number }> = [];
  for (let row = 0; row < height; row++) {
    const line = lines[row]!;
    const fileLine = lineOffset + row + 1;
    if (line.length !== width) {
      throw bad(
        `map: all map rows must have the same width (row has ${line.length}, first row ${width})`,
        source,
        fileLine,
      );
    }
    const y = height - 1 - row;
    for (let x = 0; x < width; x++) {
      const ch = line[x]!;
      if (ch === "#") continue;
      if (row === 0 || row === height - 1 || x === 0 || x === width - 1) {
        throw bad(
          `map: map border must not be part of island (column ${x + 1} is ${JSON.stringify(ch)})`,
          source,
          fileLine,
        );
      }
      island[y * width + x] = 1;
      if (ch === "!") lighthouses.push([x, y]);
      else if (ch !== " ") starts.push({ ch, x, y });
    }
  }
  // Scan order: y = 0 upward, then x.
  lighthouses.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  // The original sorts (character, position) pairs; equal letters fall back to the position tuple.
  starts.sort((a, b) => (a.ch < b.ch ? -1 : a.ch > b.ch ? 1 : a.x - b.x || a.y - b.y));
  return { width, height, island, lighthouses, starts: starts.map((s) => [s.x, s.y]) };
}

/**
 * Parses an original map file into a config (default rounds, multi-key rule). Accepts files with
 * or without a final newline; a `\r` before a newline is dropped (the original would have read it
 * as a player start). Throws `ArenaError("BAD_CONFIG")` naming the file and line.
 */
export function parseConfig(text: string, source: string): LighthousesConfig {
  let lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  lines = lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  readMap(lines, source);
  return {
    map: lines,
    rounds: DEFAULT_ROUNDS,
    singleKey: false,
    neutralOwner: DEFAULT_NEUTRAL_OWNER,
  };
}

/** Checks a config object (from a replay header or a caller); returns a clean copy. */
export function checkConfig(value: unknown, source = "config"): LighthousesConfig {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw bad("config must be an object", source);
  const config = value as Record<string, unknown>;
  const map = config.map;
  if (!Array.isArray(map) || !map.every((line) => typeof line === "string")) {
    throw bad("map: must be a list of strings (the map file's lines, top row first)", source);
  }
  const rounds = config.rounds ?? DEFAULT_ROUNDS;
  if (typeof rounds !== "number" || !Number.isInteger(rounds) || rounds < 1 || rounds > 1_000_000) {
    throw bad(
      `rounds: must be an integer from 1 to 1000000, got ${JSON.stringify(rounds)}`,
      source,
    );
  }
  const singleKey = config.singleKey ?? false;
  if (typeof singleKey !== "boolean")
    throw bad(`singleKey: must be true or false, got ${JSON.stringify(singleKey)}`, source);
  // Absent in replays written before the option existed: the default.
  const neutralOwner =
    config.neutralOwner === undefined ? DEFAULT_NEUTRAL_OWNER : config.neutralOwner;
  if (neutralOwner !== null && neutralOwner !== -1) {
    throw bad(`neutralOwner: must be null or -1, got ${JSON.stringify(neutralOwner)}`, source);
  }
  readMap(map as string[], source);
  return { map: [...(map as string[])], rounds, singleKey, neutralOwner };
}
