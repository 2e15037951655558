// The whole `arena play <game> Null Null Null Null --out FILE` process, as a user runs it: CPU
// seconds (user + system, from the process's rusage) and peak RSS, medians of N runs, for the
// five configs of issue 16, next to the original engines' whole-process figures quoted there (measured on this
// machine kind; the originals are not available here, so the ratio is what to read). Then the
// replay size against the gzipped `.res` of the same match. Needs `pnpm build` and python3;
// the Mad Max Revisited and Bola de Drac configs come from ../shared/reference.
// `--before other/bin.js` runs a second build of the cli (e.g. an older commit's) side by side:
// the two alternate run by run, so machine noise hits both alike. Bare `node -e 0` is measured
// too (Node's own start-up, the floor of any `arena` command). The launcher's code cache goes to
// a fresh directory, written by the warm-up run of each config (what every run after a user's
// first one of that command and game sees).
// `--only TEXT` keeps the configs whose label contains TEXT (e.g. `--only demo.cnf`).
//   node bench/play-process.mjs [runs] [--before other/bin.js] [--only TEXT]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { quantile } from "./lib.mjs";

const { values, positionals } = parseArgs({
  options: { before: { type: "string" }, only: { type: "string" } },
  allowPositionals: true,
});
const runs = Number(positionals[0] ?? 7);
const root = fileURLToPath(new URL("..", import.meta.url));
const reference = `${root}../shared/reference`;
const bin = `${root}packages/cli/dist/bin.js`;
const before = values.before === undefined ? undefined : resolve(values.before);
if (spawnSync("python3", ["-c", "0"]).status !== 0) {
  console.log("bench/play-process.mjs needs python3 (its os.wait4 gives the rusage of a process)");
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "arena-bench-play-"));
const env = { ...process.env, ARENA_CACHE_DIR: join(dir, "cache") };

/** The configs of issue 16 with the original engine's whole-process CPU seconds quoted there. */
const allConfigs = [
  { label: "Money Heist (default, 200)", game: "moneyheist", original: 0.147 },
  { label: "Mad Max (default, 500)", game: "madmax", original: 0.353 },
  {
    label: "Mad Max Revisited (default.cnf, 300)",
    game: "madmax-revisited",
    config: `${reference}/madmax-revisited/default.cnf`,
    original: 0.066,
  },
  {
    label: "Bola de Drac 2012 (maze.cnf, 10 001)",
    game: "dragonball",
    config: `${reference}/dragonball/maze.cnf`,
    variant: "2012",
    original: 1.219,
  },
  {
    label: "Bola de Drac 2012 (demo.cnf, 601)",
    game: "dragonball",
    config: `${reference}/dragonball/demo.cnf`,
    variant: "2012",
    original: 0.083,
  },
];
const configs = allConfigs.filter(
  (c) => values.only === undefined || c.label.includes(values.only),
);

// GNU time counts in 10 ms ticks; Python's os.wait4 gives the child's rusage in microseconds.
const waiter = `import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, ru = os.wait4(p.pid, 0)
if status != 0: sys.stderr.write(err.decode()); sys.exit(1)
print(ru.ru_utime + ru.ru_stime, ru.ru_maxrss)`;

/** Runs a command; returns its CPU seconds (user + system) and peak RSS in MiB. */
function timed(command, label) {
  const run = spawnSync("python3", ["-c", waiter, ...command], { encoding: "utf8", env });
  if (run.status !== 0) throw new Error(`${label}: ${run.stderr}`);
  const [cpu, rssKib] = run.stdout.trim().split(" ").map(Number);
  return { cpu, rss: rssKib / 1024 };
}

/** Runs `arena play` (the build `cli`) once under GNU time; returns CPU seconds and peak RSS. */
function playOnce(c, seed, cli = bin) {
  const args = [process.execPath, cli, "play", c.game, "Null", "Null", "Null", "Null"];
  args.push("--seed", String(seed), "--out", join(dir, "m.arena"), "--quiet");
  if (c.config) args.push("--config", c.config);
  if (c.variant) args.push("--variant", c.variant);
  return timed(args, c.label);
}

const seconds = (value) => `${value.toFixed(3)} s`;

console.log(
  `whole 'arena play <game> Null×4 --out' process, CPU (user + system), medians of ${runs} runs, load average ${loadavg()[0].toFixed(1)}`,
);
const bare = [];
for (let k = 0; k < runs; k++) bare.push(timed([process.execPath, "-e", "0"], "node -e 0").cpu);
console.log(`bare 'node -e 0': ${seconds(quantile(bare, 0.5))}`);
const heading = `${"arena".padStart(8)} ${"ratio".padStart(6)} ${"peak RSS".padStart(9)}`;
console.log(
  `${"game (config, rounds)".padEnd(38)} ${"original".padStart(9)} ${heading}${before ? `  before: ${heading}` : ""}`,
);
for (const c of configs) {
  if (c.config && !existsSync(c.config)) {
    console.log(`${c.label.padEnd(38)} skipped: ${c.config} is absent`);
    continue;
  }
  playOnce(c, 999); // warm the file cache and write the code cache
  if (before) playOnce(c, 999, before);
  const builds = before ? [bin, before] : [bin];
  const samples = builds.map(() => ({ cpu: [], rss: [] }));
  for (let k = 0; k < runs; k++) {
    builds.forEach((cli, i) => {
      const { cpu, rss } = playOnce(c, k + 1, cli);
      samples[i].cpu.push(cpu);
      samples[i].rss.push(rss);
    });
  }
  const columns = ({ cpu, rss }) => {
    const median = quantile(cpu, 0.5);
    return `${seconds(median).padStart(8)} ${(median / c.original).toFixed(2).padStart(6)} ${`${quantile(rss, 0.5).toFixed(1)} MiB`.padStart(9)}`;
  };
  console.log(
    `${c.label.padEnd(38)} ${seconds(c.original).padStart(9)} ${samples.map(columns).join("          ")}`,
  );
}
console.log(`load average at the end ${loadavg()[0].toFixed(1)}`);

console.log("\nreplay size against the gzipped (level 9) .res of the same match, seed 1");
for (const c of configs) {
  if (c.config && !existsSync(c.config)) continue;
  for (const bot of ["Demo", "Null"]) {
    const res = join(dir, "m.res");
    const args = [bin, "play", c.game, bot, bot, bot, bot, "--seed", "1"];
    args.push("--out", join(dir, "m.arena"), "--res", res, "--quiet");
    if (c.config) args.push("--config", c.config);
    if (c.variant) args.push("--variant", c.variant);
    const run = spawnSync(process.execPath, args, { encoding: "utf8", env });
    if (run.status !== 0) throw new Error(`${c.label}: ${run.stderr}`);
    const replay = statSync(join(dir, "m.arena")).size;
    const gzipped = gzipSync(readFileSync(res), { level: 9 }).length;
    console.log(
      `${c.label.padEnd(38)} 4×${bot}  replay ${String(replay).padStart(7)} B  .res.gz ${String(gzipped).padStart(7)} B  ratio ${(replay / gzipped).toFixed(3)}`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
