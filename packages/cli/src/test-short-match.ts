import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { engine as madmax } from "@arena/madmax";
import { engine as moneyheist } from "@arena/moneyheist";

/** `numRounds` → `NUM_ROUNDS`: Money Heist's config keys are its `.cnf` names in camelCase. */
const upperSnake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * `arena play` arguments (for tests) that shorten a match of `game` to `rounds` rounds, keeping
 * everything else of the default config: Money Heist and Mad Max get their default `.cnf` with the
 * round count changed, written into `dir` (the cli resolves `--config` against its cwd, so `dir`
 * must be the directory the cli runs in); Lighthouses gets `--rounds`. Mad Max Revisited and Bola
 * de Drac set their length in their maps: no arguments, their default match.
 */
export function shortMatchArgs(game: string, rounds: number, dir: string): string[] {
  let text: string;
  if (game === "lighthouses") return ["--rounds", String(rounds)];
  if (game === "moneyheist") {
    const config = { ...moneyheist.defaultConfig(), numRounds: rounds };
    const lines = Object.entries(config).map(([key, value]) => `${upperSnake(key)}\t${value}`);
    text = `MoneyHeist 1.0\n\n${lines.join("\n")}\n\nRANDOM\n`;
  } else if (game === "madmax") {
    const params = { ...madmax.defaultConfig().params, nb_rounds: rounds };
    const lines = Object.entries(params).map(([name, value]) => `${name} ${value}`);
    text = `Mad_Max 1.6\n${lines.join("\n")}\n\nGENERATOR\n`;
  } else return [];
  const file = `${game}-${rounds}-rounds.cnf`;
  writeFileSync(join(dir, file), text);
  return ["--config", file];
}
