// What metering a C++ player's WebAssembly module costs (issue 42): the four games' `Greedy`
// players, compiled for wasm32-wasi (from the compile cache when they are there), then, alternated
// player by player, `meterModule` (the pass that adds the instruction counter and the memory check,
// packages/bots/src/wasm/metering.ts) and V8's compile of the metered bytes (`new
// WebAssembly.Module`; V8 compiles a function lazily at its first call, so this is only its
// validation and set-up): medians of `repeats` runs each after a warm-up, in this process's thread
// (CPU time; the wall clock moves with the machine's load). Node only; the pass is the same
// JavaScript in a browser.
// Build first (`pnpm build`).
//   node bench/wasm-metering.mjs [repeats] [game …]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCppPlayer, wasmToolchain } from "../packages/bots/dist/index.js";
import { meterModule } from "../packages/bots/dist/wasm-browser.js";
import { engine as dragonball } from "../packages/dragonball/dist/index.js";
import { engine as madmax } from "../packages/madmax/dist/index.js";
import { engine as madmaxRevisited } from "../packages/madmax-revisited/dist/index.js";
import { engine as moneyheist } from "../packages/moneyheist/dist/index.js";
import { quantile } from "./lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const [repeatsText, ...chosen] = process.argv.slice(2);
const repeats = Number(repeatsText ?? 15);
const engines = { moneyheist, madmax, "madmax-revisited": madmaxRevisited, dragonball };
const games = chosen.length > 0 ? chosen : Object.keys(engines);
const MEMORY_PAGES = 1024; // 64 MiB, the default cap

/** CPU time (ms) of `run()` in this process. */
function cpuMs(run) {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

console.log(
  `load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
const toolchain = await wasmToolchain();
const modules = [];
for (const game of games) {
  const file = join(root, `packages/${game}/src/__fixtures__/cpp/AIGreedy.cc`);
  const built = await buildCppPlayer(toolchain, engines[game].cpp, file);
  const bytes = new Uint8Array(readFileSync(built.binary));
  new WebAssembly.Module(meterModule(bytes, MEMORY_PAGES)); // warm-up
  modules.push({ game, bytes, meter: [], compile: [] });
}
for (let k = 0; k < repeats; k++) {
  for (const entry of modules) {
    let metered;
    entry.meter.push(cpuMs(() => (metered = meterModule(entry.bytes, MEMORY_PAGES))));
    entry.compile.push(cpuMs(() => new WebAssembly.Module(metered)));
  }
}
for (const { game, bytes, meter, compile } of modules) {
  const m = quantile(meter, 0.5);
  const c = quantile(compile, 0.5);
  console.log(
    `${game.padEnd(17)} ${(bytes.length / 1024).toFixed(0)} KiB: meterModule median ${m.toFixed(1)} ms (p90 ${quantile(meter, 0.9).toFixed(1)}), V8's new WebAssembly.Module ${c.toFixed(1)} ms (p90 ${quantile(compile, 0.9).toFixed(1)})`,
  );
}
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
