// What each way of running a bot costs per turn, with a trivial game (so the figures are the
// runner's and the transport's, not a game's): the runner with 4 in-process bots, one bot in a
// worker thread (--isolated), in its own process (the default for module bots), in the sandbox
// (--sandbox), and the start-up a batch saves by reusing a bot host. Medians of several matches.
// Run `npx tsup` in packages/core and packages/bots first.
//   node bench/bot-modes.mjs [steps]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  BotHost,
  externalBot,
  hostedBot,
  isolatedBot,
  sandboxSupport,
} from "../packages/bots/dist/index.js";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";

const STEPS = Number(process.argv[2] ?? 2000);
const dir = mkdtempSync(join(tmpdir(), "arena-bench-bots-"));

// A trivial simultaneous-move game: an order {unit, add} adds to its player's score.
const engineFile = join(dir, "trivial-engine.mjs");
writeFileSync(
  engineFile,
  `
class TrivialMatch {
  constructor(config, n) { this.config = config; this.numPlayers = n; this.r = 0; this.s = new Array(n).fill(0); this.everyone = Array.from({ length: n }, (_, p) => p); this.views = this.everyone.map((p) => Object.freeze({ me: () => p, round: () => this.r, units: () => [0, 1, 2] })); }
  round() { return this.r; }
  isOver() { return this.r >= this.config.rounds; }
  toMove() { return this.everyone; }
  view(p) { return this.views[p]; }
  actions(p, collector) { return { add: (unit, k) => collector.add(unit, { unit, add: k }) }; }
  orderKey(order) { return order.unit; }
  step(orders) { for (let p = 0; p < orders.length; p++) for (const o of orders[p]) this.s[p] += o.add; this.r++; }
  freeze() {}
  scores() { return this.s.slice(); }
  snapshot() { return { r: this.r, s: this.s.slice() }; }
  digest() { let h = 0x811c9dc5; for (const x of [this.r, ...this.s]) { h ^= x; h = Math.imul(h, 0x01000193); } return h >>> 0; }
  viewJson(p) { return { me: p, round: this.r }; }
}
class Demo { play(view, actions) { for (const u of view.units()) actions.add(u, 1); } }
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
  "export default class { play(view, actions) { for (const u of view.units()) actions.add(u, 1); } }\n",
);
const engineUrl = pathToFileURL(engineFile).href;
const moduleUrl = pathToFileURL(botFile).href;
const { engine } = await import(engineUrl);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median µs per step over `repeats` matches of `steps` steps (after one warm-up match). */
async function perStep(label, steps, repeats, seats) {
  const times = [];
  const cpu = [];
  for (let k = 0; k <= repeats; k++) {
    const players = seats().map((controller, p) => ({ name: `p${p}`, controller }));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await runMatch(engine, { config: { rounds: steps }, seed: 1, players });
    const c1 = process.cpuUsage(c0);
    if (k > 0) {
      times.push(((performance.now() - t0) * 1000) / steps);
      cpu.push((c1.user + c1.system) / steps);
    }
  }
  // Wall time per step, and the CPU time arena itself spent per step (less sensitive to load).
  console.log(
    `${label.padEnd(58)} median ${median(times).toFixed(2).padStart(8)} µs/step (arena's CPU ${median(cpu).toFixed(1)} µs/step)`,
  );
  return median(times);
}

