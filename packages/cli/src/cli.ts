// The whole `arena` command as one function: the entry of the bundle `dist/arena.cjs` that the
// launcher (`bin.ts`) runs, so the command loads one file instead of a hundred modules.
import { processIo } from "./io";
import { main } from "./main";

/**
 * Runs the cli with `argv` (without the node and script paths) on the process's real streams and
 * sets `process.exitCode` (0 success, 2 bad input, 1 an internal error).
 */
export async function run(argv: readonly string[]): Promise<void> {
  try {
    process.exitCode = await main(argv, processIo());
  } catch (error) {
    process.stderr.write(`arena: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  }
}
