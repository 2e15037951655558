// Benchmark of students' own C++ players (issues 18 and 22): whole matches of four C++ players
// compiled against the games' compatibility kits (compilation excluded: it happens once, before
// timing). Build first (`pnpm build`, or `npx tsup` in packages/core, packages/bots and the game packages).
//   node bench/cpp-players.mjs [--per-seat] [repeats] [game …]
//   node bench/cpp-players.mjs --wasm [repeats] [game …]
// With `--wasm` (issue 42), each match is a process of its own (`cpp-match.mjs`, timed whole by
// /usr/bin/time: Node's start, the players' loading, the match, the players' processes), native
// (g++, pipes, on arena's CPU, as `arena play`) and WebAssembly (`--cpp wasm`, in arena's thread)
// alternated match by match: the whole process's CPU side by side, and the players' own code
// (natively their process's CPU, as WebAssembly the time inside their calls). With
// `--wasm-before <root>` (another checkout of arena, built), its WebAssembly matches are played
// too, alternated with the others: the same matches before and after a change, side by side,
// their instruction counts compared. With `--cli`, the same matches are also played by `arena
// play` itself (`--cpp native` and `--cpp wasm`, the cli's bundle with its code cache, as users
// start it; its Node start-up is ≈ 0.1 s of CPU shorter than this bench's process, which imports
// arena's packages file by file), timed whole: the whole-process ratio as users see it.
// With `--batch K`, each side also plays processes of K matches one after another (as a
// tournament's worker does: the module compiled once, the players made anew each match): the
// cost of one match in a batch is (batch − single) / (K − 1), start-up left out. Each line also
// gives the most WebAssembly could gain: native against wasm less its players' calls, i.e. a
// WebAssembly player that cost nothing at all.
// The four copies share one process (the default, as in the original); with `--per-seat`, each
// repeat also plays the same matches with a process per seat (`cppBot`'s `process: "seat"`, the
// transport before copies shared a process), alternating which side goes first, so that both
// see the same load.
// Players: `Greedy`, a Demo-like player written for arena (breadth-first search per unit toward
// money/kits/enemies in Money Heist, water/cities/enemies in Mad Max; the safest, richest path in
// Mad Max Revisited; capsules/beans/balls/kintons in Bola de Drac; the fixtures of the tests),
// and `Null` (gives no orders: the transport's own cost). Each repeat plays the built-in Demo
// reference, then the C++ Greedy match, then the C++ Null match, so that all three see the same
// load; the load average is printed at the start and the end.
// Placement: like `arena play`, the bench keeps its thread, and so the players' processes it
// starts, on one CPU (`keepOnOneCpu`, bots README "One CPU"); `--any-cpu` leaves them where the
// scheduler puts them; `--both` plays every C++ match both ways, alternating which goes first.
// The original engines' whole process takes ≈ 0.13 s for Money Heist with 4×Demo, ≈ 0.2–0.3 s
// for Mad Max (4×Demo), 0.034 s for Mad Max Revisited (4×Demo, 300 rounds) and 0.50 s for Bola de
// Drac (4×Demo, maze.cnf, 10 001 rounds); the goal is at most twice that.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cppBot, keepOnOneCpu, wasmBot } from "../packages/bots/dist/index.js";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine as dragonball } from "../packages/dragonball/dist/index.js";
import { engine as madmax } from "../packages/madmax/dist/index.js";
import { engine as madmaxRevisited } from "../packages/madmax-revisited/dist/index.js";
import { engine as moneyheist } from "../packages/moneyheist/dist/index.js";
import { quantile, report } from "./lib.mjs";

