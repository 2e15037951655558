import type { MadMaxState } from "./state";
import { CAR } from "./state";

const KEYS = [
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
const LETTERS = ".RCWSX";

export function resPreamble(s: MadMaxState, seed: number, names: readonly string[]): string {
  let text = `Game\n\nSeed ${seed}\n\nMad_Max 1.6\n`;
  for (const key of KEYS) text += `${key.padEnd(16)}${s.p[key]}\n`;
  return `${text}${"names".padEnd(16)}${names.join(" ")}\n`;
}

export function resState(s: MadMaxState): string {
  const parts = ["\n\n"];
  for (let i = 0; i < s.rows; i++) {
    let line = "";
    for (let j = 0; j < s.cols; j++) {
      const c = i * s.cols + j;
      const owner = s.owner[c]!;
      line += s.cell[c] === 2 ? String(owner) : LETTERS[s.cell[c]!];
    }
    parts.push(`${line}\n`);
  }
  parts.push(
    `\nround ${s.round}\nnum_cities ${s.numCities.join(" ")}\ntotal_score ${s.totalScore.join(" ")}\nstatus ${Array.from(s.status).join(" ")}\n`,
  );
  for (let id = 0; id < s.numUnits; id++) {
    const c = s.pos[id]!;
    parts.push(
      `${s.type[id] === CAR ? "c" : "w"} ${s.player[id]} ${Math.floor(c / s.cols)} ${c % s.cols} ${s.food[id]} ${s.water[id]}\n`,
    );
  }
  parts.push("\n");
  return parts.join("");
}

export function resMoves(s: MadMaxState): string {
  return `movements\n${s.moves.join("")}-1\n`;
}
