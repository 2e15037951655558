import { ArenaError } from "@arena/core";
import type { MadMaxParams } from "./state";

/** A Mad Max config: the parameters and either the procedural generator or a fixed 60×60 map. */
export interface MadMaxConfig {
  [key: string]: unknown;
  params: MadMaxParams;
  /** `GENERATOR` boards are drawn from the seed; `FIXED` boards are given in `map`. */
  board: "GENERATOR" | "FIXED";
  /** FIXED only: `rows` strings of `cols` letters (`.` desert, `R` road, `W` water, `S` station, `X` wall, `0`–`3` city of that player). */
  map?: string[];
}

export const PARAMETER_NAMES = [
  "nb_players",
  "nb_rounds",
  "nb_cities",
  "nb_warriors",
  "nb_cars",
  "warriors_health",
  "cars_fuel",
  "damage",
  "rows",
  "cols",
] as const;

/** The original `default.cnf`: the procedural board. */
export function defaultConfig(): MadMaxConfig {
  return {
    params: {
      nb_players: 4,
      nb_rounds: 500,
      nb_cities: 8,
      nb_warriors: 20,
      nb_cars: 3,
      warriors_health: 40,
      cars_fuel: 100,
      damage: 6,
      rows: 60,
      cols: 60,
    },
    board: "GENERATOR",
  };
}

/** Parses the original `.cnf`. Errors name the file, line and parameter. */
export function parseConfig(text: string, source: string): MadMaxConfig {
  const lines = text.split(/\r?\n/);
  let k = 0;
  const fail = (message: string, line?: number): never => {
    throw new ArenaError("BAD_CONFIG", message, {
      file: source,
      ...(line !== undefined ? { line } : {}),
    });
  };
  const next = () => {
    while (k < lines.length && lines[k]!.trim() === "") k++;
    if (k >= lines.length) fail("unexpected end of file", lines.length);
    return { words: lines[k]!.trim().split(/\s+/), line: ++k };
  };
  const head = next();
  if (head.words[0] !== "Mad_Max")
    fail(`expected the header 'Mad_Max 1.6', found '${head.words.join(" ")}'`, head.line);
  const params = {} as MadMaxParams;
  for (const name of PARAMETER_NAMES) {
    const got = next();
    if (got.words[0] !== name)
      fail(`expected parameter ${name}, found '${got.words[0]}'`, got.line);
    if (got.words.length !== 2 || !/^\d+$/.test(got.words[1]!))
      fail(`${name} needs one non-negative integer`, got.line);
    params[name] = Number(got.words[1]);
    const v = params[name];
    const bad =
      (name === "nb_players" && v !== 4) ||
      (name === "nb_cities" && (v < 4 || v % 4 !== 0)) ||
      ((name === "rows" || name === "cols") && v !== 60) ||
      (name === "nb_warriors" && v < params.nb_cities / 4) ||
      (name === "nb_rounds" && (v < 1 || v > 100_000));
    if (bad) {
      const rule =
        name === "nb_players"
          ? "must be 4"
          : name === "nb_cities"
            ? "must be a multiple of 4"
            : name === "nb_warriors"
              ? "must be at least nb_cities / 4"
              : name === "nb_rounds"
                ? "must be 1..100000"
                : "must be 60 (the original's generator and spawn code assume it)";
      fail(`${name} ${rule}`, got.line);
    }
  }
  const word = next();
  if (word.words[0] === "GENERATOR") return { params, board: "GENERATOR" };
  if (word.words[0] !== "FIXED")
    fail(`expected GENERATOR or FIXED, found '${word.words[0]}'`, word.line);
  const map: string[] = [];
  for (let r = 0; r < params.rows; r++) {
    const got = next();
    const row = got.words.join("");
    if (row.length !== params.cols)
      fail(`map row ${r} has ${row.length} cells, expected cols = ${params.cols}`, got.line);
    const bad = /[^.RWSX0-3]/.exec(row);
    if (bad) fail(`map row ${r}: unknown cell '${bad[0]}' (use . R W S X 0-3)`, got.line);
    map.push(row);
  }
  return { params, board: "FIXED", map };
}