const flags = ["--per-seat", "--any-cpu", "--both", "--wasm", "--cli"];
const viaCli = process.argv.includes("--cli");
const perSeat = process.argv.includes("--per-seat");
const beforeAt = process.argv.indexOf("--wasm-before");
const beforeRoot = beforeAt > 0 ? process.argv[beforeAt + 1] : undefined;
const batchAt = process.argv.indexOf("--batch");
const batch = batchAt > 0 ? Number(process.argv[batchAt + 1]) : undefined;
if (batch !== undefined && !(Number.isInteger(batch) && batch >= 2))
  throw new Error("--batch needs a number of matches of 2 or more");
if ((beforeAt > 0 || batchAt > 0) && !process.argv.includes("--wasm")) process.argv.push("--wasm");
const valued = [beforeAt, batchAt].filter((at) => at > 0);
const args = process.argv
  .slice(2)
  .filter(
    (arg, k) => !flags.includes(arg) && !valued.some((at) => k + 2 === at || k + 2 === at + 1),
  );
const repeats = Number(args[0] ?? 10);
const processModes = perSeat ? ["shared", "seat"] : ["shared"];
const placements = process.argv.includes("--both")
  ? ["one-cpu", "any-cpu"]
  : process.argv.includes("--any-cpu")
    ? ["any-cpu"]
    : ["one-cpu"];
const modes = processModes.flatMap((mode) => placements.map((place) => `${mode}/${place}`));

// This thread's CPUs as the scheduler had them, and the one `keepOnOneCpu` keeps it on.
const thread = readlinkSync("/proc/thread-self").split("/").pop();
const allCpus = /^Cpus_allowed_list:\s*(\S+)/m.exec(
  readFileSync("/proc/thread-self/status", "latin1"),
)[1];
const oneCpu = placements.includes("one-cpu") ? keepOnOneCpu() : undefined;
if (placements.includes("one-cpu") && oneCpu === undefined) throw new Error("keepOnOneCpu failed");
/** Puts this thread (and the processes it starts next) on one CPU or back on all. */
function place(placement) {
  if (placements.length === 1) return;
  const cpus = placement === "one-cpu" ? String(oneCpu) : allCpus;
  if (spawnSync("taskset", ["-p", "-c", cpus, thread], { stdio: "ignore" }).status !== 0)
    throw new Error("taskset failed");
}
const root = fileURLToPath(new URL("..", import.meta.url));
/** The C++ player that gives no orders (the bots' test fixture, for any game's kit). */
const nullFile = join(root, "packages/bots/src/__fixtures__/cpp-players/AINull.cc");

// Bola de Drac: maze.cnf (10 001 rounds) when ../shared is beside the repository, else the
// default map with 10 001 rounds.
const maze = join(root, "..", "shared", "reference", "dragonball", "maze.cnf");
const dragonballConfig = existsSync(maze)
  ? dragonball.parseConfig(readFileSync(maze, "utf8"), "maze.cnf")
  : (() => {
      const config = dragonball.defaultConfig();
      return { ...config, params: { ...config.params, nb_rounds: 10001 } };
    })();

const games = [
  { engine: moneyheist, rounds: 200, original: "≈ 130 ms (4×Demo)", goal: 260 },
  { engine: madmax, rounds: 500, original: "≈ 200–300 ms (4×Demo)", goal: 400 },
  { engine: madmaxRevisited, rounds: 300, original: "34 ms (4×Demo)", goal: 68 },
  {
    engine: dragonball,
    rounds: dragonballConfig.params.nb_rounds,
    original: "500 ms (4×Demo, maze.cnf)",
    goal: 1000,
    config: dragonballConfig,
  },
].filter(({ engine }) => args.length <= 1 || args.slice(1).includes(engine.name));

/**
 * One match of 4 × the C++ player `file` (`mode`: one process for the four, or one each): wall
 * and CPU times (arena's, and with the players').
 */
