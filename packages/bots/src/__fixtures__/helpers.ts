// Test helpers of the bots' tests: core's (temporary directories, the counter game's bonus, process
// checks), shared rather than copied, and `fixture`, which finds a file among these fixtures or,
// for the counter game and the module bots core's tests use too, among core's.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export {
  counterBonus,
  isRunning,
  removeTempDirs,
  stillRunning,
  tempDir,
  untilEmpty,
} from "../../../core/src/__fixtures__/helpers";

const own = new URL("./", import.meta.url);
const core = new URL("../../../core/src/__fixtures__/", import.meta.url);

/** File URL of a fixture file: the bots' own, else core's (`.`: the bots' fixture directory). */
export const fixtureUrl = (name: string): string => {
  const url = new URL(`./${name}`, own);
  return existsSync(fileURLToPath(url)) ? url.href : new URL(`./${name}`, core).href;
};

/** Absolute path of a fixture file (see `fixtureUrl`). */
export const fixture = (name: string): string => fileURLToPath(fixtureUrl(name));

/** The C++ compiler of the native players' tests (`ARENA_CXX`, else g++). */
export const compiler = process.env.ARENA_CXX ?? "g++";

/** Whether `compiler` runs here (the C++ tests skip without it). */
export const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;
