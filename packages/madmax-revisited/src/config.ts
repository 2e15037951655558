import { ArenaError } from "@arena/core";

/** The parameters of a Mad Max Revisited match, named as in the original `.cnf`. */
export interface MadMaxRevisitedParams {
  nb_players: number;
  nb_rnds: number;
  nb_rows: number;
  nb_uni_cols: number;
  nb_win_cols: number;
  nb_cars_x_player: number;
  nb_rnds_regen: number;
  nb_miss_bonuses: number;
  nb_gas_bonuses: number;
  nb_water_bonuses: number;
  bonus_miss: number;
  bonus_gas: number;
  water_pnts: number;
  kill_pnts: number;
  init_gas: number;
}

export const PARAMETER_NAMES = [
  "nb_players",
  "nb_rnds",
  "nb_rows",
  "nb_uni_cols",
  "nb_win_cols",
  "nb_cars_x_player",
  "nb_rnds_regen",
  "nb_miss_bonuses",
  "nb_gas_bonuses",
  "nb_water_bonuses",
  "bonus_miss",
  "bonus_gas",
  "water_pnts",
  "kill_pnts",
  "init_gas",
] as const;

/** A car in a config: the original `.cnf` car line. */
export interface CarSetup {
  row: number;
  col: number;
  missiles: number;
  gas: number;
  alive: boolean;
  time: number;
}

/** A missile in a config. */
export interface MissileSetup {
  mid: number;
  cid: number;
  row: number;
  col: number;
}

/** A whole initial state: the original `.cnf` (the board is part of the config). */
export interface MadMaxRevisitedConfig {
  [key: string]: unknown;
  params: MadMaxRevisitedParams;
  /** Round of the state (0 for the mazes). */
  round: number;
  /** `nb_rows` strings of `nb_uni_cols` letters: `.` empty, `X` tyre, `W` water, `G` gas, `M` missiles. */
  map: string[];
  cars: CarSetup[];
  missiles: MissileSetup[];
  scores: number[];
}

const fail = (message: string, file: string, line?: number): never => {
  throw new ArenaError("BAD_CONFIG", message, { file, ...(line !== undefined ? { line } : {}) });
};

/** Parses the original `.cnf` (whitespace-tolerant). Errors name the line and the field. */
export function parseConfig(text: string, source: string): MadMaxRevisitedConfig {
  const lines = text.split(/\r?\n/);
  let k = 0;
  const next = (): { words: string[]; line: number } => {
    while (k < lines.length && lines[k]!.trim() === "") k++;
    if (k >= lines.length) fail("unexpected end of file", source, lines.length);
    const line = k + 1;
    return { words: lines[k++]!.trim().split(/\s+/), line };
  };
  const expectWord = (word: string): { words: string[]; line: number } => {
    const got = next();
    if (got.words[0] !== word)
      fail(`expected '${word}', found '${got.words.join(" ")}'`, source, got.line);
    return got;
  };
  const int = (value: string | undefined, field: string, line: number): number => {
    if (value === undefined || !/^-?\d+$/.test(value))
      fail(`${field} must be an integer, found '${value ?? ""}'`, source, line);
    return Number(value);
  };
  const header = expectWord("mad_max_2020");
  if (header.words[1] !== "v1")
    fail(`unsupported version '${header.words[1] ?? ""}' (expected v1)`, source, header.line);
  expectWord("secgame");
  expectWord("seed");
  const params = {} as MadMaxRevisitedParams;
  for (const name of PARAMETER_NAMES) {
    const got = expectWord(name);
    params[name] = int(got.words[1], name, got.line);
  }
  expectWord("names");
  const check = (ok: boolean, name: string, rule: string) => {
    if (!ok) fail(`${name} ${rule}`, source);
  };
  const p = params;
  check(p.nb_players === 4, "nb_players", "must be 4");
  check(p.nb_rnds >= 1 && p.nb_rnds <= 100_000, "nb_rnds", "must be 1..100000");
  check(p.nb_rows >= 5 && p.nb_rows <= 100, "nb_rows", "must be 5..100");
  check(p.nb_uni_cols >= 5 && p.nb_uni_cols <= 1000, "nb_uni_cols", "must be 5..1000");
  check(
    p.nb_win_cols >= 3 && p.nb_win_cols <= p.nb_uni_cols,
    "nb_win_cols",
    "must be 3..nb_uni_cols",
  );
  check(p.nb_cars_x_player >= 1 && p.nb_cars_x_player <= 20, "nb_cars_x_player", "must be 1..20");
  for (const name of PARAMETER_NAMES) check(p[name] >= 0, name, "must be ≥ 0");
  const rnd = expectWord("rnd");
  const round = int(rnd.words[1], "rnd", rnd.line);
  next();
  next(); // the two column-label lines
  const map: string[] = [];
  for (let r = 0; r < p.nb_rows; r++) {
    const got = next();
    // The row label is not checked: the original reader skips it (maze3.cnf numbers its rows from 01).
    int(got.words[0], "row label", got.line);
    const row = got.words[1] ?? "";
    if (row.length !== p.nb_uni_cols)
      fail(
        `row ${r} has ${row.length} cells, expected nb_uni_cols = ${p.nb_uni_cols}`,
        source,
        got.line,
      );
    const bad = /[^.XWGM]/.exec(row);
    if (bad) fail(`row ${r}: unknown cell '${bad[0]}' (use . X W G M)`, source, got.line);
    map.push(row);
  }
  expectWord("cars");
  next(); // header
  const cars: CarSetup[] = [];
  const nbCars = p.nb_players * p.nb_cars_x_player;
  for (let c = 0; c < nbCars; c++) {
    const got = next();
    const [cid, row, col, miss, gas, alive, time] = got.words;
    if (int(cid, "cid", got.line) !== c) fail(`expected car ${c}`, source, got.line);
    const car: CarSetup = {
      row: int(row, "row", got.line),
      col: int(col, "column", got.line),
      missiles: int(miss, "nb_miss", got.line),
      gas: int(gas, "gas", got.line),
      alive: alive === "y",
      time: int(time, "time", got.line),
    };
    if (alive !== "y" && alive !== "n")
      fail(`alive must be y or n, found '${alive ?? ""}'`, source, got.line);
    if (car.row < 0 || car.row >= p.nb_rows || car.col < 0 || car.col >= p.nb_uni_cols)
      fail(`car ${c} is off the universe`, source, got.line);
    cars.push(car);
  }
  const mis = expectWord("missiles");
  // The count follows on the same line or, as in the original files, on the next one.
  const countLine = mis.words[1] === undefined ? next() : { words: [mis.words[1]], line: mis.line };
  const count = int(countLine.words[0], "missiles", countLine.line);
  next(); // header
  const missiles: MissileSetup[] = [];
  for (let m = 0; m < count; m++) {
    const got = next();
    const [mid, cid, row, col] = got.words;
    missiles.push({
      mid: int(mid, "mid", got.line),
      cid: int(cid, "cid", got.line),
      row: int(row, "row", got.line),
      col: int(col, "column", got.line),
    });
  }
  expectWord("players");
  next(); // header
  const scores: number[] = [];
  for (let pl = 0; pl < p.nb_players; pl++) {
    const got = next();
    if (int(got.words[0], "pid", got.line) !== pl) fail(`expected player ${pl}`, source, got.line);
    scores.push(int(got.words[1], "score", got.line));
  }
  return { params, round, map, cars, missiles, scores };
}