async function cppMatch(engine, config, name, file, seed, modeAndPlace) {
  const [mode, placement] = modeAndPlace.split("/");
  place(placement);
  const players = [];
  for (let p = 0; p < 4; p++)
    players.push({ name, controller: await cppBot(engine, file, { process: mode }) });
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await runMatch(engine, { config, seed, players });
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  const faults = result.players.filter((p) => p.frozen).map((p) => p.fault);
  if (faults.length > 0) throw new Error(`${engine.name} ${name}: ${faults.join("; ")}`);
  const arena = (used.user + used.system) / 1000;
  const total = arena + players.reduce((sum, { controller }) => sum + controller.cpuMs(), 0);
  return { wall, arena, total };
}

/** One match of 4 × arena's built-in Demo, in process through the runner: the reference. */
async function demoMatch(engine, config, seed) {
  const start = performance.now();
  await runMatch(engine, {
    config,
    seed,
    players: [0, 1, 2, 3].map(() => ({
      name: "Demo",
      controller: inProcessBot(engine.bots.Demo, "Demo"),
    })),
  });
  return performance.now() - start;
}

console.log(
  `load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
if (process.argv.includes("--wasm")) {
  await nativeAgainstWasm();
  console.log(
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  process.exit(0);
}

/**
 * One match in a process of its own (`cpp-match.mjs`): its wall and CPU times and its report.
 * `before`: WebAssembly, played by the checkout `--wasm-before` names.
 */
function matchProcess(game, mode, file, seed) {
  const script = join(mode === "before" ? beforeRoot : root, "bench/cpp-match.mjs");
  const [side, count = "1"] = mode.endsWith(" batch") ? [mode.slice(0, -6), String(batch)] : [mode];
  const args = mode.startsWith("cli ")
    ? cliArguments(game, mode.slice(4), file, seed)
    : [script, game, side === "before" ? "wasm" : side, file, String(seed), count];
  const run = spawnSync("/usr/bin/time", ["-f", "%e %U %S", process.execPath, ...args], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${game} ${mode}: ${run.stderr}`);
  const [wall, user, system] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
  const inside = mode.startsWith("cli ") ? {} : JSON.parse(run.stdout.trim().split("\n").pop());
  return { wall: wall * 1000, cpu: (user + system) * 1000, ...inside };
}

/** `arena play` of the match `cpp-match.mjs` plays (`--cli`). */
function cliArguments(game, cpp, file, seed) {
  const maze = join(root, "..", "shared", "reference", "dragonball", "maze.cnf");
  const config = game === "dragonball" && existsSync(maze) ? ["--config", maze] : [];
  const bin = join(root, "packages/cli/dist/bin.js");
  return [
    bin,
    "play",
    game,
    file,
    file,
    file,
    file,
    "--cpp",
    cpp,
    "--seed",
    String(seed),
    ...config,
  ];
}

