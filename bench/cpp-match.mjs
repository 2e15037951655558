// One match of four C++ players in a process of its own, as `arena play` plays it (the child of
// `bench/cpp-players.mjs --wasm`, which times this whole process): native (g++, a process for the
// four copies, over pipes, on arena's CPU) or wasm (WebAssembly, in this thread). Prints one JSON
// line: this process's CPU split (arena's Node thread, the players' own code) and the players'
// instructions. With a count, the process plays that many matches one after another (seeds
// `seed`, `seed + 1`, …: a batch, as a tournament's worker plays them), the players made anew
// for each as `arena tournament` does; the figures are the whole batch's, the instructions the
// first match's.
//   node bench/cpp-match.mjs <game> <native|wasm> <player file> <seed> [count]
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cppBot, keepOnOneCpu, wasmBot } from "../packages/bots/dist/index.js";
import { runMatch } from "../packages/core/dist/index.js";

const [gameName, mode, file, seedText, countText = "1"] = process.argv.slice(2);
// Only the game played is imported (as `arena play` loads one game's engine).
const games = ["moneyheist", "madmax", "madmax-revisited", "dragonball"];
if (!games.includes(gameName)) throw new Error(`a game of ${games.join(", ")}, not ${gameName}`);
const { engine } = await import(`../packages/${gameName}/dist/index.js`);
const root = fileURLToPath(new URL("..", import.meta.url));
const maze = join(root, "..", "shared", "reference", "dragonball", "maze.cnf");
const config =
  gameName === "dragonball"
    ? existsSync(maze)
      ? engine.parseConfig(readFileSync(maze, "utf8"), "maze.cnf")
      : (() => {
          const base = engine.defaultConfig();
          return { ...base, params: { ...base.params, nb_rounds: 10001 } };
        })()
    : engine.defaultConfig();

// The time spent inside the WebAssembly player's calls (its own code: the adapter and play()),
// measured around each call (bench only).
let wasmCpu = 0;
if (mode === "wasm") {
  const { WasmInstance } = await import("../packages/bots/dist/wasm-browser.js");
  for (const method of ["turn", "start"]) {
    const call = WasmInstance.prototype[method];
    WasmInstance.prototype[method] = function timed(...args) {
      const before = process.cpuUsage();
      try {
        return call.apply(this, args);
      } finally {
        const used = process.cpuUsage(before);
        wasmCpu += (used.user + used.system) / 1000;
      }
    };
  }
} else keepOnOneCpu();

/** Plays the match of `seed`: its instructions and the players' own CPU natively (ms). */
async function playOne(seed) {
  const players = [];
  for (let p = 0; p < 4; p++) {
    const controller =
      mode === "wasm" ? await wasmBot(engine, file) : await cppBot(engine, file, { oneCpu: true });
    players.push({ name: controller.botName(), controller });
  }
  const result = await runMatch(engine, { config, seed, players });
  const faults = result.players.filter((p) => p.frozen).map((p) => p.fault);
  if (faults.length > 0) throw new Error(`${engine.name}: ${faults.join("; ")}`);
  return {
    instructions: result.players.map((p) => p.instructions ?? null),
    // Natively the players' CPU is their process's (the reply's figure).
    nativeCpu:
      mode === "wasm" ? 0 : players.reduce((sum, { controller }) => sum + controller.cpuMs(), 0),
  };
}

const matches = [];
for (let k = 0; k < Number(countText); k++) matches.push(await playOne(Number(seedText) + k));
const self = process.cpuUsage();
const processCpu = (self.user + self.system) / 1000;
// As WebAssembly, the players' CPU is their calls'.
const playersCpu =
  mode === "wasm" ? wasmCpu : matches.reduce((sum, match) => sum + match.nativeCpu, 0);
console.log(
  JSON.stringify({
    processCpu,
    playersCpu,
    instructions: matches[0].instructions,
  }),
);
