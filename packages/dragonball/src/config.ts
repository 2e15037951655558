import { ArenaError } from "@arena/core";

/** The parameters of a Bola de Drac match, named as in the original `.cnf`. */
export const PARAMETER_NAMES = [
  "nb_players",
  "nb_rounds",
  "nb_capsules",
  "nb_balls",
  "nb_beans",
  "nb_kintons",
  "goku_regen_time",
  "bean_regen_time",
  "kinton_regen_time",
  "kinton_life_time",
  "max_strength",
  "res_strength",
  "moving_penalty",
  "kamehame_penalty",
  "combat_penalty",
  "rows",
  "cols",
] as const;
export type ParameterName = (typeof PARAMETER_NAMES)[number];

/** A bean or kinton home: its cell, whether it is there, and its regeneration timer. */
export interface ItemSetup {
  i: number;
  j: number;
  present: boolean;
  time: number;
}

/** A goku in a config: the original `.cnf` goku line. */
export interface GokuSetup {
  i: number;
  j: number;
  time: number;
  alive: boolean;
  /** Carries a ball. */
  ball: boolean;
  /** Balls delivered (the score's first term). */
  balls: number;
  strength: number;
  kinton: number;
  status: number;
}

/** A whole initial state: the original `.cnf`. */
export interface DragonBallConfig {
  [key: string]: unknown;
  params: Record<ParameterName, number>;
  /** `rows` strings of `cols` letters: `.` empty, `X` rock, `C` capsule, `B` ball. */
  map: string[];
  beans: ItemSetup[];
  kintons: ItemSetup[];
  gokus: GokuSetup[];
  /** "2015" plays nb_rounds rounds (the 2015 statement); "2012" nb_rounds − 1 (the 2012 engine). */
  variant: "2012" | "2015";
}

const GOKU_TYPES = ["normal", "on_kinton", "with_ball", "on_kinton_with_ball"];