/** `--wasm`: native pipes against WebAssembly in-process, alternated, whole process, each game. */
async function nativeAgainstWasm() {
  const median = (list, key) =>
    quantile(
      list.map((m) => m[key]),
      0.5,
    );
  for (const { engine } of games) {
    const files = {
      Greedy: `${root}packages/${engine.name}/src/__fixtures__/cpp/AIGreedy.cc`,
      Null: nullFile,
    };
    // Compile both (or take them from the cache) before timing.
    for (const file of Object.values(files)) {
      await cppBot(engine, file);
      await wasmBot(engine, file);
    }
    const measured = {};
    const sides = [
      "native",
      "wasm",
      ...(beforeRoot !== undefined ? ["before"] : []),
      ...(viaCli ? ["cli native", "cli wasm"] : []),
      ...(batch !== undefined ? ["native batch", "wasm batch"] : []),
    ];
    for (let k = 0; k <= repeats; k++) {
      for (const [name, file] of Object.entries(files)) {
        // Each side first in turn.
        const order = sides.map((_, j) => sides[(j + k) % sides.length]);
        for (const mode of order) {
          const times = matchProcess(engine.name, mode, file, k + 1);
          if (k > 0) {
            const key = `${name} ${mode}`;
            measured[key] = [...(measured[key] ?? []), times];
          }
        }
      }
    }
    console.log(`${engine.title}: 4 C++ players, a process per match (medians of ${repeats})`);
    for (const name of Object.keys(files)) {
      const native = measured[`${name} native`];
      const wasm = measured[`${name} wasm`];
      const cpuRatio = median(native, "cpu") / median(wasm, "cpu");
      console.log(
        `  ${name.padEnd(6)} whole process CPU: native ${median(native, "cpu").toFixed(0)} ms, wasm ${median(wasm, "cpu").toFixed(0)} ms (native / wasm ${cpuRatio.toFixed(2)} ×); wall ${median(native, "wall").toFixed(0)} / ${median(wasm, "wall").toFixed(0)} ms`,
      );
      console.log(
        `         the players' own code: native ${median(native, "playersCpu").toFixed(1)} ms (their process), wasm ${median(wasm, "playersCpu").toFixed(1)} ms (their calls): wasm / native ${(median(wasm, "playersCpu") / median(native, "playersCpu")).toFixed(2)} ×; instructions of seat 0 ${median(
          wasm.map((m) => ({ n: m.instructions[0] })),
          "n",
        )}`,
      );
      reportBound(
        "one match",
        median(native, "cpu"),
        median(wasm, "cpu"),
        median(wasm, "playersCpu"),
      );
      if (batch !== undefined) reportBatch(name, measured, median);
    }
    if (beforeRoot !== undefined) reportBefore(measured, Object.keys(files), median);
    if (viaCli) {
      for (const name of Object.keys(files)) {
        const native = median(measured[`${name} cli native`], "cpu");
        const wasm = median(measured[`${name} cli wasm`], "cpu");
        console.log(
          `  ${name.padEnd(6)} arena play (the cli), whole process CPU: native ${native.toFixed(0)} ms, wasm ${wasm.toFixed(0)} ms (native / wasm ${(native / wasm).toFixed(2)} ×)`,
        );
      }
    }
    const play = (mode) =>
      median(measured[`Greedy ${mode}`], "playersCpu") -
      median(measured[`Null ${mode}`], "playersCpu");
    console.log(
      `  play() itself (Greedy less Null, the players' own code): native ${play("native").toFixed(1)} ms, wasm ${play("wasm").toFixed(1)} ms: wasm / native ${(play("wasm") / play("native")).toFixed(2)} ×`,
    );
  }
}

/**
 * The most WebAssembly could gain: native's CPU against wasm's less its players' calls (a player
 * that cost nothing). The calls' CPU is the process's during them (V8's threads included), so
 * this errs in WebAssembly's favour.
 */
function reportBound(what, native, wasm, wasmCalls) {
  console.log(
    `         ${what}: native / (wasm less its players' calls: ${(wasm - wasmCalls).toFixed(0)} ms) ${(native / (wasm - wasmCalls)).toFixed(2)} ×: the most WebAssembly could gain`,
  );
}

/** `--batch`: one match's cost in a batch of `batch`, start-up left out, both sides. */
function reportBatch(name, measured, median) {
  const perMatch = (side, key) =>
    (median(measured[`${name} ${side} batch`], key) - median(measured[`${name} ${side}`], key)) /
    (batch - 1);
  const native = perMatch("native", "cpu");
  const wasm = perMatch("wasm", "cpu");
  console.log(
    `         a match in a batch of ${batch}: native ${native.toFixed(1)} ms, wasm ${wasm.toFixed(1)} ms (native / wasm ${(native / wasm).toFixed(2)} ×); the players' own code native ${perMatch("native", "playersCpu").toFixed(1)} ms, wasm ${perMatch("wasm", "playersCpu").toFixed(1)} ms`,
  );
  reportBound(`a match in a batch of ${batch}`, native, wasm, perMatch("wasm", "playersCpu"));
}

