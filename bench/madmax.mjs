// Benchmark of @arena/madmax (build first: `pnpm build`).
//   node bench/madmax.mjs [repeats]
// A full default match (500 rounds) in-process, engine-level loop, 4×Demo and 4×Null. The
// original engine's whole process takes a median 0.19 s (4×Demo) and 0.25 s (4×Null) here.
import { engine } from "../packages/madmax/dist/index.js";
import { timeMatches } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 10);
for (const name of ["Demo", "Null"])
  timeMatches(
    engine,
    engine.defaultConfig(),
    name,
    repeats,
    500,
    `in-process, engine loop, 4×${name}`,
  );
