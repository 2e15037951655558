// The whole `arena play <game> Null Null Null Null --out FILE` process, as a user runs it: CPU
// seconds (user + system, from GNU time) and peak RSS, medians of N runs, for the five configs of
// issue 16, next to the original engines' whole-process figures quoted there (measured on this
// machine kind; the originals are not available here, so the ratio is what to read). Then the
// replay size against the gzipped `.res` of the same match. Needs `pnpm build` and /usr/bin/time;
// the Mad Max Revisited and Bola de Drac configs come from ../shared/reference.
//   node bench/play-process.mjs [runs]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { quantile } from "./lib.mjs";

const runs = Number(process.argv[2] ?? 7);
const root = fileURLToPath(new URL("..", import.meta.url));
const reference = `${root}../shared/reference`;
const bin = `${root}packages/cli/dist/bin.js`;
const time = "/usr/bin/time";
if (!existsSync(time)) {
  console.log("bench/play-process.mjs needs GNU time at /usr/bin/time (apt-get install time)");
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "arena-bench-play-"));

/** The configs of issue 16 with the original engine's whole-process CPU seconds quoted there. */
const configs = [
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

/** Runs `arena play` once under GNU time; returns CPU seconds and peak RSS in MiB. */
function playOnce(c, seed, extra = []) {
  const args = [
    "-f",
    "%U %S %M",
    process.execPath,
    bin,
    "play",
    c.game,
    "Null",
    "Null",
    "Null",
    "Null",
    "--seed",
    String(seed),
    "--out",
    join(dir, "m.arena"),
    "--quiet",
    ...(c.config ? ["--config", c.config] : []),
    ...(c.variant ? ["--variant", c.variant] : []),
    ...extra,
  ];
  const run = spawnSync(time, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${c.label}: ${run.stderr}`);
  const [user, system, rssKib] = run.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { cpu: user + system, rss: rssKib / 1024 };
}

console.log(`whole 'arena play <game> Null×4 --out' process, medians of ${runs} runs`);
console.log(
  `${"game (config, rounds)".padEnd(38)} ${"original".padStart(9)} ${"arena".padStart(8)} ${"ratio".padStart(6)} ${"peak RSS".padStart(9)}`,
);
for (const c of configs) {
  if (c.config && !existsSync(c.config)) {
    console.log(`${c.label.padEnd(38)} skipped: ${c.config} is absent`);
    continue;
  }
  playOnce(c, 999); // warm the file cache
  const cpu = [];
  const rss = [];
  for (let k = 0; k < runs; k++) {
    const { cpu: seconds, rss: mib } = playOnce(c, k + 1);
    cpu.push(seconds);
    rss.push(mib);
  }
  const median = quantile(cpu, 0.5);
  console.log(
    `${c.label.padEnd(38)} ${`${c.original.toFixed(3)} s`.padStart(9)} ${`${median.toFixed(3)} s`.padStart(8)} ${(median / c.original).toFixed(2).padStart(6)} ${`${quantile(rss, 0.5).toFixed(1)} MiB`.padStart(9)}`,
  );
}

console.log("\nreplay size against the gzipped (level 9) .res of the same match, seed 1");
for (const c of configs) {
  if (c.config && !existsSync(c.config)) continue;
  for (const bot of ["Demo", "Null"]) {
    const res = join(dir, "m.res");
    const args = [bin, "play", c.game, bot, bot, bot, bot, "--seed", "1"];
    args.push("--out", join(dir, "m.arena"), "--res", res, "--quiet");
    if (c.config) args.push("--config", c.config);
    if (c.variant) args.push("--variant", c.variant);
    const run = spawnSync(process.execPath, args, { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${c.label}: ${run.stderr}`);
    const replay = statSync(join(dir, "m.arena")).size;
    const gzipped = gzipSync(readFileSync(res), { level: 9 }).length;
    console.log(
      `${c.label.padEnd(38)} 4×${bot}  replay ${String(replay).padStart(7)} B  .res.gz ${String(gzipped).padStart(7)} B  ratio ${(replay / gzipped).toFixed(3)}`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