/** `--wasm-before`: after against before, the same matches, and whether they counted the same. */
function reportBefore(measured, names, median) {
  for (const name of names) {
    const after = measured[`${name} wasm`];
    const before = measured[`${name} before`];
    const same = after.every(
      (m, k) => JSON.stringify(m.instructions) === JSON.stringify(before[k].instructions),
    );
    console.log(
      `  ${name.padEnd(6)} before: whole process ${median(before, "cpu").toFixed(0)} ms, players' calls ${median(before, "playersCpu").toFixed(1)} ms; before / after: whole ${(median(before, "cpu") / median(after, "cpu")).toFixed(2)} ×, players' calls ${(median(before, "playersCpu") / median(after, "playersCpu")).toFixed(2)} ×; instruction counts ${same ? "identical" : "DIFFERENT"} on every match`,
    );
  }
}

for (const { engine, rounds, original, goal, config = engine.defaultConfig() } of games) {
  const files = {
    Greedy: `${root}packages/${engine.name}/src/__fixtures__/cpp/AIGreedy.cc`,
    Null: nullFile,
  };
  // Compile (or take from the cache) before timing.
  for (const file of Object.values(files)) await cppBot(engine, file);
  // The reference and the C++ matches alternate, match by match, so that they share the
  // machine's load of the moment; the first round of each warms up.
  const reference = [];
  const measured = {};
  for (const name of Object.keys(files)) for (const mode of modes) measured[`${name} ${mode}`] = [];
  for (let k = 0; k <= repeats; k++) {
    const demo = await demoMatch(engine, config, k + 1);
    if (k > 0) reference.push(demo);
    for (const [name, file] of Object.entries(files)) {
      // Alternately shared first and per seat first.
      const order = k % 2 === 0 ? modes : [...modes].reverse();
      for (const mode of order) {
        const times = await cppMatch(engine, config, name, file, k + 1, mode);
        if (k > 0) measured[`${name} ${mode}`].push(times);
      }
    }
  }
  report(`${engine.title}, 4 built-in Demo in process (reference)`, reference, rounds);
  const walls = {};
  for (const [key, list] of Object.entries(measured)) {
    const [name, modeAndPlace] = key.split(" ");
    const [mode, placement] = modeAndPlace.split("/");
    const wall = list.map((m) => m.wall);
    walls[key] = quantile(wall, 0.5);
    const how = `${mode === "shared" ? "one process" : "a process per seat"}, ${placement === "one-cpu" ? `on CPU ${oneCpu} with arena's thread` : "on any CPU"}`;
    report(`${engine.title}, 4 C++ ${name} players (${how}), whole match`, wall, rounds);
    const cpuMedian = quantile(
      list.map((m) => m.total),
      0.5,
    );
    console.log(
      `  CPU time of the whole match (arena + the 4 players): median ${cpuMedian.toFixed(1)} ms, of which arena's (Node) ${quantile(
        list.map((m) => m.arena),
        0.5,
      ).toFixed(1)} ms`,
    );
    if (mode === "seat") {
      console.log(
        `  one process / a process per seat (medians, same moments): ${(walls[`${name} shared/${placement}`] / walls[key]).toFixed(2)}`,
      );
    }
    if (placement === "any-cpu" && placements.length === 2) {
      console.log(
        `  on one CPU / on any CPU (medians, same moments): ${(walls[`${name} ${mode}/one-cpu`] / walls[key]).toFixed(2)}`,
      );
    }
    if (name === "Greedy" && mode === "shared" && placement === placements[0]) {
      const met = (ms) => (ms <= goal ? "met" : "NOT met");
      console.log(
        `  original engine's whole process: ${original}; goal ≤ ${goal} ms: ${met(quantile(wall, 0.5))} by wall clock, ${met(cpuMedian)} by CPU time; C++ / built-in Demo (same moments): ${(quantile(wall, 0.5) / quantile(reference, 0.5)).toFixed(2)}`,
      );
    }
  }
}
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
