import { ArenaError } from "@arena/core";

/** The parameters of a Money Heist match: the original `default.cnf`, camelCased. */
export interface MoneyHeistConfig {
  [key: string]: number;
  numPlayers: number;
  numRounds: number;
  boardRows: number;
  boardCols: number;
  initialSoldiersPerClan: number;
  initialSoldiersPoisons: number;
  soldierMaxPoisons: number;
  pointsForKillingSoldier: number;
  professorMaxHealth: number;
  initialProfessorHealth: number;
  professorHealthDecrease: number;
  pointsForKillingProfessor: number;
  professorRoundsRebirth: number;
  numMoney: number;
  minMoneyValue: number;
  maxMoneyValue: number;
  numHealthKits: number;
  healthKitValue: number;
  numPoisonKits: number;
  poisonKitValue: number;
  numSafetyBoxes: number;
  goldValue: number;
  sizeHintsPerBox: number;
}

/** The parameters in the original file's order: [file name, config key]. */
export const PARAMETERS: ReadonlyArray<readonly [string, keyof MoneyHeistConfig & string]> = [
  ["NUM_PLAYERS", "numPlayers"],
  ["NUM_ROUNDS", "numRounds"],
  ["BOARD_ROWS", "boardRows"],
  ["BOARD_COLS", "boardCols"],
  ["INITIAL_SOLDIERS_PER_CLAN", "initialSoldiersPerClan"],
  ["INITIAL_SOLDIERS_POISONS", "initialSoldiersPoisons"],
  ["SOLDIER_MAX_POISONS", "soldierMaxPoisons"],
  ["POINTS_FOR_KILLING_SOLDIER", "pointsForKillingSoldier"],
  ["PROFESSOR_MAX_HEALTH", "professorMaxHealth"],
  ["INITIAL_PROFESSOR_HEALTH", "initialProfessorHealth"],
  ["PROFESSOR_HEALTH_DECREASE", "professorHealthDecrease"],
  ["POINTS_FOR_KILLING_PROFESSOR", "pointsForKillingProfessor"],
  ["PROFESSOR_ROUNDS_REBIRTH", "professorRoundsRebirth"],
  ["NUM_MONEY", "numMoney"],
  ["MIN_MONEY_VALUE", "minMoneyValue"],
  ["MAX_MONEY_VALUE", "maxMoneyValue"],
  ["NUM_HEALTH_KITS", "numHealthKits"],
  ["HEALTH_KIT_VALUE", "healthKitValue"],
  ["NUM_POISON_KITS", "numPoisonKits"],
  ["POISON_KIT_VALUE", "poisonKitValue"],
  ["NUM_SAFETY_BOXES", "numSafetyBoxes"],
  ["GOLD_VALUE", "goldValue"],
  ["SIZE_HINTS_PER_BOX", "sizeHintsPerBox"],
];

/** The original `default.cnf`. */
export function defaultConfig(): MoneyHeistConfig {
  return {
    numPlayers: 4,
    numRounds: 200,
    boardRows: 60,
    boardCols: 60,
    initialSoldiersPerClan: 20,
    initialSoldiersPoisons: 1,
    soldierMaxPoisons: 5,
    pointsForKillingSoldier: 10,
    professorMaxHealth: 100,
    initialProfessorHealth: 100,
    professorHealthDecrease: 20,
    pointsForKillingProfessor: 50,
    professorRoundsRebirth: 40,
    numMoney: 20,
    minMoneyValue: 1,
    maxMoneyValue: 20,
    numHealthKits: 8,
    healthKitValue: 1,
    numPoisonKits: 20,
    poisonKitValue: 1,
    numSafetyBoxes: 6,
    goldValue: 200,
    sizeHintsPerBox: 15,
  };
}

/**
 * Checks the limits the original asserts (and a few that keep a match playable), naming the
 * parameter; `where` locates it for errors.
 */