const nulls = (n) => Array.from({ length: n }, () => inProcessBot(engine.bots.Null, "Null"));
console.log(`bot modes, trivial game, node ${process.version}, ${STEPS} steps per match`);
const overhead = await perStep(
  "runner: 4 in-process Null bots (the runner's overhead)",
  STEPS * 10,
  15,
  () => nulls(4),
);
await perStep("runner: 4 in-process Demo bots (3 orders each)", STEPS * 10, 15, () =>
  Array.from({ length: 4 }, () => inProcessBot(engine.bots.Demo, "Demo")),
);
const inProc = await perStep(
  "1 module bot in-process (--in-process) + 3 Null",
  STEPS * 10,
  15,
  () => [inProcessBot(engine.bots.Demo, "Demo"), ...nulls(3)],
);
const worker = await perStep(
  "1 module bot in a worker thread (--isolated) + 3 Null",
  STEPS,
  7,
  () => [isolatedBot({ engineUrl, moduleUrl }), ...nulls(3)],
);
// A host started once and reused: the per-turn cost without the start-up.
const host = new BotHost({ engine, engineUrl, moduleUrl });
await host.start();
const own = await perStep("1 module bot in its own process (default) + 3 Null", STEPS, 7, () => [
  host.controller("bot"),
  ...nulls(3),
]);
await host.close();
// An external program (exec:) speaking JSON lines: a node script answering each turn. Its
// process start-up (≈ 50 ms of CPU time) is paid per match, so its matches are 5 times longer.
const programFile = join(dir, "program.mjs");
writeFileSync(
  programFile,
  `import { createInterface } from "node:readline";
const orders = JSON.stringify({ orders: [0, 1, 2].map((unit) => ({ unit, add: 1 })) }) + "\\n";
for await (const line of createInterface({ input: process.stdin })) {
  if (line.includes('"turn"')) process.stdout.write(orders);
}
`,
);
const exec = await perStep(
  "1 external program (exec:, node, JSON lines) + 3 Null",
  STEPS * 5,
  7,
  () => [
    externalBot(`${JSON.stringify(process.execPath)} ${JSON.stringify(programFile)}`),
    ...nulls(3),
  ],
);
const support = sandboxSupport();
let sandboxed;
if (support.available) {
  const box = new BotHost({ engine, engineUrl, moduleUrl, sandbox: true });
  await box.start();
  sandboxed = await perStep("1 module bot in the sandbox (--sandbox) + 3 Null", STEPS, 7, () => [
    box.controller("bot"),
    ...nulls(3),
  ]);
  await box.close();
} else console.log(`sandbox figure skipped: ${support.reason}`);

// The floor: a bare round trip between two Node processes over a pipe (no runner, no game).
async function pingPong(count) {
  const child = spawn(
    process.execPath,
    ["-e", 'process.stdin.on("data", (d) => require("fs").writeSync(3, d))'],
    {
      stdio: ["pipe", "ignore", "inherit", "pipe"],
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const times = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      let n = 0;
      const onData = () => {
        if (++n === count) {
          child.stdio[3].off("data", onData);
          resolve();
        } else child.stdin.write("x\n");
      };
      child.stdio[3].on("data", onData);
      child.stdin.write("x\n");
    });
    times.push(((performance.now() - t0) * 1000) / count);
  }
  child.kill();
  console.log(
    `${"bare pipe round trip between two node processes (floor)".padEnd(58)} median ${median(times).toFixed(2).padStart(8)} µs`,
  );
  return median(times);
}
const floor = await pingPong(STEPS);

// A batch: 20 matches of 10 steps, a new process per match vs one host for all.
async function batch(label, makeSeat, after) {
  const times = [];
  for (let k = 0; k < 20; k++) {
    const t0 = performance.now();
    await runMatch(engine, {
      config: { rounds: 10 },
      seed: k,
      players: [
        { name: "b", controller: makeSeat() },
        ...nulls(3).map((c, p) => ({ name: `n${p}`, controller: c })),
      ],
    });
    times.push(performance.now() - t0);
  }
  await after?.();
  console.log(`${label.padEnd(58)} median ${median(times).toFixed(1).padStart(8)} ms/match`);
}
await batch("batch of 10-step matches: a new bot process per match", () =>
  hostedBot({ engine, engineUrl, moduleUrl }, "bot"),
);
const shared = new BotHost({ engine, engineUrl, moduleUrl });
await batch(
  "batch of 10-step matches: one BotHost for the batch",
  () => shared.controller("bot"),
  () => shared.close(),
);

console.log(
  `\nper turn of one bot: in-process ${(inProc - overhead).toFixed(2)} µs, worker ${(worker - overhead).toFixed(1)} µs, own process ${(own - overhead).toFixed(1)} µs, exec: ${(exec - overhead).toFixed(1)} µs${sandboxed !== undefined ? `, sandbox ${(sandboxed - overhead).toFixed(1)} µs` : ""} (each minus the runner's overhead; the bare round trip is ${floor.toFixed(1)} µs)`,
);
rmSync(dir, { recursive: true, force: true });
