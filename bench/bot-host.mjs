// What a module bot's own process (the bot host, the default for `arena play <game> ./bot.mjs`)
// costs per match: the whole `arena play` process tree's CPU (user + system, the host included:
// it is reaped by arena), medians of N runs, with an empty bot (`play() {}`) and with a bot that
// plays the game's Demo (a bot importing its game's package), against the same match with four
// built-in bots in-process. The difference is the host's cost: its Node start under the
// permission model, loading the engine and the bot, its replica of the match and the messages.
// `--before other/packages/cli/bin/arena.js` runs a second build (e.g. a copy of an older commit's
// tree) side by side: the two alternate run by run, so machine noise hits both alike.
// Needs `pnpm build` and python3.
//   node bench/bot-host.mjs [runs] [--before other/bin.js] [--game moneyheist]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { quantile } from "./lib.mjs";

const { values, positionals } = parseArgs({
  options: { before: { type: "string" }, game: { type: "string" } },
  allowPositionals: true,
});
const runs = Number(positionals[0] ?? 7);
const game = values.game ?? "moneyheist";
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = `${root}packages/cli/bin/arena.js`;
const before = values.before === undefined ? undefined : resolve(values.before);
if (spawnSync("python3", ["-c", "0"]).status !== 0) {
  console.log("bench/bot-host.mjs needs python3 (its os.wait4 gives the rusage of a process)");
  process.exit(0);
}

// The bots live in a folder of their own, with the game's package linked in its node_modules
// (as in a starter made by `arena new`), so that the Demo bot can import it.
const dir = mkdtempSync(join(tmpdir(), "arena-bench-host-"));
const link = (cliBin) => {
  const folder = join(dir, cliBin === bin ? "after" : "before");
  const modules = join(folder, "node_modules", "@arena");
  spawnSync("mkdir", ["-p", modules]);
  symlinkSync(resolve(cliBin, "../../../", game), join(modules, game));
  writeFileSync(join(folder, "empty.mjs"), "export default class { play() {} }\n");
  writeFileSync(
    join(folder, "demo.mjs"),
    `import { engine } from "@arena/${game}";\nexport default engine.bots.Demo;\n`,
  );
  return folder;
};
const folders = new Map([[bin, link(bin)]]);
if (before) folders.set(before, link(before));

// Python's os.wait4 gives the rusage of the process and of its reaped children, in microseconds.
const waiter = `import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, ru = os.wait4(p.pid, 0)
if status != 0: sys.stderr.write(err.decode()); sys.exit(1)
print(ru.ru_utime + ru.ru_stime)`;

/** CPU seconds of one `arena play` with `bots`, run in the build's bot folder. */
function play(cli, bots, seed) {
  const args = [process.execPath, cli, "play", game, ...bots, "--seed", String(seed), "--quiet"];
  const run = spawnSync("python3", ["-c", waiter, ...args], {
    encoding: "utf8",
    cwd: folders.get(cli),
  });
  if (run.status !== 0) throw new Error(`${bots.join(" ")}: ${run.stderr}`);
  return Number(run.stdout.trim());
}

const lineups = [
  { label: "4 built-in Null, in-process", bots: ["Null", "Null", "Null", "Null"] },
  { label: "empty module bot + 3 Null", bots: ["./empty.mjs", "Null", "Null", "Null"] },
  { label: "Demo module bot + 3 Null", bots: ["./demo.mjs", "Null", "Null", "Null"] },
];
const builds = before ? [bin, before] : [bin];
console.log(
  `whole 'arena play ${game} …' process tree, CPU (user + system) in s, medians of ${runs} runs, load average ${loadavg()[0].toFixed(1)}`,
);
const samples = lineups.map(() => builds.map(() => []));
for (const cli of builds) for (const lineup of lineups) play(cli, lineup.bots, 999); // warm-up
for (let k = 0; k < runs; k++) {
  lineups.forEach((lineup, l) => {
    builds.forEach((cli, b) => {
      samples[l][b].push(play(cli, lineup.bots, k + 1));
    });
  });
}
const medians = samples.map((perBuild) => perBuild.map((cpu) => quantile(cpu, 0.5)));
const header = before ? `${"after".padStart(8)} ${"before".padStart(8)}  after/before` : "";
console.log(`${"line-up".padEnd(30)} ${header}`);
lineups.forEach((lineup, l) => {
  const [after, was] = medians[l];
  const ratio = was === undefined ? "" : `  ${(after / was).toFixed(2)}`;
  console.log(
    `${lineup.label.padEnd(30)} ${after.toFixed(3).padStart(8)} ${was === undefined ? "" : was.toFixed(3).padStart(8)}${ratio}`,
  );
});
// The host's own cost: the match with a module bot less the match with built-ins only.
for (const l of [1, 2]) {
  const extra = medians[l].map((m, b) => m - medians[0][b]);
  const ratio = extra[1] === undefined ? "" : `  ${(extra[0] / extra[1]).toFixed(2)}`;
  console.log(
    `${`host cost (${lineups[l].label.split(" ")[0]} bot)`.padEnd(30)} ${extra[0].toFixed(3).padStart(8)} ${extra[1] === undefined ? "" : extra[1].toFixed(3).padStart(8)}${ratio}`,
  );
}
console.log(`load average at the end ${loadavg()[0].toFixed(1)}`);
rmSync(dir, { recursive: true, force: true });