export function checkConfig(
  config: MoneyHeistConfig,
  where: (key: string) => { file?: string; line?: number } = () => ({}),
): MoneyHeistConfig {
  const fail = (key: string, message: string): never => {
    const name = PARAMETERS.find(([, k]) => k === key)?.[0] ?? key;
    throw new ArenaError("BAD_CONFIG", `${name} ${message}`, where(key));
  };
  for (const [name, key] of PARAMETERS) {
    const value = config[key];
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      throw new ArenaError("BAD_CONFIG", `${name} must be an integer`, where(key));
  }
  const c = config;
  if (c.numPlayers !== 4) fail("numPlayers", "must be 4");
  if (c.numRounds < 1 || c.numRounds > 100_000) fail("numRounds", "must be 1..100000");
  if (c.boardRows !== 60) fail("boardRows", "must be 60 (the original asserts it)");
  if (c.boardCols !== 60) fail("boardCols", "must be 60 (the original asserts it)");
  if (c.initialSoldiersPerClan < 1 || c.initialSoldiersPerClan > 200)
    fail("initialSoldiersPerClan", "must be 1..200");
  if (c.soldierMaxPoisons < 0) fail("soldierMaxPoisons", "must be ≥ 0");
  if (c.initialSoldiersPoisons < 0 || c.initialSoldiersPoisons > c.soldierMaxPoisons)
    fail("initialSoldiersPoisons", "must be 0..SOLDIER_MAX_POISONS");
  if (c.professorMaxHealth < 1) fail("professorMaxHealth", "must be ≥ 1");
  if (c.initialProfessorHealth < 1 || c.initialProfessorHealth > c.professorMaxHealth)
    fail("initialProfessorHealth", "must be 1..PROFESSOR_MAX_HEALTH");
  if (c.professorHealthDecrease < 1) fail("professorHealthDecrease", "must be ≥ 1");
  if (c.professorRoundsRebirth < 1) fail("professorRoundsRebirth", "must be ≥ 1");
  if (c.numMoney < 0 || c.numMoney > 200) fail("numMoney", "must be 0..200");
  if (c.minMoneyValue < 0) fail("minMoneyValue", "must be ≥ 0");
  if (c.maxMoneyValue < c.minMoneyValue) fail("maxMoneyValue", "must be ≥ MIN_MONEY_VALUE");
  if (c.numHealthKits < 0 || c.numHealthKits > 200) fail("numHealthKits", "must be 0..200");
  if (c.numPoisonKits < 0 || c.numPoisonKits > 200) fail("numPoisonKits", "must be 0..200");
  if (c.numSafetyBoxes < 0 || c.numSafetyBoxes > 20) fail("numSafetyBoxes", "must be 0..20");
  if (c.goldValue <= c.maxMoneyValue) fail("goldValue", "must exceed MAX_MONEY_VALUE");
  if (c.sizeHintsPerBox < 3 || c.sizeHintsPerBox % 3 !== 0 || c.sizeHintsPerBox > 60)
    fail("sizeHintsPerBox", "must be a positive multiple of 3 (at most 60)");
  for (const key of [
    "pointsForKillingSoldier",
    "pointsForKillingProfessor",
    "healthKitValue",
    "poisonKitValue",
  ] as const) {
    if (c[key] < 0) fail(key, "must be ≥ 0");
  }
  return config;
}

/**
 * Parses the original config format: a `MoneyHeist 1.0` first line, then `NAME value` lines (any
 * whitespace, blank lines allowed) for every parameter, then the generator word `RANDOM`.
 */
export function parseConfig(text: string, source: string): MoneyHeistConfig {
  const lines = text.split(/\r?\n/);
  const lineOf = new Map<string, number>();
  const values = new Map<string, number>();
  let sawHeader = false;
  let sawGenerator = false;
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const words = lines[i]!.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    if (!sawHeader) {
      if (words[0] !== "MoneyHeist")
        throw new ArenaError(
          "BAD_CONFIG",
          `expected the header 'MoneyHeist 1.0', found '${lines[i]!.trim()}'`,
          { file: source, line },
        );
      if (words[1] !== "1.0")
        throw new ArenaError(
          "BAD_CONFIG",
          `unsupported version '${words[1] ?? ""}' (expected 1.0)`,
          {
            file: source,
            line,
          },
        );
      sawHeader = true;
      continue;
    }
    if (sawGenerator)
      throw new ArenaError("BAD_CONFIG", `unexpected '${words[0]}' after the generator word`, {
        file: source,
        line,
      });
    if (words.length === 1) {
      if (words[0] === "RANDOM") {
        sawGenerator = true;
        continue;
      }
      if (words[0] === "FIXED")
        throw new ArenaError(
          "BAD_CONFIG",
          "the FIXED generator is not supported (the original rejects it too): use RANDOM",
          { file: source, line },
        );
    }
    const name = words[0]!;
    const key = PARAMETERS.find(([n]) => n === name)?.[1];
    if (key === undefined)
      throw new ArenaError("BAD_CONFIG", `unknown parameter '${name}'`, { file: source, line });
    if (words.length !== 2 || !/^-?\d+$/.test(words[1]!))
      throw new ArenaError("BAD_CONFIG", `${name} needs one integer value`, { file: source, line });
    if (values.has(key))
      throw new ArenaError("BAD_CONFIG", `${name} is given twice`, { file: source, line });
    values.set(key, Number(words[1]));
    lineOf.set(key, line);
  }
  if (!sawHeader)
    throw new ArenaError("BAD_CONFIG", "empty file: expected 'MoneyHeist 1.0'", { file: source });
  for (const [name, key] of PARAMETERS) {
    if (!values.has(key))
      throw new ArenaError("BAD_CONFIG", `missing parameter ${name}`, { file: source });
  }
  if (!sawGenerator)
    throw new ArenaError("BAD_CONFIG", "missing the generator word RANDOM at the end", {
      file: source,
    });
  const config = Object.fromEntries(values) as MoneyHeistConfig;
  return checkConfig(config, (key) => ({
    file: source,
    ...(lineOf.has(key) ? { line: lineOf.get(key)! } : {}),
  }));
}
