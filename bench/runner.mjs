// The match runner's own overhead per step, with a trivial game (so the figures are the runner's,
// not a game's): in-process bots (with and without a replay), worker-isolated bots and external
// bots (node scripts speaking JSON lines). Run `npx tsup` in packages/core and packages/bots first.
// The first two lines are the runner's own overhead (issue 16's goal: under 3 µs per step for 4
// in-process bots); `--overhead` stops there.
// `--before DIR` measures another checkout's built runner (DIR/packages/core/dist) side by side:
// the overhead lines and the in-process lines alternate the two builds match by match, so that
// machine noise hits both alike, and print one line per build.
//   node bench/runner.mjs [steps] [--overhead] [--before DIR]
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { externalBot, isolatedBot } from "../packages/bots/dist/index.js";
import * as core from "../packages/core/dist/index.js";

const { values, positionals } = parseArgs({
  options: { overhead: { type: "boolean", default: false }, before: { type: "string" } },
  allowPositionals: true,
});
const STEPS = Number(positionals[0] ?? 1000);
/** The runners measured: this checkout's, and with `--before` another's, alternated. */
const builds = [{ name: "", core }];
if (values.before !== undefined) {
  const url = pathToFileURL(join(resolve(values.before), "packages/core/dist/index.js")).href;
  builds[0].name = "this";
  builds.push({ name: "before", core: await import(url) });
}
const { ReplayWriter } = core;
const PLAYERS = 4;
const dir = mkdtempSync(join(tmpdir(), "arena-bench-runner-"));

// A trivial simultaneous-move game: each player has 3 units; an order {unit, add} adds to its score.
const engineFile = join(dir, "trivial-engine.mjs");
writeFileSync(
  engineFile,
  `
class TrivialMatch {
  constructor(config, n) { this.config = config; this.numPlayers = n; this.r = 0; this.s = new Array(n).fill(0); this.everyone = Array.from({ length: n }, (_, p) => p); }
  round() { return this.r; }
  isOver() { return this.r >= this.config.rounds; }
  toMove() { return this.everyone; }
  view(p) { return { me: p, round: () => this.r, units: [0, 1, 2] }; }
  actions(p, collector) { return { add: (unit, k) => collector.add(unit, { unit, add: k }) }; }
  orderKey(order) { return order.unit; }
  step(orders) { orders.forEach((list, p) => { for (const o of list) this.s[p] += o.add; }); this.r++; }
  freeze() {}
  scores() { return this.s.slice(); }
  snapshot() { return { r: this.r, s: this.s.slice() }; }
  digest() { let h = 0x811c9dc5; for (const x of [this.r, ...this.s]) { h ^= x; h = Math.imul(h, 0x01000193); } return h >>> 0; }
  viewJson(p) { return { me: p, round: this.r }; }
}
class Demo { play(view, actions) { for (const u of view.units) actions.add(u, 1); } }
export const engine = {
  name: "trivial", title: "Trivial", version: "1.0.0", module: import.meta.url,
  players: { min: 1, max: 8, default: 4 },
  defaultConfig: () => ({ rounds: 100 }), parseConfig: (t) => JSON.parse(t),
  create: (config, seed, n) => new TrivialMatch(config, n), restore() { throw new Error("no"); },
  parseOrder(v) { if (!v || !Number.isInteger(v.unit) || !Number.isInteger(v.add)) throw new Error("bad order"); return { unit: v.unit, add: v.add }; },
  settingsJson: (m) => ({ rounds: m.config.rounds }),
  bots: { Demo: () => new Demo(), Null: () => ({ play() {} }) },
};
`,
);
const botFile = join(dir, "bot.mjs");
writeFileSync(
  botFile,
  `import { createInterface } from "node:readline";
const orders = JSON.stringify({ orders: [0, 1, 2].map((unit) => ({ unit, add: 1 })) }) + "\\n";
for await (const line of createInterface({ input: process.stdin })) {
  if (line.includes('"turn"')) process.stdout.write(orders);
}
`,
);
const { engine } = await import(pathToFileURL(engineFile).href);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];

/**
 * The runner's own cost per step with 4 in-process bots: whole matches of `steps` steps timed
 * in CPU time of the process (wall time on a shared machine measures the others' load; no
 * per-step clock, which would cost as much as what it measures), `repeats` of them after 3
 * warm-ups, each minus the same match played by a bare loop (views, bots, `collector`-less orders,
 * `step`) measured right before it, so that a burst of load hits both alike. Medians and the
 * interquartile range of the per-match differences.
 */
