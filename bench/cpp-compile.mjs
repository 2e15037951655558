// Cold compiles of one C++ player (issue 42): the same student-style player (Money Heist's
// `AIGreedy.cc`) built from an empty cache — the kit's adapter, the player, the link — with each
// toolchain: g++ (native), Debian's clang for wasm32-wasi, @yowasp/clang (LLVM compiled to
// WebAssembly, run by Node). Each compile is a process of its own, timed whole (/usr/bin/time:
// wall, and the CPU of the process and its compilers); then a second build of the same player,
// a cache hit, which starts no compiler. The compilers run in their box (the default): its
// processes are reaped inside it, so their CPU is not in what /usr/bin/time reads from wait4; the
// CPU is then read from a cpuacct cgroup of the run's own (cgroup v1, as root) when one can be
// made, else the figure says it leaves the box out. Build first (`pnpm build`).
//   node bench/cpp-compile.mjs [repeats] [toolchain …]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const [repeatsText, ...chosen] = process.argv.slice(2);
const repeats = Number(repeatsText ?? 2);
const toolchains = chosen.length > 0 ? chosen : ["g++", "clang", "yowasp"];
const file = join(root, "packages/moneyheist/src/__fixtures__/cpp/AIGreedy.cc");

// The child: one build with `toolchain` into `cacheDir`, then the same again (a cache hit).
const child = `
import { buildCppPlayer, compileCppPlayer, wasmToolchain } from "${root}packages/bots/dist/index.js";
import { engine } from "${root}packages/moneyheist/dist/index.js";
const [toolchain, cacheDir] = process.argv.slice(1);
const build = () => toolchain === "g++"
  ? compileCppPlayer(engine.cpp, ${JSON.stringify(file)}, { cacheDir })
  : wasmToolchain(toolchain).then((t) => buildCppPlayer(t, engine.cpp, ${JSON.stringify(file)}, { cacheDir }));
let start = performance.now();
const cold = await build();
const coldMs = performance.now() - start;
start = performance.now();
const hit = await build();
console.log(JSON.stringify({ coldMs, cached: cold.cached, hitMs: performance.now() - start, hit: hit.cached }));
`;

// A cpuacct cgroup of this run (removed at the end), when the machine lets us make one.
const cgroupRoot = "/sys/fs/cgroup/cpuacct";
const cgroup = join(cgroupRoot, `arena-compile-bench-${process.pid}`);
let counted = false;
try {
  if (existsSync(join(cgroupRoot, "cpuacct.usage"))) {
    mkdirSync(cgroup);
    counted = true;
  }
} catch {
  counted = false;
}
const usageNs = () => Number(readFileSync(join(cgroup, "cpuacct.usage"), "utf8"));

console.log(
  `load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
try {
  compileAll();
} finally {
  // Empty once its processes have ended; a cgroup is removed with rmdir.
  if (counted) rmdirSync(cgroup);
}
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);

/** Each toolchain's cold builds, `repeats` times. */
function compileAll() {
  for (const toolchain of toolchains) {
    for (let k = 0; k < repeats; k++) {
      const cacheDir = mkdtempSync(join(tmpdir(), "arena-compile-bench-"));
      try {
        const timed = ["/usr/bin/time", "-f", "%e %U %S", process.execPath, "--input-type=module"];
        const argv = [...timed, "-e", child, toolchain, cacheDir];
        // In the cgroup from its first instruction: a shell that joins it, then becomes the run.
        const [program, ...args] = counted
          ? ["/bin/sh", "-c", `echo $$ > ${cgroup}/cgroup.procs && exec "$@"`, "sh", ...argv]
          : argv;
        const before = counted ? usageNs() : 0;
        const run = spawnSync(program, args, { encoding: "utf8" });
        if (run.status !== 0) throw new Error(`${toolchain}: ${run.stderr}`);
        const [wall, user, system] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
        const cpu = counted
          ? `${((usageNs() - before) / 1e9).toFixed(2)} s CPU with its compilers, boxed or not (cgroup); ${(user + system).toFixed(2)} s outside the box (wait4)`
          : `${(user + system).toFixed(2)} s CPU with its compilers outside a box (wait4: a boxed compiler's is not counted)`;
        const inside = JSON.parse(run.stdout.trim().split("\n").pop());
        console.log(
          `${toolchain.padEnd(7)} cold build ${(inside.coldMs / 1000).toFixed(2)} s (the whole process ${wall.toFixed(2)} s wall, ${cpu}); cache hit ${inside.hitMs.toFixed(1)} ms${inside.hit ? "" : " (NOT a hit)"}`,
        );
      } finally {
        rmSync(cacheDir, { recursive: true, force: true });
      }
    }
  }
}
