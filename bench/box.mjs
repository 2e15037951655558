// What the bots' box costs per match (issue 38): a Money Heist match of the C++ starter player
// and one of the JS module starter bot (each against three built-in Demo), in the box (the
// default) and without it (--trust), side by side in one run: each repeat plays the four cases
// in turn, alternating which mode goes first, so that all see the same load. Each case plays a
// short match (20 rounds) and a full one (200 rounds): the difference gives the cost of a round,
// the rest is the start-up (the process, its box, loading the bot), paid once per process.
// Wall time and CPU time (arena's process, all its threads, plus the bot's own CPU time as the
// match measured it: the host's share of a round is where a per-turn cost of the box would show),
// medians. Build first (`pnpm build`).
//   node bench/box.mjs [repeats]
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveBot, sandboxSupport } from "../packages/bots/dist/index.js";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/moneyheist/dist/index.js";

const engineUrl = new URL("../packages/moneyheist/dist/index.js", import.meta.url).href;

import { quantile } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 9);
const support = sandboxSupport();
if (!support.available) {
  console.log(`box.mjs: the box cannot run here (${support.reason}); nothing to compare`);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "arena-bench-box-"));
const templates = fileURLToPath(new URL("../packages/cli/templates/bots/", import.meta.url));
copyFileSync(join(templates, "moneyheist.cc"), join(dir, "AIStarter.cc"));
copyFileSync(join(templates, "moneyheist.mjs"), join(dir, "starter.mjs"));
const cacheDir = join(dir, "cache");
const kinds = { "C++ player": "AIStarter.cc", "module bot": "starter.mjs" };
const modes = { box: "auto", trust: false };

/**
 * One match of `spec` in `mode` against three Demo, from resolving the bot to its end: wall ms,
 * and CPU ms (this process's, and the bot's own as the match measured it).
 */
async function match(spec, sandbox, rounds) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const controller = await resolveBot(engine, spec, { cwd: dir, sandbox, cacheDir, engineUrl });
  const demo = () => inProcessBot(engine.bots.Demo, "Demo");
  const result = await runMatch(engine, {
    config: { ...engine.defaultConfig(), numRounds: rounds },
    seed: 1,
    players: [
      { name: "bot", controller },
      ...[1, 2, 3].map((p) => ({ name: `Demo${p}`, controller: demo() })),
    ],
  });
  await controller.close?.();
  if (result.players[0].fault !== undefined) throw new Error(`${spec}: ${result.players[0].fault}`);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    wall: performance.now() - started,
    cpu: (cpu.user + cpu.system) / 1000 + result.players[0].timeMs,
  };
}

const times = new Map();
const add = (key, ms) => times.set(key, [...(times.get(key) ?? []), ms]);
const median = (key) => quantile(times.get(key), 0.5);
console.log(`the box's cost per match, Money Heist, ${repeats} repeats, load ${loadavg()[0]}`);
// Compiled once (both modes share the cache) and warmed up: the compile is not timed.
for (const spec of Object.values(kinds))
  for (const sandbox of Object.values(modes)) await match(spec, sandbox, 2);
for (let k = 0; k < repeats; k++) {
  const order = k % 2 === 0 ? ["box", "trust"] : ["trust", "box"];
  for (const [kind, spec] of Object.entries(kinds)) {
    for (const mode of order) {
      for (const rounds of [20, 200]) {
        const { wall, cpu } = await match(spec, modes[mode], rounds);
        add(`${kind} ${mode} ${rounds}`, wall);
        add(`${kind} ${mode} ${rounds} cpu`, cpu);
      }
    }
  }
}
for (const [measure, suffix] of [
  ["wall", ""],
  ["CPU", " cpu"],
]) {
  console.log(
    `${measure.padEnd(12)} ${"".padEnd(6)} ${"20 rounds".padStart(10)} ${"200 rounds".padStart(11)} ${"per round".padStart(10)} ${"start-up".padStart(9)}`,
  );
  for (const kind of Object.keys(kinds)) {
    const rows = {};
    for (const mode of Object.keys(modes)) {
      const short = median(`${kind} ${mode} 20${suffix}`);
      const long = median(`${kind} ${mode} 200${suffix}`);
      const round = (long - short) / 180;
      rows[mode] = { long, round, start: short - 20 * round };
      console.log(
        `${kind.padEnd(12)} ${mode.padEnd(6)} ${short.toFixed(0).padStart(8)} ms ${long.toFixed(0).padStart(9)} ms ${round.toFixed(3).padStart(7)} ms ${rows[mode].start.toFixed(0).padStart(6)} ms`,
      );
    }
    console.log(
      `${kind.padEnd(12)} box/trust (${measure}): a 200-round match ${(rows.box.long / rows.trust.long).toFixed(2)}×, a round ${(rows.box.round / rows.trust.round).toFixed(2)}×, start-up +${(rows.box.start - rows.trust.start).toFixed(0)} ms`,
    );
  }
}
console.log(`load at the end ${loadavg()[0]}`);
rmSync(dir, { recursive: true, force: true });
