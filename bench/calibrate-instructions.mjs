// The calibration of WebAssembly players' instruction budgets (issue 42): how many instructions,
// as arena counts them (packages/bots/src/wasm/metering.ts), a player executes for one second of
// the CPU time the same player takes natively — the CPU time Jutge limits (3 s a match). For each
// game, the same matches of 4 × the Demo-like `Greedy` are played natively (the players' process
// CPU) and as WebAssembly (the players' instructions), each in a process of its own
// (`cpp-match.mjs`); the rate is instructions / native CPU seconds, per game and over all. Build
// first (`pnpm build`).
//   node bench/calibrate-instructions.mjs [repeats] [game …]
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { INSTRUCTIONS_PER_SECOND } from "../packages/bots/dist/index.js";
import { quantile } from "./lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const [repeatsText, ...chosen] = process.argv.slice(2);
const repeats = Number(repeatsText ?? 3);
const games =
  chosen.length > 0 ? chosen : ["moneyheist", "madmax", "madmax-revisited", "dragonball"];

/** One match in a process of its own: what `cpp-match.mjs` reports. */
function match(game, mode, seed) {
  const file = join(root, `packages/${game}/src/__fixtures__/cpp/AIGreedy.cc`);
  const run = spawnSync(
    process.execPath,
    [join(root, "bench/cpp-match.mjs"), game, mode, file, String(seed)],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`${game} ${mode}: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop());
}

console.log(
  `load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
const rates = [];
for (const game of games) {
  const perGame = [];
  for (let seed = 1; seed <= repeats; seed++) {
    const native = match(game, "native", seed);
    const wasm = match(game, "wasm", seed);
    const instructions = wasm.instructions.reduce((sum, n) => sum + n, 0);
    perGame.push(instructions / (native.playersCpu / 1000));
  }
  const rate = quantile(perGame, 0.5);
  rates.push(...perGame);
  console.log(
    `${game.padEnd(17)} ${(rate / 1e9).toFixed(2)} × 10⁹ instructions per native CPU second (median of ${repeats}; ${perGame.map((r) => (r / 1e9).toFixed(2)).join(", ")})`,
  );
}
const overall = quantile(rates, 0.5);
console.log(
  `over all: ${(overall / 1e9).toFixed(2)} × 10⁹ / s (the constant: ${(INSTRUCTIONS_PER_SECOND / 1e9).toFixed(2)} × 10⁹); Jutge's 3 s ≈ ${((3 * overall) / 1e9).toFixed(1)} × 10⁹ instructions`,
);
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