async function runnerOverhead(label, steps, repeats, makeBot) {
  const bare = () => {
    const match = engine.create({ rounds: steps }, 1, PLAYERS);
    const bots = Array.from({ length: PLAYERS }, () => makeBot());
    const orders = Array.from({ length: PLAYERS }, () => []);
    const actions = Array.from({ length: PLAYERS }, (_, p) => ({
      add: (unit, add) => orders[p].push({ unit, add }),
    }));
    while (!match.isOver()) {
      for (let p = 0; p < PLAYERS; p++) {
        orders[p] = [];
        bots[p].play(match.view(p), actions[p]);
      }
      match.step(orders);
    }
  };
  const runner = ({ core }) =>
    core.runMatch(engine, {
      config: { rounds: steps },
      seed: 1,
      players: Array.from({ length: PLAYERS }, (_, p) => ({
        name: `p${p}`,
        controller: core.inProcessBot(makeBot, "bot"),
      })),
    });
  const overhead = builds.map(() => []);
  const whole = builds.map(() => []);
  for (let k = -3; k < repeats; k++) {
    for (const [b, build] of builds.entries()) {
      const t0 = cpuMs();
      bare();
      const t1 = cpuMs();
      await runner(build);
      const t2 = cpuMs();
      if (k < 0) continue;
      whole[b].push(((t2 - t1) * 1000) / steps);
      overhead[b].push(((t2 - t1 - (t1 - t0)) * 1000) / steps);
    }
  }
  for (const [b, build] of builds.entries()) {
    console.log(
      `${`${label}${build.name ? ` (${build.name})` : ""}`.padEnd(44)} median ${median(overhead[b]).toFixed(2).padStart(8)} µs/step   IQR ${quantile(overhead[b], 0.25).toFixed(2)}–${quantile(overhead[b], 0.75).toFixed(2)}   (whole step ${median(whole[b]).toFixed(2)} µs)`,
    );
  }
}

/** `options.thisOnly`: this checkout's runner only (bots of @arena/bots, which is this one's). */
async function measure(name, steps, repeats, makeController, options = {}) {
  const measured = options.thisOnly ? builds.slice(0, 1) : builds;
  const perStep = measured.map(() => []);
  for (let k = 0; k < repeats; k++) {
    for (const [b, { core }] of measured.entries()) {
      const times = [];
      let last = performance.now();
      await core.runMatch(engine, {
        config: { rounds: steps },
        seed: 1,
        players: Array.from({ length: PLAYERS }, (_, p) => ({
          name: `p${p}`,
          controller: makeController(p, core),
        })),
        ...(options.replay ? { replay: join(dir, `bench-${k}.arena`) } : {}),
        onStep: () => {
          const now = performance.now();
          times.push(now - last);
          last = now;
        },
      });
      perStep[b].push(...times.slice(1));
    }
  }
  for (const [b, build] of measured.entries()) {
    const sorted = [...perStep[b]].sort((x, y) => x - y);
    const p90 = sorted[Math.floor(sorted.length * 0.9)];
    console.log(
      `${`${name}${build.name ? ` (${build.name})` : ""}`.padEnd(44)} median ${(median(perStep[b]) * 1000).toFixed(1).padStart(8)} µs/step   p90 ${(p90 * 1000).toFixed(1).padStart(8)} µs/step`,
    );
  }
}

console.log(
  `runner overhead, ${PLAYERS} players, trivial game, node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
);
await runnerOverhead("runner overhead, 4 in-process Null bots", 20_000, 31, engine.bots.Null);
await runnerOverhead("runner overhead, 4 in-process Demo bots", 20_000, 31, engine.bots.Demo);
if (values.overhead) process.exit(0);
await measure("in-process bots", STEPS, 20, (_, core) =>
  core.inProcessBot(engine.bots.Demo, "Demo"),
);
await measure(
  "in-process bots + replay file",
  STEPS,
  20,
  (_, core) => core.inProcessBot(engine.bots.Demo, "Demo"),
  { replay: true },
);
await measure(
  "isolated bots (worker threads)",
  Math.min(STEPS, 500),
  5,
  () => isolatedBot({ engineUrl: pathToFileURL(engineFile).href, builtin: "Demo" }),
  { thisOnly: true },
);
await measure(
  "external bots (node processes, JSON lines)",
  Math.min(STEPS, 500),
  5,
  () => externalBot(`${JSON.stringify(process.execPath)} ${JSON.stringify(botFile)}`),
  { thisOnly: true },
);

// The replay writer with a real order volume: the Money Heist reference match (200 rounds, 16 800 orders).
const traces = new URL("../../shared/reference/moneyheist/traces/", import.meta.url);
if (existsSync(fileURLToPath(traces))) {
  const text = gunzipSync(
    readFileSync(new URL("default_DuDuDuDu_s1.orders.jsonl.gz", traces)),
  ).toString("utf8");
  const resBytes = gunzipSync(readFileSync(new URL("default_DuDuDuDu_s1.res.gz", traces))).length;
  const steps = text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line).orders);
  const perStep = [];
  let size = 0;
  for (let k = 0; k < 10; k++) {
    const path = join(dir, `moneyheist-${k}.arena`);
    const writer = ReplayWriter.open(path, {
      format: 1,
      game: "moneyheist",
      engineVersion: "1.0.0",
      config: {},
      seed: 1,
      players: ["a", "b", "c", "d"],
      digestEvery: 10,
    });
    for (let s = 0; s < steps.length; s++) {
      const t0 = performance.now();
      writer.writeStep(steps[s], (s + 1) % 10 === 0 ? s : undefined);
      perStep.push(performance.now() - t0);
    }
    writer.close({ over: true });
    size = statSync(path).size;
  }
  console.log(
    `${"replay writer, Money Heist volume (84 orders/step)".padEnd(44)} median ${(median(perStep) * 1000).toFixed(1).padStart(8)} µs/step   ${size} bytes = ${((size / resBytes) * 100).toFixed(2)}% of the .res`,
  );
} else {
  console.log("replay writer figure skipped: ../shared/reference/moneyheist is absent");
}
rmSync(dir, { recursive: true, force: true });