/** Parses an original `.cnf` map. Errors name the file, line and field. */
export function parseConfig(text: string, source: string): DragonBallConfig {
  const lines = text.split(/\r?\n/);
  let k = 0;
  const fail = (message: string, line?: number): never => {
    throw new ArenaError("BAD_CONFIG", message, {
      file: source,
      ...(line !== undefined ? { line } : {}),
    });
  };
  const next = (): { words: string[]; line: number } => {
    while (k < lines.length && lines[k]!.trim() === "") k++;
    if (k >= lines.length) fail("unexpected end of file", lines.length);
    return { words: lines[k]!.trim().split(/\s+/), line: ++k };
  };
  const expectWord = (word: string) => {
    const got = next();
    if (got.words[0] !== word) fail(`expected '${word}', found '${got.words.join(" ")}'`, got.line);
    return got;
  };
  const int = (value: string | undefined, field: string, line: number): number => {
    if (value === undefined || !/^-?\d+$/.test(value))
      fail(`${field} must be an integer, found '${value ?? ""}'`, line);
    return Number(value);
  };
  const head = expectWord("boladedrac");
  if (head.words[1] !== "v1")
    fail(`unsupported version '${head.words[1] ?? ""}' (expected v1)`, head.line);
  const params = {} as Record<ParameterName, number>;
  const lineOf = {} as Record<ParameterName, number>;
  for (const name of PARAMETER_NAMES) {
    const got = expectWord(name);
    params[name] = int(got.words[1], name, got.line);
    lineOf[name] = got.line;
  }
  const check = (ok: boolean, name: ParameterName, rule: string) => {
    if (!ok) fail(`${name} ${rule}`, lineOf[name]);
  };
  const p = params;
  check(p.nb_players === 4, "nb_players", "must be 4");
  check(
    p.nb_rounds >= 1 && p.nb_rounds % 2 === 1,
    "nb_rounds",
    "must be odd (the original requires it)",
  );
  check(p.rows >= 3 && p.rows <= 200, "rows", "must be 3..200");
  check(p.cols >= 3 && p.cols <= 200, "cols", "must be 3..200");
  check(p.max_strength >= 1, "max_strength", "must be ≥ 1");
  check(
    p.kamehame_penalty >= 0 && p.kamehame_penalty <= p.max_strength,
    "kamehame_penalty",
    "must be 0..max_strength",
  );
  check(
    p.res_strength >= 0 && p.res_strength <= p.max_strength,
    "res_strength",
    "must be 0..max_strength",
  );
  for (const name of PARAMETER_NAMES) check(p[name] >= 0, name, "must be ≥ 0");
  expectWord("names");
  const round = expectWord("round");
  if (round.words[1] !== "0") fail("a map must start at round 0", round.line);
  const map: string[] = [];
  let capsules = 0;
  let ballsOnMap = 0;
  for (let r = 0; r < p.rows; r++) {
    const got = next();
    const row = got.words.join("").toUpperCase();
    if (row.length !== p.cols)
      fail(`map row ${r} has ${row.length} cells, expected cols = ${p.cols}`, got.line);
    const bad = /[^.XCB]/.exec(row);
    if (bad) fail(`map row ${r}: unknown cell '${bad[0]}' (use . X C B)`, got.line);
    for (let c = 0; c < p.cols; c++) {
      const border = r === 0 || c === 0 || r === p.rows - 1 || c === p.cols - 1;
      if (border && row[c] !== "X")
        fail(`map row ${r}, column ${c}: the border must be rock`, got.line);
    }
    capsules += row.split("C").length - 1;
    ballsOnMap += row.split("B").length - 1;
    map.push(row);
  }
  if (capsules !== p.nb_capsules)
    fail(
      `the map has ${capsules} capsules but nb_capsules is ${p.nb_capsules}`,
      lineOf.nb_capsules,
    );
  const items = (word: string, count: number): ItemSetup[] => {
    expectWord(word);
    const out: ItemSetup[] = [];
    for (let n = 0; n < count; n++) {
      const got = next();
      const [i, j, present, time] = got.words;
      if (present !== "y" && present !== "n")
        fail(`${word}: expected y or n, found '${present ?? ""}'`, got.line);
      const item = {
        i: int(i, "i", got.line),
        j: int(j, "j", got.line),
        present: present === "y",
        time: int(time, "time", got.line),
      };
      if (map[item.i]?.[item.j] !== ".")
        fail(`${word}: (${item.i}, ${item.j}) is not an empty cell`, got.line);
      out.push(item);
    }
    return out;
  };
  const beans = items("beans", p.nb_beans);
  const kintons = items("kintons", p.nb_kintons);
  const gokus: GokuSetup[] = [];
  let carried = 0;
  for (let n = 0; n < p.nb_players; n++) {
    const got = next();
    const [type, i, j, time, alive, balls, strength, kinton, status] = got.words;
    const t = GOKU_TYPES.indexOf(type ?? "");
    if (t < 0) fail(`goku ${n}: unknown type '${type ?? ""}' (${GOKU_TYPES.join(", ")})`, got.line);
    if (alive !== "a" && alive !== "d")
      fail(`goku ${n}: expected a or d, found '${alive ?? ""}'`, got.line);
    const goku: GokuSetup = {
      i: int(i, "i", got.line),
      j: int(j, "j", got.line),
      time: int(time, "time", got.line),
      alive: alive === "a",
      ball: t >= 2,
      balls: int(balls, "balls", got.line),
      strength: int(strength, "strength", got.line),
      kinton: int(kinton, "kinton", got.line),
      status: int(status, "status", got.line),
    };
    if (map[goku.i]?.[goku.j] === undefined || map[goku.i]![goku.j] === "X")
      fail(`goku ${n} stands on rock or off the map`, got.line);
    if (goku.ball) carried++;
    gokus.push(goku);
  }
  if (ballsOnMap + carried !== p.nb_balls)
    fail(
      `${ballsOnMap} balls on the map and ${carried} carried, but nb_balls is ${p.nb_balls}`,
      lineOf.nb_balls,
    );
  return { params, map, beans, kintons, gokus, variant: "2015" };
}
