// The build's cost: `turbo run build --force` (every package, no cache) a few times; prints the
// median wall time, the median CPU time of the whole build (all processes, so it does not depend
// on how busy the machine is) and each package's median type-declaration time as tsup reports it.
//   node bench/build.mjs [runs]   (default 3)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";
import { quantile } from "./lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const ticks = 100; // USER_HZ: /proc times are in 1/100 s on Linux

/** CPU seconds used by this process's waited-for children so far (Linux /proc). */
function childCpuSeconds() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  // After "pid (comm) ": state is field 3; cutime and cstime are fields 16 and 17.
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
const walls = [];
const cpus = [];
const dts = new Map();
for (let run = 0; run < runs; run++) {
  const cpuBefore = childCpuSeconds();
  const start = performance.now();
  const result = spawnSync(
    `${root}node_modules/.bin/turbo`,
    ["run", "build", "--force", "--output-logs=full", "--log-prefix=task"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PATH: `${root}node_modules/.bin${delimiter}${process.env.PATH}` },
    },
  );
  walls.push((performance.now() - start) / 1000);
  cpus.push(childCpuSeconds() - cpuBefore);
  if (result.status !== 0) {
    console.log(result.stdout, result.stderr);
    process.exit(1);
  }
  for (const match of result.stdout.matchAll(
    /(@arena\/[\w-]+):build: DTS .*Build success in (\d+)ms/g,
  )) {
    const times = dts.get(match[1]) ?? [];
    times.push(Number(match[2]) / 1000);
    dts.set(match[1], times);
  }
}
const s = (x) => `${x.toFixed(1)} s`;
console.log(
  `whole build (${runs} runs, no cache): median wall ${s(quantile(walls, 0.5))}, median CPU ${s(quantile(cpus, 0.5))}`,
);
for (const [name, times] of [...dts].sort())
  console.log(`  ${name.padEnd(26)} type declarations: median ${s(quantile(times, 0.5))} wall`);
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
