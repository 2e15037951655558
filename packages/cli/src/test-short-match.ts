import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig as dragonballDefault } from "@arena/dragonball";
import { engine as madmax } from "@arena/madmax";
import { engine as moneyheist } from "@arena/moneyheist";

/** `numRounds` → `NUM_ROUNDS`: Money Heist's config keys are its `.cnf` names in camelCase. */
const upperSnake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * `arena play` arguments (for tests) that shorten a match of `game` to `rounds` rounds, keeping
 * everything else of the default config: Money Heist and Mad Max get their default `.cnf` with the
 * round count changed, written into `dir` (the cli resolves `--config` against its cwd, so `dir`
 * must be the directory the cli runs in); Lighthouses gets `--rounds`; Bola de Drac gets its default
 * map written as an original `.cnf` with `nb_rounds` changed (the original requires an odd count:
 * an even `rounds` plays `rounds + 1`). Mad Max Revisited sets its length in its maze: no
 * arguments, its default match.
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
  } else if (game === "dragonball") {
    const { params, map, beans, kintons, gokus } = dragonballDefault();
    const item = (x: { i: number; j: number; present: boolean; time: number }) =>
      `${x.i} ${x.j} ${x.present ? "y" : "n"} ${x.time}`;
    const types = ["normal", "on_kinton", "with_ball", "on_kinton_with_ball"];
    text = [
      "boladedrac v1",
      ...Object.entries({ ...params, nb_rounds: rounds | 1 }).map(([k, v]) => `${k} ${v}`),
      `names ${gokus.map(() => "Demo").join(" ")}`,
      "round 0",
      ...map,
      "beans",
      ...beans.map(item),
      "kintons",
      ...kintons.map(item),
      ...gokus.map(
        (g) =>
          `${types[(g.kinton > 0 ? 1 : 0) + (g.ball ? 2 : 0)]} ${g.i} ${g.j} ${g.time} ${g.alive ? "a" : "d"} ${g.balls} ${g.strength} ${g.kinton} ${g.status}`,
      ),
      "",
    ].join("\n");
  } else return [];
  const file = `${game}-${rounds}-rounds.cnf`;
  writeFileSync(join(dir, file), text);
  return ["--config", file];
}
