import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built `arena` executable (tests that spawn it skip when it is not built). */
export const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

/** True when `dist/bin.js` exists. */
export const hasBin = existsSync(bin);

/** Runs the built cli with `args` in `cwd` (for tests about exit codes, stdout and signals). */
export function runBin(
  args: readonly string[],
  cwd: string,
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...options.env },
    ...(options.input !== undefined ? { input: options.input } : {}),
    timeout: 120_000,
  });
}
