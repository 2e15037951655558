// Benchmark of @arena/dragonball (build first: `pnpm build`).
//   node bench/dragonball.mjs [repeats] [map.cnf]
// A 10 001-round match on maze.cnf (the reference map, when ../shared is beside the repository;
// otherwise the package's default map with 10 001 rounds) in-process with 4×Demo and 4×Null, and
// the whole `arena play dragonball` command. The original engine's whole process takes a median
// 0.50 s with 4×Demo on maze.cnf on this machine kind.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { engine } from "../packages/dragonball/dist/index.js";
import { report, timeMatches } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 10);
const root = fileURLToPath(new URL("..", import.meta.url));
const mapFile = process.argv[3] ?? `${root}../shared/reference/dragonball/maze.cnf`;
const config = existsSync(mapFile)
  ? engine.parseConfig(readFileSync(mapFile, "utf8"), mapFile)
  : { ...engine.defaultConfig(), params: { ...engine.defaultConfig().params, nb_rounds: 10001 } };
const label = existsSync(mapFile) ? "maze.cnf" : "default map";
for (const name of ["Demo", "Null"])
  timeMatches(
    engine,
    config,
    name,
    repeats,
    config.params.nb_rounds,
    `${label}, ${config.params.nb_rounds} rounds, in-process, 4×${name}`,
  );
const bin = `${root}packages/cli/dist/bin.js`;
if (existsSync(bin) && existsSync(mapFile)) {
  const times = [];
  for (let k = 0; k < Math.min(repeats, 5); k++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, [
      bin,
      "play",
      "dragonball",
      "--config",
      mapFile,
      "--seed",
      String(k + 1),
      "--quiet",
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    times.push(performance.now() - start);
  }
  report(`whole 'arena play dragonball' on ${label}, 4×Demo`, times, config.params.nb_rounds);
}
