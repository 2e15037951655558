// The counter game (counter-game.mjs) with a test-only C++ kit (cpp-counter/): the generic part
// of C++ players, tested with real g++.
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnyEngine, CppKit, Match } from "@arena/core";
import { engine as counter } from "../../../core/src/__fixtures__/counter-game.mjs";

/** The kit's directory (its headers, adapter and test player `AICounter.cc`). */
export const kitDir = fileURLToPath(new URL("./cpp-counter/", import.meta.url));

export interface CounterInternals {
  config: { rounds: number };
  rng: { s: number };
  state: { round: number; rng: number; scores: number[] };
}
export const internals = (match: Match) => match as unknown as CounterInternals;

export const kit: CppKit = {
  directory: pathToFileURL(kitDir).href,
  sources: ["arena-main.cc"],
  start: (match) => `rounds ${internals(match).config.rounds}\n`,
  turn: (match) => {
    const { state } = internals(match);
    return `round ${state.round}\nstream ${state.rng}\nscores ${state.scores.length} ${state.scores.join(" ")}\n`;
  },
  order: (line) => {
    const [unit, add] = line.split(" ").map(Number);
    return { unit, add };
  },
  reply: (match, _player, extra) => {
    const words = /^stream (\d+)$/.exec(extra);
    if (words === null) throw new Error("expected 'stream <state>'");
    internals(match).rng.s = Number(words[1]);
    internals(match).state.rng = Number(words[1]);
  },
};
/** The counter game with the kit. */
export const engine: AnyEngine = { ...counter, cpp: kit };
