// Start-up cost of the `arena` command, whole process: CPU seconds (user + system) and peak
// memory of `arena --version` and of a short match written to a replay, with bare `node -e 0`
// alongside, medians of several runs (the commands alternate so that machine noise hits all alike).
//   node bench/cli-startup.mjs [--runs N] [--bin dist/bin.js] [--before other/bin.js]
// `--before` times a second build of the cli (e.g. an older commit's) in the same run. The match
// runs with the launcher's code cache (in a fresh directory, written by the warm-up run) and
// without it (`ARENA_CODE_CACHE=0`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    bin: {
      type: "string",
      default: fileURLToPath(new URL("../packages/cli/dist/bin.js", import.meta.url)),
    },
    before: { type: "string" },
  },
});
const runs = Number(values.runs);
const dir = mkdtempSync(join(tmpdir(), "arena-startup-"));
const cacheEnv = { ...process.env, ARENA_CACHE_DIR: join(dir, "cache") };

// GNU time counts in 10 ms ticks; Python's os.wait4 gives the child's rusage in microseconds.
const waiter = `import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, ru = os.wait4(p.pid, 0)
if status != 0: sys.stderr.write(err.decode()); sys.exit(1)
print(ru.ru_utime + ru.ru_stime, ru.ru_maxrss)`;

/** CPU seconds (user + system) and peak RSS (MiB) of one run of `node args…`. */
function measure(args, env = cacheEnv) {
  const run = spawnSync("python3", ["-c", waiter, process.execPath, ...args], {
    cwd: dir,
    encoding: "utf8",
    env,
  });
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${run.stderr}`);
  const [cpu, kib] = run.stdout.trim().split(" ").map(Number);
  return { cpu, memory: kib / 1024 };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const noCache = { ...cacheEnv, ARENA_CODE_CACHE: "0" };
const cases = [["node -e 0", ["-e", "0"]]];
for (const [label, bin] of [
  ["", resolve(values.bin)],
  ...(values.before ? [["before: ", resolve(values.before)]] : []),
]) {
  const play = [bin, "play", "moneyheist", "Null", "Null", "Null", "Null", "--out", "x.arena"];
  cases.push([`${label}arena --version`, [bin, "--version"]]);
  cases.push([`${label}arena play moneyheist Null×4 --out`, [...play, "--quiet"]]);
  if (label === "") {
    cases.push([`${label}same, no code cache`, [...play, "--quiet"], noCache]);
  }
}
const samples = cases.map(() => ({ cpu: [], memory: [] }));
for (const [, args, env] of cases) measure(args, env); // warm the file and code caches
for (let k = 0; k < runs; k++) {
  cases.forEach(([, args, env], i) => {
    const { cpu, memory } = measure(args, env);
    samples[i].cpu.push(cpu);
    samples[i].memory.push(memory);
  });
}
rmSync(dir, { recursive: true, force: true });
console.log(`medians of ${runs} runs, whole process (rusage: user + system CPU, peak RSS)`);
cases.forEach(([label], i) => {
  console.log(
    `${label.padEnd(48)} ${median(samples[i].cpu).toFixed(3)} s CPU  ${median(samples[i].memory).toFixed(1).padStart(5)} MiB`,
  );
});
