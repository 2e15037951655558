// Benchmark of @arena/lighthouses (run `npx tsup` in packages/core, packages/bots and packages/lighthouses first).
//   node bench/lighthouses.mjs [repeats]
// 1. In-process, engine-level loop: 1200 rounds on the original island.txt with 2 × Demo, and the
//    default match (default map, 1200 rounds) with 4 × Demo, 4 × Null, and 4 × Demo + 4 × Null.
// 2. Through core's runner with two external processes (examples/lighthouses-js-bot, and the
//    Python example when python3 is present): 1200 rounds on island.txt, the protocol as the
//    original (the original engine took a median 3.55 s for this game with its sample bots).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { externalBot } from "../packages/bots/dist/index.js";
import { OrderCollector, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/lighthouses/dist/index.js";

const repeats = Number(process.argv[2] ?? 20);
const root = fileURLToPath(new URL("..", import.meta.url));
const islandFile = `${root}../shared/reference/lighthouses/maps/original/island.txt`;
const island = existsSync(islandFile)
  ? { ...engine.parseConfig(readFileSync(islandFile, "utf8"), "island.txt"), rounds: 1200 }
  : undefined;
if (!island)
  console.log("island.txt not found (../shared/reference absent): island figures skipped");

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const report = (label, times, rounds) => {
  const median = quantile(times, 0.5);
  const p90 = quantile(times, 0.9);
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms/match (${((median / rounds) * 1000).toFixed(1)} µs/round)` +
      `, p90 ${p90.toFixed(1)} ms  [${times.length} runs]`,
  );
};

function playInProcess(config, bots) {
  const match = engine.create(config, 1, bots.length);
  const players = bots.map((name) => engine.bots[name]());
  for (const [p, bot] of players.entries()) bot.setup?.(match.view(p));
  const empty = bots.map(() => []);
  while (!match.isOver()) {
    const p = match.toMove()[0];
    const collector = new OrderCollector();
    players[p].play(match.view(p), match.actions(p, collector));
    const orders = empty.slice();
    orders[p] = collector.orders;
    match.step(orders);
  }
  return match.scores();
}

function benchInProcess(label, config, bots) {
  const times = [];
  let scores;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    scores = playInProcess(config, bots);
    times.push(performance.now() - t0);
  }
  report(label, times, config.rounds);
  return scores;
}

async function benchExternal(label, config, commands, runs) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await runMatch(engine, {
      config,
      seed: 1,
      players: commands.map((command, p) => ({
        name: `bot ${p}`,
        controller: externalBot(command, { cwd: root }),
      })),
      budget: { startMs: 2000, turnMs: 100, graceMs: 400 },
    });
    times.push(performance.now() - t0);
  }
  report(label, times, config.rounds);
  const faults = result.players.filter((p) => p.frozen).map((p) => `${p.name}: ${p.fault}`);
  console.log(
    `${"".padEnd(44)} scores ${result.scores.join(" / ")}${faults.length ? `; frozen ${faults.join(", ")}` : ""}`,
  );
}

console.log(`node ${process.version}, ${repeats} repeats (in-process)`);
if (island) {
  const s = benchInProcess("island.txt, 1200 rounds, 2 × Demo", island, ["Demo", "Demo"]);
  console.log(`${"".padEnd(44)} scores ${s.join(" / ")}`);
}
const defaults = engine.defaultConfig();
let s = benchInProcess("default map, 1200 rounds, 4 × Demo", defaults, [
  "Demo",
  "Demo",
  "Demo",
  "Demo",
]);
console.log(`${"".padEnd(44)} scores ${s.join(" / ")}`);
s = benchInProcess("default map, 1200 rounds, 4 × Null", defaults, [
  "Null",
  "Null",
  "Null",
  "Null",
]);
const mixed = ["Demo", "Null", "Demo", "Null", "Demo", "Null", "Demo", "Null"];
s = benchInProcess("default map, 1200 rounds, 4 × Demo + 4 × Null", defaults, mixed);
console.log(`${"".padEnd(44)} scores ${s.join(" / ")}`);

if (island) {
  const js = "node examples/lighthouses-js-bot/bot.js";
  const runs = Math.max(3, Math.min(repeats, 7));
  await benchExternal("island.txt, 1200 rounds, 2 × external JS bot", island, [js, js], runs);
  const python = await import("node:child_process").then(
    ({ spawnSync }) => spawnSync("python3", ["--version"]).status === 0,
  );
  if (python) {
    const py = "python3 examples/lighthouses-python-bot/bot.py";
    await benchExternal("island.txt, 1200 rounds, 2 × external Python bot", island, [py, py], runs);
  }
}
